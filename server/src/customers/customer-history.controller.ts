import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import { toCsv } from '../platform/http/csv.js';
import { PageQuery } from '../platform/http/page-query.js';
import { AppError } from '../platform/http/app-error.js';
import { API } from '../platform/http/request-metadata.js';
import { CustomersService } from './customers.service.js';

export class HistoryQuery extends PageQuery(50, 1000) {
  @IsOptional()
  @IsString()
  @Matches(/^[a-z_]+\.[a-z_]+$/, { message: 'The type field must be an event type such as customer.updated' })
  type?: string;

  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'The format field must be json or csv' })
  format: 'json' | 'csv' = 'json';
}

interface HistoryRow {
  position: string;
  type: string;
  stream_type: string;
  stream_id: string;
  actor_id: string | null;
  actor_role: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  changes: unknown;
  created_at: Date;
}

/**
 * The audit trail of one client, newest first, filterable by type and downloadable as CSV. Open to
 * principal brokers and to the client's own broker and assistant.
 */
@Controller(`${API.core}/customers`)
export class CustomerHistoryController {
  constructor(
    private readonly customers: CustomersService,
    private readonly dataSource: DataSource,
  ) {}

  @Roles('principal_broker', 'broker', 'assistant')
  @Get(':id/history/')
  async history(
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: HistoryQuery,
    @CurrentUser() caller: Caller,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const customer = await this.customers.visible(caller, id);
    const allowed =
      caller.role === 'principal_broker' ||
      (caller.role === 'broker' && customer.broker_id === caller.id) ||
      (caller.role === 'assistant' && customer.assistant_id === caller.id);
    if (!allowed)
      throw AppError.forbidden(
        'Only a principal broker, or this client’s broker or assistant, may read the audit trail.',
      );

    const params: unknown[] = [id];
    let where = 'h.customer_id = $1';
    if (query.type) {
      params.push(query.type);
      where += ` AND h.type = $${params.length}`;
    }
    const [{ count }] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM customer_history h WHERE ${where}`,
      params,
    );
    const csv = query.format === 'csv';
    const limit = csv ? 100000 : query.limit;
    const offset = csv ? 0 : query.offset;
    const rows: HistoryRow[] = await this.dataSource.query(
      `SELECT h.*, u.first_name AS actor_first_name, u.last_name AS actor_last_name
         FROM customer_history h LEFT JOIN users u ON u.id = h.actor_id
        WHERE ${where} ORDER BY h.position DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
    const entries = rows.map((row) => ({
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
      changes: row.changes,
    }));
    if (csv) {
      response.setHeader('Content-Type', 'text/csv; charset=utf-8');
      response.setHeader(
        'Content-Disposition',
        `attachment; filename="audit-trail-${customer.typed_id}.csv"`,
      );
      return toCsv(
        ['time', 'type', 'actor', 'role', 'stream', 'stream_id', 'changes'],
        entries.map((e) => [
          e.created,
          e.type,
          e.actor.name,
          e.actor.role ?? '',
          e.stream_type,
          e.stream_id,
          JSON.stringify(e.changes),
        ]),
      );
    }
    const types: { type: string }[] = await this.dataSource.query(
      'SELECT DISTINCT type FROM customer_history WHERE customer_id = $1 ORDER BY type',
      [id],
    );
    return { data: entries, pagination: { count, offset, limit }, types: types.map((t) => t.type) };
  }
}
