import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { HttpResponse } from '../platform/http/http-types.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import { toCsv } from '../platform/http/csv.js';
import { PaginationDoc, pageSchema } from '../platform/http/envelope.docs.js';
import { API } from '../platform/http/request-metadata.js';
import { HistoryEntryDoc } from './customer-view.dto.js';
import { HistoryQuery } from './customer-history.dto.js';
import { CustomerHistoryService } from './customer-history.service.js';
import { ParseIdPipe } from '../platform/http/id.pipe.js';

/** The audit trail of one client, newest first, filterable by type and downloadable as CSV. */
@Controller(`${API.core}/customers`)
export class CustomerHistoryController {
  constructor(private readonly trails: CustomerHistoryService) {}

  @Roles('principal_broker', 'broker', 'assistant')
  @Get(':id/history/')
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({
    description:
      'One page of the trail, with every event type it holds; with `format=csv` the whole trail as CSV.',
    content: {
      'application/json': {
        schema: pageSchema(HistoryEntryDoc, {
          types: { type: 'array', items: { type: 'string' }, example: ['customer.created'] },
        }),
      },
      'text/csv': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiExtraModels(HistoryEntryDoc, PaginationDoc)
  async history(
    @Param('id', ParseIdPipe) id: string,
    @Query() query: HistoryQuery,
    @CurrentUser() caller: Caller,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<unknown> {
    const csv = query.format === 'csv';
    const trail = await this.trails.read(caller, id, {
      type: query.type,
      whole: csv,
      limit: query.limit,
      offset: query.offset,
    });
    if (csv) {
      response.header('Content-Type', 'text/csv; charset=utf-8');
      response.header('Content-Disposition', `attachment; filename="audit-trail-${trail.typedId}.csv"`);
      return toCsv(
        ['time', 'type', 'actor', 'role', 'stream', 'stream_id', 'changes'],
        trail.entries.map((e) => [
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
    return {
      data: trail.entries,
      pagination: { count: trail.count, offset: trail.offset, limit: trail.limit },
      types: await this.trails.types(id),
    };
  }
}
