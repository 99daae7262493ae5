import { Injectable } from '@nestjs/common';
import {
  type ClientUpdates,
  CUSTOMER_UPDATE_TYPES,
  STAFF_UPDATE_TYPES,
  type UnreadMessages,
} from '../../../machines/inbox.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { EventStore } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { markRead } from '../read-marks/mark-read.js';
import { InboxRepository } from './inbox.repository.js';
import { UPDATE_READS_STREAM, updateReadsDecider } from './update-reads.js';

/** The header's badges: unread messages across the caller's clients, and what happened to them. */
@Injectable()
export class InboxService {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly events: EventStore,
  ) {}

  async messages(caller: Caller): Promise<UnreadMessages> {
    const { total, conversations } = await this.inbox.unreadConversations(caller);
    return { unread: total, conversations };
  }

  async updates(caller: Caller): Promise<ClientUpdates> {
    const types = caller.role === 'customer' ? CUSTOMER_UPDATE_TYPES : STAFF_UPDATE_TYPES;
    return this.inbox.updates(caller, types, await this.inbox.readUpTo(caller.id));
  }

  /** 'Mark all read': the mark moves to the newest update there is now. */
  async markAllRead(caller: Caller, meta: EventMetadata): Promise<void> {
    await markRead(
      this.events,
      updateReadsDecider,
      { type: UPDATE_READS_STREAM, id: caller.id },
      { userId: caller.id, upToPosition: await this.inbox.newestPosition() },
      meta,
    );
  }
}
