import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FileStatus, FormField } from '../../../machines/documents.js';
import { CustomersService } from '../customers/customers.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { CUSTOMER_STREAM } from '../customers/customer.events.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { EventStore, streamCommand } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { receiveMultipart } from '../platform/http/multipart.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../platform/storage/object-storage.js';
import { markRead } from '../read-marks/mark-read.js';
import { activeFormDecider } from './active-form.decider.js';
import { commentDecider, commentReadsDecider } from './comment.decider.js';
import {
  type CommentRow,
  DocumentsRepository,
  type FormFileRow,
  type FormRow,
} from './documents.repository.js';
import { formFileDecider } from './form-file.decider.js';
import { formDecider, uploadRefusals } from './form.decider.js';
import { COMMENT_READS_STREAM, COMMENT_STREAM, FORM_FILE_STREAM, FORM_STREAM } from './form.events.js';
import type { RequestBody } from '../platform/http/http-types.js';

/** 128 random bits, URL-safe: a form code cannot be guessed. */
export function newFormCode(): string {
  return randomBytes(16).toString('base64url');
}

const MAX_FILES_PER_UPLOAD = 20;
/** More than a form ever holds; keeps one batch's reads and its transaction small. */
const MAX_FILES_PER_STATUS_BATCH = 500;

@Injectable()
export class DocumentsService {
  constructor(
    private readonly events: EventStore,
    private readonly repository: DocumentsRepository,
    private readonly customers: CustomersService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** The form, if the caller may see its client (a customer only their own); otherwise 404. */
  async formFor(caller: Caller, code: string): Promise<FormRow> {
    const form = await this.repository.visibleForm(caller, code);
    if (!form) throw DomainError.notFound('This form does not exist.');
    return form;
  }

  async createForm(
    caller: Caller,
    customerId: string,
    fields: FormField[],
    meta: EventMetadata,
  ): Promise<string> {
    await this.customers.ensureVisible(caller, customerId);
    const code = newFormCode();
    const onRecord = await this.repository.activeForm(customerId);
    await this.events.handleAll(
      [
        streamCommand(
          activeFormDecider,
          { type: CUSTOMER_STREAM, id: customerId },
          { type: 'OpenForm', customerId, code, replaces: null, activeCodeOnRecord: onRecord?.code ?? null },
        ),
        streamCommand(
          formDecider,
          { type: FORM_STREAM, id: code },
          { type: 'CreateForm', code, customerId, fields, replaces: null },
        ),
      ],
      meta,
    );
    return code;
  }

  async saveFields(caller: Caller, code: string, fields: FormField[], meta: EventMetadata): Promise<void> {
    await this.formFor(caller, code);
    await this.events.handle(
      formDecider,
      { type: FORM_STREAM, id: code },
      { type: 'SaveFields', fields },
      meta,
    );
  }

  /** Reset: the old form (and its files) stays readable; the client gets a new active form with the same fields. */
  async archive(caller: Caller, code: string, meta: EventMetadata): Promise<string> {
    const form = await this.formFor(caller, code);
    const customerId = form.customer_id;
    const next = newFormCode();
    const onRecord = await this.repository.activeForm(customerId);
    await this.events.handleAll(
      [
        // The new form copies the fields read here, so the old form is held at the version they were read at.
        streamCommand(
          formDecider,
          { type: FORM_STREAM, id: code },
          { type: 'ArchiveForm', replacedBy: next },
          form.version,
        ),
        streamCommand(
          activeFormDecider,
          { type: CUSTOMER_STREAM, id: customerId },
          {
            type: 'OpenForm',
            customerId,
            code: next,
            replaces: code,
            activeCodeOnRecord: onRecord?.code ?? null,
          },
        ),
        streamCommand(
          formDecider,
          { type: FORM_STREAM, id: next },
          { type: 'CreateForm', code: next, customerId, fields: form.fields, replaces: code },
        ),
      ],
      meta,
    );
    return next;
  }

  /**
   * Streams the files to storage first (refusing parts for unknown or disabled fields as they come), then
   * asks the form to accept them and appends the files while holding the form's version: a reset or a
   * field change committed meanwhile refuses the upload, and its stored objects are removed.
   */
  async upload(caller: Caller, code: string, request: RequestBody, meta: EventMetadata): Promise<string[]> {
    const form = await this.formFor(caller, code);
    if (form.is_archived) throw uploadRefusals.archived();
    const enabled = new Map(form.fields.filter((f) => !f.disabled).map((f) => [f.name, f]));
    const { files } = await receiveMultipart(request, {
      storage: this.storage,
      keyPrefix: `customers/${form.customer_id}/forms/${code}`,
      acceptsFileField: (field) => enabled.has(field),
      textFields: [],
      maxFiles: MAX_FILES_PER_UPLOAD,
    });
    const ids = files.map(() => randomUUID());
    try {
      await this.events.handleAll(
        [
          streamCommand(
            formDecider,
            { type: FORM_STREAM, id: code },
            { type: 'AcceptUpload', fields: files.map((file) => file.field) },
          ),
          ...files.map((file, index) =>
            streamCommand(
              formFileDecider,
              { type: FORM_FILE_STREAM, id: ids[index] },
              {
                type: 'RecordUpload',
                upload: {
                  fileId: ids[index],
                  code,
                  customerId: form.customer_id,
                  field: file.field,
                  caption: enabled.get(file.field)!.caption,
                  extension: file.extension,
                  uploadedBy: caller.id,
                  file: { key: file.key, name: file.fileName, mimeType: file.mimeType, size: file.size },
                },
              },
              0,
            ),
          ),
        ],
        meta,
      );
    } catch (error) {
      await Promise.allSettled(files.map((file) => this.storage.delete(file.key)));
      throw error;
    }
    return ids;
  }

  /**
   * Sets the statuses of a batch of files as a whole or not at all: every listed file's stream is appended
   * (or, when its status does not change, only checked) at the version read here, in one transaction, so a
   * batch decided on statuses someone has since changed answers 409 and writes nothing. Answers the form's
   * files as the caller reads them after it, read with the commit when the batch changed anything.
   */
  async setStatuses(
    caller: Caller,
    code: string,
    changes: { id: string; status: FileStatus }[],
    meta: EventMetadata,
  ): Promise<FormFileRow[]> {
    await this.formFor(caller, code);
    if (changes.length > MAX_FILES_PER_STATUS_BATCH)
      throw DomainError.invalid(
        'batch_too_large',
        `A batch may set the status of at most ${MAX_FILES_PER_STATUS_BATCH} files.`,
      );
    const listed = new Set<string>();
    for (const [index, change] of changes.entries()) {
      if (listed.has(change.id))
        throw DomainError.invalid(
          'invalid',
          `The file ${change.id} is listed more than once.`,
          `${index}.id`,
        );
      listed.add(change.id);
    }
    const onForm = await this.repository.fileIdsOnForm(code, [...listed]);
    const stranger = changes.findIndex((change) => !onForm.has(change.id));
    if (stranger >= 0)
      throw DomainError.invalid(
        'invalid',
        `The file ${changes[stranger].id} is not on this form.`,
        `${stranger}.id`,
      );
    const { rows } = await this.events.handleAllAndRead<FormFileRow>(
      changes.map((change) =>
        streamCommand(
          formFileDecider,
          { type: FORM_FILE_STREAM, id: change.id },
          { type: 'ChangeStatus', status: change.status },
        ),
      ),
      meta,
      this.repository.filesRead(code, caller.id),
    );
    return rows ?? this.repository.files(code, caller.id);
  }

  /** The form's file, if the caller may see the form's client; otherwise 404 for the form, or for the file. */
  async fileFor(caller: Caller, code: string, fileId: string): Promise<{ id: string; customer_id: string }> {
    const found = await this.repository.visibleFile(caller, code, fileId);
    if (!found) throw DomainError.notFound('This form does not exist.');
    if (!found.id) throw DomainError.notFound('This file does not exist.');
    return { id: found.id, customer_id: found.customer_id };
  }

  async addComment(
    caller: Caller,
    code: string,
    fileId: string,
    request: RequestBody,
    meta: EventMetadata,
  ): Promise<CommentRow> {
    const file = await this.fileFor(caller, code, fileId);
    const { fields, files } = await receiveMultipart(request, {
      storage: this.storage,
      keyPrefix: `customers/${file.customer_id}/comments/${fileId}`,
      acceptsFileField: (field) => field === 'comment-file',
      textFields: ['text'],
      maxFiles: 1,
    });
    const attached = files[0]
      ? { key: files[0].key, name: files[0].fileName, mimeType: files[0].mimeType, size: files[0].size }
      : null;
    const commentId = randomUUID();
    let added: CommentRow[] | null;
    try {
      ({ rows: added } = await this.events.handleAllAndRead<CommentRow>(
        [
          streamCommand(
            commentDecider,
            { type: COMMENT_STREAM, id: commentId },
            {
              type: 'AddComment',
              commentId,
              fileId,
              code,
              customerId: file.customer_id,
              authorId: caller.id,
              text: fields.text ?? '',
              file: attached,
            },
            0,
          ),
        ],
        meta,
        this.repository.commentRead(commentId),
      ));
    } catch (error) {
      if (attached) await this.storage.delete(attached.key).catch(() => undefined);
      throw error;
    }
    return added?.[0] ?? (await this.repository.comment(commentId))!;
  }

  async deleteComment(
    caller: Caller,
    code: string,
    fileId: string,
    commentId: string,
    meta: EventMetadata,
  ): Promise<void> {
    await this.fileFor(caller, code, fileId);
    await this.events.handle(
      commentDecider,
      { type: COMMENT_STREAM, id: commentId },
      { type: 'DeleteComment', fileId, byUserId: caller.id, byRole: caller.role },
      meta,
    );
  }

  async markCommentsRead(caller: Caller, code: string, fileId: string, meta: EventMetadata): Promise<void> {
    const file = await this.fileFor(caller, code, fileId);
    const newestShown = await this.repository.latestCommentPosition(fileId);
    await markRead(
      this.events,
      commentReadsDecider,
      { type: COMMENT_READS_STREAM, id: `${fileId}:${caller.id}` },
      { fileId, customerId: file.customer_id, userId: caller.id, upToPosition: newestShown },
      meta,
    );
  }
}
