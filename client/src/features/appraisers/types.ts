/** An appraiser as the core service answers it (spec section 3). */
export interface Appraiser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** '1' followed by 10 digits. */
  phone_number: string;
  locations: { name: string }[];
  banks: { name: string }[];
  /** When a quote request for this client last went to this appraiser. */
  sent_date: string | null;
  /** When this appraiser was added to this client. */
  assignation_date: string | null;
  /** What this client's latest quote request told the appraiser (staff only). */
  quote_request?: Omit<QuoteRequestPayload, 'appraiser_ids' | 'customer_id'> | null;
}

export interface Bank {
  id: string;
  name: string;
}

export const ACCESS_DETAILS = ['owner', 'tenant', 'realtor', 'lockbox', 'vacant'] as const;
export type AccessDetails = (typeof ACCESS_DETAILS)[number];
export const MORTGAGE_POSITIONS = ['first', 'second'] as const;
export type MortgagePosition = (typeof MORTGAGE_POSITIONS)[number];

export interface QuoteRequestPayload {
  appraiser_ids: string[];
  customer_id: string;
  typed_id: string;
  property_address: string;
  lender: string;
  mortgage_position: MortgagePosition;
  ltv: number;
  expected_value: number;
  /** YYYY-MM-DD */
  due_date: string;
  comment: string;
}

export interface AssignAppraiserPayload {
  customer_id: string;
  appraiser_id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** '1' followed by 10 digits. */
  phone_number: string;
  expected_value: number;
  address: string;
  /** YYYY-MM-DD */
  expected_date: string;
  access_details: AccessDetails;
  mortgage_position: MortgagePosition;
  lender: string;
  underwriter_email: string;
  underwriter_name: string;
  mortgage_number: string;
  notes: string;
}
