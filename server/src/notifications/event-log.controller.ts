import { Controller, Get, Query } from '@nestjs/common';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import { page, type PageEnvelope } from '../platform/http/envelope.js';
import { ApiOkPage } from '../platform/http/envelope.docs.js';
import { API } from '../platform/http/request-metadata.js';
import { EventLogEntryDoc, EventLogQuery, type EventLogEntry } from './event-log.dto.js';
import { EventLogService } from './event-log.service.js';

/** The customer event log: messages sent to a user and their sign-ins, newest first. */
@Controller(API.events)
export class EventLogController {
  constructor(private readonly log: EventLogService) {}

  @Roles(...STAFF_ROLES)
  @Get('events/')
  @ApiOkPage(EventLogEntryDoc, { description: 'Messages sent to the user and their sign-ins, newest first.' })
  async list(
    @Query() query: EventLogQuery,
    @CurrentUser() caller: Caller,
  ): Promise<PageEnvelope<EventLogEntry>> {
    const { entries, count } = await this.log.list(caller, query.rel_type, query.rel_id, query);
    return page(entries, count, query.offset, query.limit);
  }
}
