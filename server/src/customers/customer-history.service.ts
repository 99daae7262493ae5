import { Injectable } from '@nestjs/common';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { auditableChanges, namesShown } from './auditable-changes.js';
import { CustomerHistoryRepository, type HistoryRow } from './customer-history.repository.js';
import { FORM_FILE_STREAM } from '../documents/form.events.js';
import { CustomersService } from './customers.service.js';

export interface HistoryEntry {
  id: number;
  type: string;
  created: string;
  stream_type: string;
  stream_id: string;
  actor: { id: string | null; name: string; role: string | null };
  changes: unknown;
  /** The names of the people `changes` names by id. */
  names: Record<string, string>;
}

/** A whole trail is downloaded at once, up to this many entries. */
const WHOLE_TRAIL = 100000;

/**
 * The audit trail of one client. Open to principal brokers and to the client's own broker and assistant,
 * not to every staff member who may see the client.
 */
@Injectable()
export class CustomerHistoryService {
  constructor(
    private readonly customers: CustomersService,
    private readonly history: CustomerHistoryRepository,
  ) {}

  async read(
    caller: Caller,
    customerId: string,
    query: { type?: string; whole: boolean; limit: number; offset: number },
  ): Promise<{ typedId: string; entries: HistoryEntry[]; count: number; limit: number; offset: number }> {
    const customer = await this.customers.visibleRecord(caller, customerId);
    const allowed =
      caller.role === 'principal_broker' ||
      (caller.role === 'broker' && customer.broker_id === caller.id) ||
      (caller.role === 'assistant' && customer.assistant_id === caller.id);
    if (!allowed)
      throw DomainError.forbidden(
        'Only a principal broker, or this client’s broker or assistant, may read the audit trail.',
      );
    const limit = query.whole ? WHOLE_TRAIL : query.limit;
    const offset = query.whole ? 0 : query.offset;
    const { rows, count } = await this.history.list(customerId, { type: query.type, limit, offset });
    return { typedId: customer.typed_id, entries: rows.map(toEntry), count, limit, offset };
  }

  types(customerId: string): Promise<string[]> {
    return this.history.types(customerId);
  }
}

/** A file's own events say which file by their stream alone; the entry names it as other entries do. */
function about(row: HistoryRow): unknown {
  return row.stream_type === FORM_FILE_STREAM && row.changes && typeof row.changes === 'object'
    ? { fileId: row.stream_id, ...row.changes }
    : row.changes;
}

function toEntry(row: HistoryRow): HistoryEntry {
  const changes = auditableChanges(about(row));
  return {
    id: Number(row.position),
    type: row.type,
    created: new Date(row.created_at).toISOString(),
    stream_type: row.stream_type,
    stream_id: row.stream_id,
    actor: row.actor_id
      ? {
          id: row.actor_id,
          name: [row.actor_first_name, row.actor_last_name].filter(Boolean).join(' ') || 'Unknown user',
          role: row.actor_role,
        }
      : { id: null, name: 'Homeward', role: row.actor_role ?? 'system' },
    changes,
    names: namesShown(changes, row.names ?? {}),
  };
}
