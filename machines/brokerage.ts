/**
 * The brokerage's own details, which the public pages, messages and links show. A principal broker keeps
 * them on the settings page; the server's environment only gives their values before the first change.
 */
export interface BrokerageSettings {
  name: string;
  licenceNumber: string;
  phone: string;
  fax: string;
  address: string;
  email: string;
  socialUrl: string;
  /** An IANA time zone, e.g. America/Toronto: when messages may be sent and dates are shown. */
  timeZone: string;
  /** The external mortgage application form the roadmap opens (the broker's code is added to it). */
  mortgageApplicationUrl: string;
  /** Every staff member signs in with a code from an authenticator app; those without one enrol first. */
  secondFactorRequired: boolean;
  /** Document reminders: days from the upload request to the first, days between them, how many at most. */
  reminderFirstDelayDays: number;
  reminderIntervalDays: number;
  reminderMaxCount: number;
}

/** The details before anyone sets them (the server's environment may give others). */
export const DEFAULT_BROKERAGE: BrokerageSettings = {
  name: 'Homeward Mortgage Brokerage Inc.',
  licenceNumber: '13742',
  phone: '14165550100',
  fax: '14165550199',
  address: '200 Bay Street, Suite 1800, Toronto, ON M5J 2J2',
  email: 'hello@homeward.example',
  socialUrl: 'https://www.linkedin.com/',
  timeZone: 'America/Toronto',
  mortgageApplicationUrl: 'https://apply.homeward.example/mortgage-application',
  secondFactorRequired: false,
  reminderFirstDelayDays: 2,
  reminderIntervalDays: 3,
  reminderMaxCount: 5,
};

export const BROKERAGE_FIELDS = [
  'name',
  'licenceNumber',
  'phone',
  'fax',
  'address',
  'email',
  'socialUrl',
  'timeZone',
  'mortgageApplicationUrl',
  'secondFactorRequired',
  'reminderFirstDelayDays',
  'reminderIntervalDays',
  'reminderMaxCount',
] as const satisfies readonly (keyof BrokerageSettings)[];

/** Whether the runtime knows a time zone by this name. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
