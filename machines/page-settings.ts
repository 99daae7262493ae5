import type { BrokerageSettings } from './brokerage.js';

/**
 * Settings the server writes into every page it serves, as a JSON data block: a data block is not run, so the
 * Content-Security-Policy needs no inline-script permission for it.
 */
export const PAGE_SETTINGS_ELEMENT_ID = 'homeward-settings';

export interface PageSettings {
  /** The external mortgage application form the roadmap opens. */
  mortgageApplicationUrl?: string;
  /** The brokerage's details for the public pages' header, footer, contacts and legal information. */
  brokerage?: BrokerageSettings;
}
