import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * A paged message feed, newest first on the server and shown oldest first: the notes of a client and the
 * comments of a file (spec section 7, 'Notes and chat paging').
 *
 * - Pages of 10, ordering '-created'. Page p starts at offset (p-1)*10 + correction, where the correction
 *   goes up by 1 for each message added at the head (sent here or pushed live) and down by 1 for each
 *   one deleted, so older pages stay aligned while the list changes.
 * - Older pages are prepended in chronological order; a message already shown is never repeated.
 * - A message is sent only with non-empty text (trimmed) or a file.
 * - Deleting a message that is not in the loaded list fails with 'Error while deleting message'.
 *
 * The calls are promise actors provided by the application (`loadPage`, `sendMessage`, `deleteMessage`).
 */

export const FEED_PAGE_SIZE = 10;
export const FEED_ORDERING = '-created';
export const DELETE_UNKNOWN_MESSAGE = 'Error while deleting message';

export type FeedId = string | number;

export interface FeedItem {
  id: FeedId;
}

export interface FeedPage<T> {
  /** Newest first, as the server answers. */
  items: T[];
  /** All messages in the feed. */
  count: number;
}

export interface FeedAttachment {
  size: number;
  name?: string;
}

export interface FeedMessage<A extends FeedAttachment = FeedAttachment> {
  text: string;
  file: A | null;
}

export interface FeedInput {
  pageSize?: number;
}

export interface FeedContext {
  /** Oldest first. */
  items: FeedItem[];
  pageSize: number;
  /** Pages loaded so far. */
  page: number;
  correction: number;
  /** The feed's total on the server, once known. */
  count: number | null;
  /** The last older page came back short: nothing older is left. */
  exhausted: boolean;
  /** A new message was announced while a page was loading: fetch the newest page when idle. */
  stale: boolean;
  deletingId: FeedId | null;
  error: unknown;
}

export type FeedEvent =
  | { type: 'LOAD_OLDER' }
  | { type: 'RETRY' }
  | { type: 'SEND'; text: string; file?: FeedAttachment | null }
  | { type: 'DELETE'; id: FeedId }
  /** Someone (possibly this user, elsewhere) added a message. */
  | { type: 'LIVE.ADDED' }
  /** A message was deleted elsewhere. */
  | { type: 'LIVE.DELETED'; id: FeedId };

export type FeedEmitted =
  | { type: 'sent'; item: FeedItem }
  | { type: 'sendFailed'; error: unknown }
  | { type: 'deleted'; id: FeedId }
  | { type: 'deleteFailed'; error: unknown };

/** The offset of page `page` (from 1). */
export function feedOffset(page: number, correction: number, pageSize: number = FEED_PAGE_SIZE): number {
  return Math.max(0, (page - 1) * pageSize + correction);
}

/** Puts an older page (newest first) before the loaded messages, oldest first, without repeats. */
export function prependOlder<T extends FeedItem>(items: T[], newestFirst: T[]): T[] {
  const known = new Set(items.map((item) => item.id));
  const older = newestFirst.filter((item) => !known.has(item.id)).reverse();
  return [...older, ...items];
}

/** Adds the messages of the newest page (newest first) that are not shown yet at the end. */
export function appendNewer<T extends FeedItem>(items: T[], newestFirst: T[]): { items: T[]; added: number } {
  const known = new Set(items.map((item) => item.id));
  const fresh = newestFirst.filter((item) => !known.has(item.id)).reverse();
  return { items: fresh.length ? [...items, ...fresh] : items, added: fresh.length };
}

/** What SEND carries once trimmed, or null when there is nothing to send. */
export function messageToSend<A extends FeedAttachment>(
  text: string,
  file?: A | null,
): FeedMessage<A> | null {
  const trimmed = text.trim();
  if (!trimmed && !file) return null;
  return { text: trimmed, file: file ?? null };
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`message feed actor "${name}" was not provided`));

/** The feed of one list of messages; items are whatever the provided `loadPage` and `sendMessage` answer. */
export const messageFeedMachine = setup({
  types: {
    context: {} as FeedContext,
    events: {} as FeedEvent,
    input: {} as FeedInput,
    emitted: {} as FeedEmitted,
  },
  actors: {
    loadPage: fromPromise<FeedPage<FeedItem>, { offset: number; limit: number }>(notProvided('loadPage')),
    sendMessage: fromPromise<FeedItem, FeedMessage>(notProvided('sendMessage')),
    deleteMessage: fromPromise<unknown, { id: FeedId }>(notProvided('deleteMessage')),
  },
  actions: {
    addOlderPage: assign(({ context }, page: FeedPage<FeedItem>) => ({
      items: prependOlder(context.items, page.items),
      page: context.page + 1,
      count: page.count,
      exhausted: page.items.length < context.pageSize,
      error: null,
    })),
    addNewestPage: assign(({ context }, page: FeedPage<FeedItem>) => {
      const { items, added } = appendNewer(context.items, page.items);
      return { items, correction: context.correction + added, count: page.count };
    }),
    addSent: assign(({ context }, item: FeedItem) => {
      if (context.items.some((known) => known.id === item.id)) return {};
      return {
        items: [...context.items, item],
        correction: context.correction + 1,
        count: (context.count ?? context.items.length) + 1,
      };
    }),
    removeItem: assign(({ context }, id: FeedId) => {
      if (!context.items.some((item) => item.id === id)) return {};
      return {
        items: context.items.filter((item) => item.id !== id),
        correction: context.correction - 1,
        count: Math.max(0, (context.count ?? context.items.length) - 1),
      };
    }),
    setError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    markStale: assign({ stale: true }),
    reportSent: emit((_, item: FeedItem) => ({ type: 'sent' as const, item })),
    reportSendFailed: emit((_, params: { error: unknown }) => ({
      type: 'sendFailed' as const,
      error: params.error,
    })),
    reportDeleted: emit((_, id: FeedId) => ({ type: 'deleted' as const, id })),
    reportDeleteFailed: emit((_, params: { error: unknown }) => ({
      type: 'deleteFailed' as const,
      error: params.error,
    })),
  },
  guards: {
    hasMore: ({ context }) =>
      !context.exhausted && (context.count === null || context.items.length < context.count),
    isStale: ({ context }) => context.stale,
    hasContent: (_, message: FeedMessage | null) => message !== null,
    isLoaded: ({ context }, id: FeedId) => context.items.some((item) => item.id === id),
  },
}).createMachine({
  id: 'messageFeed',
  type: 'parallel',
  context: ({ input }) => ({
    items: [],
    pageSize: input?.pageSize ?? FEED_PAGE_SIZE,
    page: 0,
    correction: 0,
    count: null,
    exhausted: false,
    stale: false,
    deletingId: null,
    error: null,
  }),
  on: {
    'LIVE.ADDED': { actions: 'markStale' },
    'LIVE.DELETED': { actions: { type: 'removeItem', params: ({ event }) => event.id } },
  },
  states: {
    paging: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({
              offset: feedOffset(context.page + 1, context.correction, context.pageSize),
              limit: context.pageSize,
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'addOlderPage', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          always: { guard: 'isStale', target: 'catchingUp' },
          on: {
            LOAD_OLDER: { guard: 'hasMore', target: 'loading' },
          },
        },
        /** Fetches the newest page and adds what is new at the end. */
        catchingUp: {
          entry: assign({ stale: false }),
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ offset: 0, limit: context.pageSize }),
            onDone: {
              target: 'ready',
              actions: { type: 'addNewestPage', params: ({ event }) => event.output },
            },
            onError: { target: 'ready' },
          },
        },
        failed: {
          on: { RETRY: 'loading', LOAD_OLDER: 'loading' },
        },
      },
    },
    sending: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SEND: {
              guard: {
                type: 'hasContent',
                params: ({ event }) => messageToSend(event.text, event.file),
              },
              target: 'sending',
            },
          },
        },
        sending: {
          invoke: {
            src: 'sendMessage',
            input: ({ event }) => {
              if (event.type !== 'SEND') throw new Error('sending is entered by SEND only');
              return messageToSend(event.text, event.file)!;
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'addSent', params: ({ event }) => event.output },
                { type: 'reportSent', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'reportSendFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    deleting: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            DELETE: [
              {
                guard: { type: 'isLoaded', params: ({ event }) => event.id },
                target: 'deleting',
                actions: assign({ deletingId: ({ event }) => event.id }),
              },
              {
                actions: {
                  type: 'reportDeleteFailed',
                  params: () => ({ error: new Error(DELETE_UNKNOWN_MESSAGE) }),
                },
              },
            ],
          },
        },
        deleting: {
          invoke: {
            src: 'deleteMessage',
            input: ({ context }) => ({ id: context.deletingId! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'removeItem', params: ({ context }) => context.deletingId! },
                { type: 'reportDeleted', params: ({ context }) => context.deletingId! },
                assign({ deletingId: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'reportDeleteFailed', params: ({ event }) => ({ error: event.error }) },
                assign({ deletingId: null }),
              ],
            },
          },
        },
      },
    },
  },
});

export type MessageFeedMachine = typeof messageFeedMachine;
