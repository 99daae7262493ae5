/** A lawyer as the core service answers it (spec section 3). */
export interface Lawyer {
  id: string;
  first_name: string;
  last_name: string;
  /** '1' followed by 10 digits. */
  phone_number: string;
  email: string;
  company: string;
  address_line: string;
  is_trusted_partner: boolean;
  /** Kept by the brokerage: cannot be edited from a client's file. */
  is_internal: boolean;
}

/** The customer's own lawyer, as sent: every field required, phone '1' followed by 10 digits. */
export type OwnLawyerPayload = {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  company: string;
  address_line: string;
};

/** What was picked on the add step, waiting for the client's details before it is sent. */
export type LawyerChoice = { kind: 'trusted'; lawyer: Lawyer } | { kind: 'own'; lawyer: OwnLawyerPayload };
