import {
  Controller,
  Delete,
  Get,
  Inject,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { IsIn, IsOptional } from 'class-validator';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { CustomersService } from '../customers/customers.service.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { EventStore } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { PageQuery } from '../platform/http/page-query.js';
import { ok, page, type DataEnvelope, type PageEnvelope } from '../platform/http/envelope.js';
import { receiveMultipart } from '../platform/http/multipart.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { FileLinks } from '../platform/storage/file-links.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../platform/storage/object-storage.js';
import { markRead } from '../read-marks/mark-read.js';
import { noteDecider, noteReadsDecider } from './note.decider.js';
import { NOTE_READS_STREAM, NOTE_STREAM } from './note.events.js';

export class ListNotesQuery extends PageQuery(10, 100) {
  @IsOptional()
  @IsIn(['-created', 'created'], { message: 'The ordering field must be -created or created' })
  ordering = '-created';
}

interface NoteRow {
  id: string;
  text: string;
  created_at: Date;
  author_id: string;
  author_first_name: string | null;
  author_last_name: string | null;
  author_role: string | null;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: string | null;
}

export const MAX_NOTE_LENGTH = 2000;

/** Internal notes per client: staff only, newest first, one optional attached file each. */
@Controller(`${API.core}/customers/:customerId/notes`)
@Roles(...STAFF_ROLES)
export class NotesController {
  constructor(
    private readonly customers: CustomersService,
    private readonly events: EventStore,
    private readonly dataSource: DataSource,
    private readonly links: FileLinks,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Get('/')
  async list(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Query() query: ListNotesQuery,
    @CurrentUser() caller: Caller,
  ): Promise<PageEnvelope<ReturnType<NotesController['view']>>> {
    await this.customers.visible(caller, customerId);
    const direction = query.ordering === 'created' ? 'ASC' : 'DESC';
    const rows: NoteRow[] = await this.dataSource.query(
      `SELECT n.*, u.first_name AS author_first_name, u.last_name AS author_last_name, u.role AS author_role
         FROM notes n LEFT JOIN users u ON u.id = n.author_id
        WHERE n.customer_id = $1 ORDER BY n.created_at ${direction}, n.position ${direction} LIMIT $2 OFFSET $3`,
      [customerId, query.limit, query.offset],
    );
    const [{ count }] = await this.dataSource.query(
      'SELECT count(*)::int AS count FROM notes WHERE customer_id = $1',
      [customerId],
    );
    return page(
      rows.map((row) => this.view(row)),
      count,
      query.offset,
      query.limit,
    );
  }

  @Post('/')
  async add(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Req() request: Request,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<ReturnType<NotesController['view']>>> {
    await this.customers.visible(caller, customerId);
    const { fields, files } = await receiveMultipart(request, {
      storage: this.storage,
      keyPrefix: `customers/${customerId}/notes`,
      acceptsFileField: (field) => field === 'comment-file',
      textFields: ['text'],
      maxFiles: 1,
    });
    const text = (fields.text ?? '').trim();
    const file = files[0]
      ? { key: files[0].key, name: files[0].fileName, mimeType: files[0].mimeType, size: files[0].size }
      : null;
    const drop = async () => file && (await this.storage.delete(file.key));
    if (text.length > MAX_NOTE_LENGTH) {
      await drop();
      throw DomainError.invalid(
        'invalid',
        `The text field may not be longer than ${MAX_NOTE_LENGTH} characters`,
        'text',
      );
    }
    const noteId = randomUUID();
    try {
      await this.events.handle(
        noteDecider,
        { type: NOTE_STREAM, id: noteId },
        { type: 'AddNote', noteId, customerId, authorId: caller.id, text, file },
        meta,
      );
    } catch (error) {
      await drop();
      throw error;
    }
    const rows: NoteRow[] = await this.dataSource.query(
      `SELECT n.*, u.first_name AS author_first_name, u.last_name AS author_last_name, u.role AS author_role
         FROM notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.id = $1`,
      [noteId],
    );
    return ok(this.view(rows[0]));
  }

  @Delete(':noteId/')
  async remove(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Param('noteId', ParseUUIDPipe) noteId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<object>> {
    await this.customers.visible(caller, customerId);
    await this.events.handle(
      noteDecider,
      { type: NOTE_STREAM, id: noteId },
      { type: 'DeleteNote', customerId, byUserId: caller.id, byRole: caller.role },
      meta,
    );
    return ok({});
  }

  @Patch('mark_read/')
  async markRead(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<{ unread: number }>> {
    await this.customers.visible(caller, customerId);
    const [{ newest }] = await this.dataSource.query(
      'SELECT COALESCE(MAX(position), 0)::bigint AS newest FROM notes WHERE customer_id = $1',
      [customerId],
    );
    await markRead(
      this.events,
      noteReadsDecider,
      { type: NOTE_READS_STREAM, id: `${customerId}:${caller.id}` },
      { customerId, userId: caller.id, upToPosition: Number(newest) },
      meta,
    );
    return ok({ unread: 0 });
  }

  private view(row: NoteRow) {
    return {
      id: row.id,
      text: row.text,
      created: new Date(row.created_at).toISOString(),
      author: {
        id: row.author_id,
        first_name: row.author_first_name ?? '',
        last_name: row.author_last_name ?? '',
        role: row.author_role ?? '',
      },
      file: row.file_key
        ? {
            name: row.file_name!,
            type: row.file_type!,
            size: Number(row.file_size),
            url: this.links.url({ key: row.file_key, name: row.file_name!, mimeType: row.file_type! }),
          }
        : null,
    };
  }
}
