import type { Page } from 'playwright-core';

/** Who looks at a screen: a visitor, or a demo account signed in through the sign-in form. */
export type Role = 'visitor' | 'customer' | 'principal broker' | 'broker' | 'assistant';
export type Account = Exclude<Role, 'visitor'>;

export const DEMO_PASSWORD = 'Demo#2026pass';

/** The ten digits the sign-in form takes, of each demo account. */
export const DEMO_PHONES: Record<Account, string> = {
  customer: '4165550103',
  'principal broker': '4165550100',
  broker: '4165550101',
  assistant: '4165550102',
};

/** What the audit adds to the demo data: the demo customer's sent form, with one file uploaded to it. */
export interface DemoWorld {
  clientId: string;
  clientName: string;
  code: string;
  fileName: string;
}

export type Viewport = 'desktop' | 'phone';
export const VIEWPORT_SIZES: Record<Viewport, { width: number; height: number }> = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
};

export interface Screen {
  role: Role;
  name: string;
  path: (world: DemoWorld) => string;
  /** Opens the menu or popup the screen is about, on the page at `path`. */
  open?: (page: Page, world: DemoWorld) => Promise<void>;
  /** Where to look once it is open, when that is all that is new: the page under it is a screen too. */
  within?: string;
  viewports: readonly Viewport[];
}

type Open = NonNullable<Screen['open']>;

// A page is laid out differently on phones; a menu or popup is the same on both, and the header's menus
// exist on one of them only.
const page = (role: Role, name: string, path: Screen['path']): Screen => ({
  role,
  name,
  path,
  viewports: ['desktop', 'phone'],
});
const popup = (
  role: Role,
  name: string,
  path: Screen['path'],
  open: Open,
  viewport: Viewport = 'desktop',
  within = '[role=dialog], [role=menu]',
): Screen => ({ role, name, path, open, within, viewports: [viewport] });
/** A part of the page that opens in place, among what was there. */
const unfolded = (role: Role, name: string, path: Screen['path'], open: Open): Screen => ({
  role,
  name,
  path,
  open,
  viewports: ['desktop'],
});

const click =
  (role: 'button' | 'menuitem' | 'link', name: string | RegExp, then?: Open): Open =>
  async (on, world) => {
    await on.getByRole(role, { name }).first().click();
    await then?.(on, world);
  };
const userMenu = click('button', 'User menu');
const changePassword = click('button', 'User menu', click('menuitem', 'Change password'));
const secondFactor = click('button', 'User menu', click('menuitem', 'Two-factor sign-in'));
const brokerCodes = click('button', 'User menu', click('menuitem', 'Broker codes'));
const messages = click('button', /^Messages/);
const notifications = click('button', /^Notifications/);
const phoneMenu = click('button', 'Open menu');
const PHONE_MENU = '#phone-menu';
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fileChat: Open = (on, world) =>
  click('button', new RegExp(`^Comments to ${literally(world.fileName)}`))(on, world);
const fileStatus: Open = (on, world) =>
  click('button', new RegExp(`^Status of ${literally(world.fileName)}:`))(on, world);
const clientActions: Open = (on, world) => click('button', `Actions for ${world.clientName}`)(on, world);

const client =
  (path = '') =>
  (w: DemoWorld) =>
    `/client/${w.clientId}${path}`;
const form = (w: DemoWorld) => `/form/${w.code}`;

const VISITOR: Screen[] = [
  page('visitor', 'home', () => '/'),
  popup('visitor', 'home, phone menu', () => '/', phoneMenu, 'phone', PHONE_MENU),
  page('visitor', 'join', () => '/join'),
  page('visitor', 'contacts', () => '/contacts'),
  page('visitor', 'privacy policy', () => '/privacy'),
  page('visitor', 'legal information', () => '/legal-information'),
  page('visitor', 'page not found', () => '/no-such-page'),
  page('visitor', 'sign in', () => '/auth'),
  page('visitor', 'password reset', () => '/auth/reset'),
];

const CUSTOMER: Screen[] = [
  page('customer', 'roadmap', () => '/roadmap'),
  popup('customer', 'roadmap, user menu', () => '/roadmap', userMenu),
  popup('customer', 'roadmap, change password', () => '/roadmap', changePassword),
  popup('customer', 'roadmap, messages', () => '/roadmap', messages, 'desktop'),
  popup('customer', 'roadmap, notifications', () => '/roadmap', notifications, 'desktop'),
  popup('customer', 'roadmap, phone menu', () => '/roadmap', phoneMenu, 'phone', PHONE_MENU),
  page('customer', 'upload page', form),
  popup('customer', 'upload page, file chat', form, fileChat),
  page('customer', 'lawyer', () => '/lawyer/selected'),
  page('customer', 'lawyer, add', () => '/lawyer/add'),
  page('customer', 'lawyer, details', () => '/lawyer/details'),
  page('customer', 'appraiser', () => '/appraiser/selected'),
];

function staff(role: 'principal broker' | 'broker' | 'assistant'): Screen[] {
  const review = (w: DemoWorld) => `/client/${w.clientId}/form/${w.code}`;
  return [
    page(role, 'dashboard', () => '/dashboard'),
    page(role, 'pipeline', () => '/pipeline'),
    popup(role, 'dashboard, user menu', () => '/dashboard', userMenu),
    popup(role, 'dashboard, change password', () => '/dashboard', changePassword),
    popup(role, 'dashboard, two-factor sign-in', () => '/dashboard', secondFactor),
    popup(role, 'dashboard, messages', () => '/dashboard', messages, 'desktop'),
    popup(role, 'dashboard, notifications', () => '/dashboard', notifications, 'desktop'),
    ...(role === 'assistant'
      ? []
      : [popup(role, 'dashboard, broker codes', () => '/dashboard', brokerCodes)]),
    popup(role, 'dashboard, phone menu', () => '/dashboard', phoneMenu, 'phone', PHONE_MENU),
    unfolded(role, 'dashboard, new client', () => '/dashboard', click('button', 'Create new client')),
    unfolded(
      role,
      'dashboard, client details',
      () => '/dashboard',
      (on, w) => click('button', `Show details of ${w.clientName}`)(on, w),
    ),
    popup(role, 'dashboard, client actions', () => '/dashboard', clientActions),
    unfolded(
      role,
      'dashboard, client edit',
      () => '/dashboard',
      (on, w) => clientActions(on, w).then(() => click('menuitem', 'Edit client')(on, w)),
    ),
    popup(
      role,
      'dashboard, client notes',
      () => '/dashboard',
      (on, w) => click('button', `Notes of ${w.clientName}`)(on, w),
    ),
    popup(
      role,
      'dashboard, client delete',
      () => '/dashboard',
      (on, w) => clientActions(on, w).then(() => click('menuitem', 'Delete client')(on, w)),
    ),
    page(role, 'client', client()),
    page(role, 'event log', client('/logs')),
    page(role, 'form builder', client('/form/create')),
    page(role, 'form edit', (w) => `${review(w)}/edit`),
    page(role, 'documents review', review),
    popup(role, 'documents review, file status', review, fileStatus),
    popup(role, 'documents review, file chat', review, fileChat),
    page(role, 'lawyer', client('/lawyer/selected')),
    page(role, 'lawyer, add', client('/lawyer/add')),
    page(role, 'lawyer, details', client('/lawyer/details')),
    page(role, 'appraiser', client('/appraiser')),
    page(role, 'appraisers', client('/appraiser/dashboard')),
    page(role, 'appraiser, quote request', client('/appraiser/quote-request')),
    page(role, 'appraiser, details', client('/appraiser/details')),
  ];
}

/** What only principal brokers manage: the team and the brokerage's details. */
const PRINCIPAL: Screen[] = [
  page('principal broker', 'team', () => '/team'),
  popup('principal broker', 'team, invite', () => '/team', click('button', 'Invite a team member')),
  popup('principal broker', 'team, member actions', () => '/team', click('button', /^Actions for /)),
  page('principal broker', 'brokerage settings', () => '/settings'),
];

/** Every screen of every role: each page, and each menu and popup it opens. */
export const SCREENS: readonly Screen[] = [
  ...VISITOR,
  ...CUSTOMER,
  ...staff('principal broker'),
  ...PRINCIPAL,
  ...staff('broker'),
  ...staff('assistant'),
];

/**
 * The pages Lighthouse measures: what most visitors and customers load first, each with the most
 * JavaScript its first load with an empty cache may transfer.
 */
export const LIGHTHOUSE_PAGES: readonly {
  role: 'visitor' | 'customer';
  name: string;
  path: Screen['path'];
  scriptBudgetKB: number;
}[] = [
  { role: 'visitor', name: 'home', path: () => '/', scriptBudgetKB: 150 },
  { role: 'visitor', name: 'sign in', path: () => '/auth', scriptBudgetKB: 150 },
  { role: 'customer', name: 'roadmap', path: () => '/roadmap', scriptBudgetKB: 250 },
  { role: 'customer', name: 'upload page', path: form, scriptBudgetKB: 250 },
];
