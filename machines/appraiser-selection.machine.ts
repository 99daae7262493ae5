import { assign, fromPromise, setup } from 'xstate';

export const NO_APPRAISERS_SELECTED = 'No appraisers selected. Select one or more appraisers.';

export interface AppraiserSelectionContext {
  selected: string[];
  bank: string;
  location: string;
  error: string | null;
}

export type AppraiserSelectionEvent =
  | { type: 'TOGGLE'; id: string }
  | { type: 'SELECT_ALL'; ids: string[] }
  | { type: 'CLEAR' }
  | { type: 'FILTER'; bank?: string; location?: string }
  | { type: 'REVIEW' }
  | { type: 'BACK' }
  | { type: 'SEND' };

/**
 * The staff appraiser dashboard and quote request: choose appraisers (kept across reloads by the caller),
 * review the request, send it. The send is an actor the client provides; the server checks the same rule.
 */
export const appraiserSelectionMachine = setup({
  types: {
    context: {} as AppraiserSelectionContext,
    events: {} as AppraiserSelectionEvent,
    input: {} as Partial<AppraiserSelectionContext> | undefined,
  },
  actors: {
    sendQuoteRequest: fromPromise<void, { appraiserIds: string[] }>(async () => {
      throw new Error('sendQuoteRequest must be provided');
    }),
  },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    toggle: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'TOGGLE') return context.selected;
        return context.selected.includes(event.id)
          ? context.selected.filter((id) => id !== event.id)
          : [...context.selected, event.id];
      },
    }),
    selectAll: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'SELECT_ALL') return context.selected;
        const all = event.ids.every((id) => context.selected.includes(id));
        return all
          ? context.selected.filter((id) => !event.ids.includes(id))
          : [...new Set([...context.selected, ...event.ids])];
      },
    }),
    clear: assign({ selected: [], error: null }),
    filter: assign(({ context, event }) =>
      event.type === 'FILTER'
        ? { bank: event.bank ?? context.bank, location: event.location ?? context.location }
        : {},
    ),
    refuseEmpty: assign({ error: NO_APPRAISERS_SELECTED }),
    forgetError: assign({ error: null }),
  },
}).createMachine({
  id: 'appraiserSelection',
  context: ({ input }) => ({ selected: [], bank: '', location: '', error: null, ...input }),
  initial: 'selecting',
  states: {
    selecting: {
      on: {
        TOGGLE: { actions: ['toggle', 'forgetError'] },
        SELECT_ALL: { actions: ['selectAll', 'forgetError'] },
        CLEAR: { actions: 'clear' },
        FILTER: { actions: 'filter' },
        REVIEW: [{ target: 'reviewing', guard: 'hasSelection' }, { actions: 'refuseEmpty' }],
      },
    },
    reviewing: {
      always: { target: 'selecting', guard: ({ context }) => context.selected.length === 0 },
      on: {
        BACK: 'selecting',
        SEND: [
          { target: 'sending', guard: 'hasSelection' },
          { target: 'selecting', actions: 'refuseEmpty' },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'sendQuoteRequest',
        input: ({ context }) => ({ appraiserIds: context.selected }),
        onDone: { target: 'sent', actions: 'clear' },
        onError: {
          target: 'reviewing',
          actions: assign({ error: ({ event }) => (event.error as Error).message }),
        },
      },
    },
    sent: {
      on: {
        TOGGLE: { target: 'selecting', actions: 'toggle' },
        SELECT_ALL: { target: 'selecting', actions: 'selectAll' },
      },
    },
  },
});
