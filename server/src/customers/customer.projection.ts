import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { initialSteps } from '../../../machines/customer.enums.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { CUSTOMER_EVENT_TYPES, type CustomerChanges, type CustomerEvent } from './customer.events.js';

const COLUMNS: Record<Exclude<keyof CustomerChanges, 'secondApplicant'>, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phoneNumber: 'phone_number',
  dealType: 'deal_type',
  customerType: 'customer_type',
  closingDate: 'closing_date',
  filogixNumber: 'filogix_number',
  lender: 'lender',
  addressLine: 'address_line',
  brokerId: 'broker_id',
  assistantId: 'assistant_id',
};

/**
 * Moves a client from its count key (broker, status, deal type) as the row has it to the key it is about to
 * have; run before the row changes. Keys are written in one order, so two appends cannot deadlock here.
 * $2: whether the broker changes, $3: the new broker, $4: the new status, $5: the new deal type.
 */
const MOVE_COUNT = `
  INSERT INTO customer_counts AS t (broker_id, status, deal_type, n)
  SELECT k.broker_id, k.status, k.deal_type, sum(k.n)::int
    FROM customers c CROSS JOIN LATERAL (VALUES
      (c.broker_id, c.status, c.deal_type, -1),
      (CASE WHEN $2::boolean THEN $3::uuid ELSE c.broker_id END, COALESCE($4::text, c.status), COALESCE($5::text, c.deal_type), 1)
    ) AS k(broker_id, status, deal_type, n)
   WHERE c.id = $1
   GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = t.n + EXCLUDED.n`;
/**
 * Drops the client's present key once nobody is left under it: the table holds no zeros a rebuild would not.
 * The broker is matched with '=' or both null, which the key's index serves; `IS NOT DISTINCT FROM` it does
 * not, and the statement then read every key: 76 µs a status change under load, and alone 98 µs a call
 * against 60 µs matched through the index (`pgbench`, a random client's lookup included in both).
 */
const PRUNE_COUNT = `
  DELETE FROM customer_counts t USING customers c
   WHERE c.id = $1 AND t.n = 0
     AND (t.broker_id = c.broker_id OR (t.broker_id IS NULL AND c.broker_id IS NULL))
     AND t.status = c.status AND t.deal_type = c.deal_type`;

/** The client's search row as the client's row now has it: what a search matches and filters on. */
const SEARCH_ROW = `
  SELECT c.id, c.created_at, c.broker_id, c.status, c.deal_type,
         customer_search_text(c.first_name, c.last_name, c.email, c.typed_id, c.filogix_number), c.phone_number
    FROM customers c`;
const SEARCH_COLUMNS = 'id, created_at, broker_id, status, deal_type, search_text, phone_number';
/** The changes of a client that their search row holds. */
const SEARCHED: readonly (keyof CustomerChanges)[] = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'filogixNumber',
  'brokerId',
  'dealType',
];

/** Whether the event creates, deletes or re-files the client's search row (what `apply` writes to it). */
export function changesSearchRow(event: CustomerEvent): boolean {
  switch (event.type) {
    case 'customer.created':
    case 'customer.status_changed':
    case 'customer.deleted':
      return true;
    case 'customer.updated':
      return SEARCHED.some((key) => key in event.data.changes);
    default:
      return false;
  }
}

/** Adds a transaction's changes of the search rows to their count; the row is written by the first one. */
const COUNT_SEARCH_ROW_CHANGES = `
  INSERT INTO customer_search_changes AS t (id, n) VALUES (1, $1)
  ON CONFLICT (id) DO UPDATE SET n = t.n + EXCLUDED.n`;

/**
 * The `customers` read table behind the clients list and every client screen, with its counts per key and
 * its search rows (`customer_search`: narrow, so a search that matches many clients reads few pages), and
 * how many changes those rows have had (`customer_search_changes`, which tells a search's kept results
 * still hold).
 */
@Injectable()
export class CustomerProjection extends InlineProjection {
  readonly name = 'customers';
  readonly tables = ['customers', 'customer_counts', 'customer_search', 'customer_search_changes'];
  override readonly pageIndexes = ['customers_newest_idx', 'customers_broker_idx', 'customers_status_idx'];
  override readonly summaries = [
    {
      table: 'customer_counts',
      fill: `INSERT INTO customer_counts (broker_id, status, deal_type, n)
             SELECT broker_id, status, deal_type, count(*)::int FROM customers GROUP BY 1, 2, 3`,
    },
    { table: 'customer_search', fill: `INSERT INTO customer_search (${SEARCH_COLUMNS}) ${SEARCH_ROW}` },
  ];
  readonly eventTypes = CUSTOMER_EVENT_TYPES;

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    const event = stored as StoredEvent & CustomerEvent;
    const id = stored.streamId;
    switch (event.type) {
      case 'customer.created': {
        const d = event.data;
        await tx.query(
          `INSERT INTO customers (id, typed_id, user_id, first_name, last_name, email, phone_number, status, deal_type, customer_type,
             closing_date, filogix_number, lender, address_line, broker_id, assistant_id, second_applicant_first_name,
             second_applicant_last_name, second_applicant_email, second_applicant_phone_number, steps, folder_name,
             created_at, updated_at, version)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21::jsonb,$22,$23,$23,$24)`,
          [
            id,
            d.typedId,
            d.userId,
            d.firstName,
            d.lastName,
            d.email,
            d.phoneNumber,
            d.status,
            d.dealType,
            d.customerType,
            d.closingDate,
            d.filogixNumber,
            d.lender,
            d.addressLine,
            d.brokerId,
            d.assistantId,
            d.secondApplicant.firstName,
            d.secondApplicant.lastName,
            d.secondApplicant.email,
            d.secondApplicant.phoneNumber,
            JSON.stringify(d.steps ?? initialSteps()),
            d.filogixNumber,
            stored.createdAt,
            stored.version,
          ],
        );
        await tx.query(
          `INSERT INTO customer_counts AS t (broker_id, status, deal_type, n) VALUES ($1, $2, $3, 1)
           ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = t.n + 1`,
          [d.brokerId, d.status, d.dealType],
        );
        await tx.query(`INSERT INTO customer_search (${SEARCH_COLUMNS}) ${SEARCH_ROW} WHERE c.id = $1`, [id]);
        return;
      }
      case 'customer.updated': {
        const sets: string[] = [];
        const values: unknown[] = [];
        const set = (column: string, value: unknown): void => {
          values.push(value);
          sets.push(`${column} = $${values.length + 3}`);
        };
        for (const [key, value] of Object.entries(event.data.changes)) {
          if (key === 'secondApplicant') {
            const second = value as NonNullable<CustomerChanges['secondApplicant']>;
            set('second_applicant_first_name', second.firstName);
            set('second_applicant_last_name', second.lastName);
            set('second_applicant_email', second.email);
            set('second_applicant_phone_number', second.phoneNumber);
          } else set(COLUMNS[key as keyof typeof COLUMNS], value);
        }
        const { brokerId, dealType } = event.data.changes;
        if (brokerId !== undefined || dealType !== undefined)
          await this.moveCount(tx, id, { brokerId, dealType });
        const folder = event.data.folder;
        if (folder) {
          set('folder_name', folder.to);
          if (folder.choice === 'create_folder' && folder.from) {
            values.push(JSON.stringify([folder.from]));
            sets.push(`archived_folders = archived_folders || $${values.length + 3}::jsonb`);
          }
        }
        await this.touch(tx, stored, sets.join(', '), values);
        if (changesSearchRow(event))
          await tx.query(
            `UPDATE customer_search s SET (${SEARCH_COLUMNS}) = (${SEARCH_ROW} WHERE c.id = $1) WHERE s.id = $1`,
            [id],
          );
        return;
      }
      case 'customer.status_changed':
        await this.moveCount(tx, id, { status: event.data.to });
        await this.touch(tx, stored, 'status = $4', [event.data.to]);
        await tx.query('UPDATE customer_search SET status = $2 WHERE id = $1', [id, event.data.to]);
        return;
      case 'customer.review_requested':
        await this.touch(tx, stored, 'is_review_requested = true, review_requested_at = $4', [
          event.data.requestedAt,
        ]);
        return;
      case 'customer.steps_changed':
        await this.touch(tx, stored, 'steps = $4::jsonb', [JSON.stringify(event.data.steps)]);
        return;
      case 'customer.notification_requested':
        await this.touch(tx, stored, '', []);
        return;
      case 'customer.deleted':
        await tx.query(
          `UPDATE customer_counts t SET n = t.n - 1 FROM customers c
            WHERE c.id = $1 AND t.broker_id IS NOT DISTINCT FROM c.broker_id
              AND t.status = c.status AND t.deal_type = c.deal_type`,
          [id],
        );
        await tx.query(PRUNE_COUNT, [id]);
        await tx.query('DELETE FROM customer_search WHERE id = $1', [id]);
        await tx.query('DELETE FROM customers WHERE id = $1', [id]);
        return;
    }
  }

  /** Counts the search rows' changes once per transaction: one statement for a commit group or a rebuild's batch. */
  async afterEvents(events: readonly StoredEvent[], tx: EntityManager): Promise<void> {
    const changes = events.filter((event) => changesSearchRow(event as StoredEvent & CustomerEvent)).length;
    if (changes > 0) await tx.query(COUNT_SEARCH_ROW_CHANGES, [changes]);
  }

  private async moveCount(
    tx: EntityManager,
    id: string,
    to: { brokerId?: string | null; status?: string; dealType?: string },
  ): Promise<void> {
    await tx.query(MOVE_COUNT, [
      id,
      to.brokerId !== undefined,
      to.brokerId ?? null,
      to.status ?? null,
      to.dealType ?? null,
    ]);
    await tx.query(PRUNE_COUNT, [id]);
  }

  private async touch(
    tx: EntityManager,
    stored: StoredEvent,
    sets: string,
    values: unknown[],
  ): Promise<void> {
    const assignments = ['updated_at = $2', 'version = $3', ...(sets ? [sets] : [])].join(', ');
    await tx.query(`UPDATE customers SET ${assignments} WHERE id = $1`, [
      stored.streamId,
      stored.createdAt,
      stored.version,
      ...values,
    ]);
  }
}
