import { Controller, Get, Query } from '@nestjs/common';
import { IsIn, IsString, IsUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import { page, type PageEnvelope } from '../platform/http/envelope.js';
import { PageQuery } from '../platform/http/page-query.js';
import { API } from '../platform/http/request-metadata.js';
import { AppError } from '../platform/http/app-error.js';
import { CustomersService } from './customers.service.js';

export class EventLogQuery extends PageQuery(10000, 10000) {
  @IsString({ message: 'The rel_type field is required' })
  @IsIn(['User'], { message: 'The rel_type field must be User' })
  rel_type: string;

  @IsUUID('all', { message: 'The rel_id field must be a user id' })
  rel_id: string;
}

export interface EventLogEntry {
  id: number;
  type: string;
  created: string;
  /** `reason` only for a message that could not be delivered (`sms.failed`, `email.failed`). */
  context: { recipient: string; subject: string; text: string; reason?: string };
}

/** The customer event log: messages sent to a user and their sign-ins, newest first. */
@Controller(API.events)
export class EventLogController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly customers: CustomersService,
  ) {}

  @Roles(...STAFF_ROLES)
  @Get('events/')
  async list(
    @Query() query: EventLogQuery,
    @CurrentUser() caller: Caller,
  ): Promise<PageEnvelope<EventLogEntry>> {
    // A client's log is read by the staff who may see that client; a staff member's only by themselves or a principal broker.
    const [owner] = (await this.dataSource.query('SELECT customer_id FROM users WHERE id = $1', [
      query.rel_id,
    ])) as {
      customer_id: string | null;
    }[];
    if (owner?.customer_id) await this.customers.visible(caller, owner.customer_id);
    else if (caller.role !== 'principal_broker' && caller.id !== query.rel_id) throw AppError.forbidden();
    const rows: { position: string; type: string; created: Date; context: EventLogEntry['context'] }[] =
      await this.dataSource.query(
        `SELECT position, type, created, context FROM activity_log WHERE rel_type = $1 AND rel_id = $2
        ORDER BY position DESC LIMIT $3 OFFSET $4`,
        [query.rel_type, query.rel_id, query.limit, query.offset],
      );
    const [{ count }] = (await this.dataSource.query(
      'SELECT count(*)::int AS count FROM activity_log WHERE rel_type = $1 AND rel_id = $2',
      [query.rel_type, query.rel_id],
    )) as { count: number }[];
    return page(
      rows.map((row) => ({
        id: Number(row.position),
        type: row.type,
        created: row.created.toISOString(),
        context: row.context,
      })),
      count,
      query.offset,
      query.limit,
    );
  }
}
