/**
 * The names of every cached read, in one module with no other imports, so the table of what each pushed
 * event refreshes (refresh-table.ts) can name them without loading the features. A key is a prefix of the
 * keys below it: refreshing `customerKeys.lists()` refreshes every page of every list.
 */

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => ['customers', 'list'] as const,
  list: <Query extends object>(query: Query) => ['customers', 'list', query] as const,
  details: () => ['customers', 'detail'] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  notes: (id: string) => ['customers', 'notes', id] as const,
  eventLogs: () => ['customers', 'events'] as const,
  eventLog: (userId: string) => ['customers', 'events', userId] as const,
  histories: () => ['customers', 'history'] as const,
  history: (id: string, query?: { offset: number; limit: number; type?: string }) =>
    query ? (['customers', 'history', id, query] as const) : (['customers', 'history', id] as const),
};

export const staffUserKeys = {
  brokers: ['users', 'brokers'] as const,
  assistants: ['users', 'assistants'] as const,
};

/** The team page: staff and the history of changes to their accounts. */
export const teamKeys = {
  all: ['team'] as const,
  members: () => ['team', 'members'] as const,
  history: (offset: number) => ['team', 'history', offset] as const,
};

/** The brokerage's details, as principal brokers keep them. */
export const brokerageKey = ['brokerage'] as const;

/** The signed-in customer's own client view (form codes, steps, broker). */
export const ownProfileKey = ['customers', 'me'] as const;

/** The roadmap steps of the signed-in customer, as the server displays them. */
export const roadmapStepsKey = [...ownProfileKey, 'steps'] as const;

/** The signed-in customer's mortgage team, shared by the header and the roadmap. */
export const curatorsKey = ['customers', 'curators'] as const;

/** Everything of a client's documents sits under `documentKeys.customer(id)`. */
export const documentKeys = {
  all: ['documents'] as const,
  templates: () => ['documents', 'templates'] as const,
  customer: (customerId: string) => ['documents', 'customer', customerId] as const,
  forms: (customerId: string) => ['documents', 'customer', customerId, 'form'] as const,
  form: (customerId: string, code: string) => ['documents', 'customer', customerId, 'form', code] as const,
  histories: (customerId: string) => ['documents', 'customer', customerId, 'history'] as const,
  history: (customerId: string, code: string) =>
    ['documents', 'customer', customerId, 'history', code] as const,
};

/** The lawyers a client may pick; everything about one client sits under its id. */
export const lawyerKeys = {
  all: ['lawyers'] as const,
  customer: (customerId: string) => ['lawyers', customerId] as const,
  list: (customerId: string, search: string) => ['lawyers', customerId, 'list', search] as const,
};

export const appraiserKeys = {
  all: ['appraisers'] as const,
  banks: () => ['appraisers', 'banks'] as const,
  customer: (customerId: string) => ['appraisers', customerId] as const,
  list: (customerId: string, filters: { location: string; bank: string }) =>
    ['appraisers', customerId, 'list', filters] as const,
};

/** A client's document reminders: next time, paused or not, what is missing. */
export const reminderKeys = {
  customer: (id: string) => ['customers', 'reminders', id] as const,
};

/** The header's badges: unread messages and the bell's updates. */
export const inboxKeys = {
  messages: ['inbox', 'messages'] as const,
  updates: ['inbox', 'updates'] as const,
};

/** The Pipeline page's figures, per broker filter ('' for the whole brokerage). */
export const pipelineKeys = {
  all: ['pipeline'] as const,
  figures: (broker: string) => ['pipeline', broker] as const,
};
