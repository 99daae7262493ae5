/** What every measurement gets: the running product, who can sign in, and what the data set holds. */
export interface BenchContext {
  /** The product under test, e.g. http://127.0.0.1:3210 */
  baseUrl: string;
  /** The product's database, to see what background work it still owes. */
  databaseUrl: string;
  /** PID of the product's server process (to sample its memory). */
  serverPid: number;
  /** Access tokens, by who holds them. The principal broker sees every client. */
  tokens: { principal: string; broker: string; customer: string };
  /** The broker's own clients, and a customer's (the `customer` token's) form with its files. */
  brokerId: string;
  brokerClients: string[];
  customerForm: { customerId: string; code: string; fileIds: string[]; enabledField: string };
  /** Forms of the broker's clients, for chat and history pages. */
  brokerForms: { customerId: string; code: string; fileIds: string[] }[];
  /** Seconds per load measurement, and how many runs of each. */
  seconds: number;
  runs: number;
  /** Signs a staff member in again, for tests that need more sessions. */
  signIn(phone: string): Promise<string>;
  staffPassword: string;
  principalPhone: string;
  /** Prints a line of the bench's progress. */
  log(line: string): void;
  /** A scratch directory for files the bench writes. */
  scratchDir: string;
}
