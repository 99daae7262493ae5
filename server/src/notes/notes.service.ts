import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CustomersService } from '../customers/customers.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { EventStore, streamCommand } from '../platform/event-store/event-store.js';
import { customerDecider } from '../customers/customer.decider.js';
import { CUSTOMER_STREAM } from '../customers/customer.events.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { receiveMultipart } from '../platform/http/multipart.js';
import { FileLinks } from '../platform/storage/file-links.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../platform/storage/object-storage.js';
import { markRead } from '../read-marks/mark-read.js';
import { noteDecider, noteReadsDecider } from './note.decider.js';
import { NOTE_READS_STREAM, NOTE_STREAM } from './note.events.js';
import { NotesRepository, type NoteRow } from './notes.repository.js';
import { TEXT_MAX_LENGTH } from '../../../machines/validation.js';
import type { RequestBody } from '../platform/http/http-types.js';

export const MAX_NOTE_LENGTH = TEXT_MAX_LENGTH;

export type NoteView = ReturnType<NotesService['view']>;

/** Internal notes per client: only staff who may see the client read, add, delete and mark them read. */
@Injectable()
export class NotesService {
  constructor(
    private readonly customers: CustomersService,
    private readonly notes: NotesRepository,
    private readonly events: EventStore,
    private readonly links: FileLinks,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async list(
    caller: Caller,
    customerId: string,
    query: { ordering: string; limit: number; offset: number },
  ): Promise<{ notes: NoteView[]; count: number }> {
    const { rows, count, visible } = await this.notes.visibleList(caller, customerId, {
      ascending: query.ordering === 'created',
      limit: query.limit,
      offset: query.offset,
    });
    if (!visible) await this.customers.ensureVisible(caller, customerId);
    return { notes: rows.map((row) => this.view(row)), count };
  }

  /** Stores the attached file first; a note that is refused keeps none of it. */
  async add(
    caller: Caller,
    customerId: string,
    request: RequestBody,
    meta: EventMetadata,
  ): Promise<NoteView> {
    await this.customers.ensureVisible(caller, customerId);
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
    let added: NoteRow[] | null;
    try {
      ({ rows: added } = await this.events.handleAllAndRead<NoteRow>(
        [
          streamCommand(
            noteDecider,
            { type: NOTE_STREAM, id: noteId },
            { type: 'AddNote', noteId, customerId, authorId: caller.id, text, file },
            0,
          ),
          // A client deleted while the note was on its way takes no note.
          streamCommand(
            customerDecider,
            { type: CUSTOMER_STREAM, id: customerId },
            { type: 'ConfirmExists' },
          ),
        ],
        meta,
        this.notes.noteRead(noteId),
      ));
    } catch (error) {
      await drop();
      throw error;
    }
    return this.view(added?.[0] ?? (await this.notes.find(noteId))!);
  }

  async remove(caller: Caller, customerId: string, noteId: string, meta: EventMetadata): Promise<void> {
    await this.customers.ensureVisible(caller, customerId);
    await this.events.handle(
      noteDecider,
      { type: NOTE_STREAM, id: noteId },
      { type: 'DeleteNote', customerId, byUserId: caller.id, byRole: caller.role },
      meta,
    );
  }

  /** Marks every note the client has now as read by the caller. */
  async markRead(caller: Caller, customerId: string, meta: EventMetadata): Promise<void> {
    await this.customers.ensureVisible(caller, customerId);
    await markRead(
      this.events,
      noteReadsDecider,
      { type: NOTE_READS_STREAM, id: `${customerId}:${caller.id}` },
      { customerId, userId: caller.id, upToPosition: await this.notes.newestPosition(customerId) },
      meta,
    );
  }

  view(row: NoteRow) {
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
