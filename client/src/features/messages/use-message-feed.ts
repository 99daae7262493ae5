import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  FEED_PAGE_SIZE,
  messageFeedMachine,
  type FeedItem,
  type FeedMessage,
  type FeedPage,
} from '@machines/message-feed.machine';
import { onReconnect } from '../../api/socket';

/** Where a feed's messages are read from, written to and deleted from. */
export type MessageSource<T extends FeedItem> = {
  list: (offset: number, limit: number, signal: AbortSignal) => Promise<{ data: T[]; count: number }>;
  add: (text: string, file: File | null) => Promise<T>;
  remove: (id: string) => Promise<unknown>;
};

/** A running message feed over the source it is first given, caught up after a dropped connection. */
export function useMessageFeed<T extends FeedItem>(source: MessageSource<T>) {
  const [logic] = useState(() =>
    messageFeedMachine.provide({
      actors: {
        loadPage: fromPromise<FeedPage<FeedItem>, { offset: number; limit: number }>(
          async ({ input, signal }) => {
            const page = await source.list(input.offset, input.limit, signal);
            return { items: page.data, count: page.count };
          },
        ),
        sendMessage: fromPromise<FeedItem, FeedMessage>(({ input }) =>
          source.add(input.text, input.file as File | null),
        ),
        deleteMessage: fromPromise<unknown, { id: string | number }>(({ input }) =>
          source.remove(String(input.id)),
        ),
      },
    }),
  );
  const feed = useActorRef(logic, { input: { pageSize: FEED_PAGE_SIZE } });
  // Messages pushed while the connection was down were lost: the newest page is read again.
  useEffect(() => onReconnect(() => feed.send({ type: 'LIVE.ADDED' })), [feed]);
  return feed;
}

export type MessageFeed = ReturnType<typeof useMessageFeed>;
