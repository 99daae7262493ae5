import { type BrokerageSettings, DEFAULT_BROKERAGE } from '@machines/brokerage';
import { PAGE_SETTINGS_ELEMENT_ID, type PageSettings } from '@machines/page-settings';

/** The settings the server wrote into the page; none when the development server served it. */
export function pageSettings(): PageSettings {
  const block = typeof document === 'undefined' ? null : document.getElementById(PAGE_SETTINGS_ELEMENT_ID);
  return block?.textContent ? (JSON.parse(block.textContent) as PageSettings) : {};
}

/** The brokerage's details the page was served with; the defaults on the development server. */
export function brokerage(): BrokerageSettings {
  return pageSettings().brokerage ?? DEFAULT_BROKERAGE;
}
