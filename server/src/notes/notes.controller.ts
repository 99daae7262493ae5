import { Controller, Delete, Get, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { HttpRequest } from '../platform/http/http-types.js';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, page, type DataEnvelope, type PageEnvelope } from '../platform/http/envelope.js';
import {
  ApiCreatedData,
  ApiOkData,
  ApiOkEmpty,
  ApiOkPage,
  UnreadDoc,
} from '../platform/http/envelope.docs.js';
import { ApiTextWithFileBody } from '../platform/http/multipart.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { ListNotesQuery, NoteViewDoc } from './notes.dto.js';
import { MAX_NOTE_LENGTH, NotesService, type NoteView } from './notes.service.js';
import { ParseIdPipe } from '../platform/http/id.pipe.js';

/** Internal notes per client: staff only, newest first, one optional attached file each. */
@Controller(`${API.core}/customers/:customerId/notes`)
@Roles(...STAFF_ROLES)
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Get('/')
  @ApiOkPage(NoteViewDoc, { description: 'The internal notes on the client.' })
  async list(
    @Param('customerId', ParseIdPipe) customerId: string,
    @Query() query: ListNotesQuery,
    @CurrentUser() caller: Caller,
  ): Promise<PageEnvelope<NoteView>> {
    const { notes, count } = await this.notes.list(caller, customerId, query);
    return page(notes, count, query.offset, query.limit);
  }

  @Post('/')
  @ApiTextWithFileBody(MAX_NOTE_LENGTH)
  @ApiCreatedData(NoteViewDoc, { description: 'The new note.' })
  async add(
    @Param('customerId', ParseIdPipe) customerId: string,
    @Req() request: HttpRequest,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<NoteView>> {
    return ok(await this.notes.add(caller, customerId, request.raw, meta));
  }

  @Delete(':noteId/')
  @ApiOkEmpty({ description: 'The note is deleted.' })
  async remove(
    @Param('customerId', ParseIdPipe) customerId: string,
    @Param('noteId', ParseIdPipe) noteId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<object>> {
    await this.notes.remove(caller, customerId, noteId, meta);
    return ok({});
  }

  @Patch('mark_read/')
  @ApiOkData(UnreadDoc, { description: 'Every note on the client is read by the caller.' })
  async markRead(
    @Param('customerId', ParseIdPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<{ unread: number }>> {
    await this.notes.markRead(caller, customerId, meta);
    return ok({ unread: 0 });
  }
}
