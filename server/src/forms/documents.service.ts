import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FileStatus, FormField } from '../../../machines/documents.js';
import { CustomersService } from '../customers/customers.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { EventStore } from '../platform/event-store/event-store.js';
import type { AppendRequest, EventMetadata } from '../platform/event-store/event.types.js';
import { AppError } from '../platform/http/app-error.js';
import { receiveMultipart } from '../platform/http/multipart.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../platform/storage/object-storage.js';
import { commentDecider } from './comment.decider.js';
import { DocumentsRepository, type FormRow } from './documents.repository.js';
import { formFileDecider } from './form-file.decider.js';
import { formDecider } from './form.decider.js';
import {
  COMMENT_READS_STREAM,
  COMMENT_STREAM,
  FORM_FILE_STREAM,
  FORM_STREAM,
  type FileUploaded,
} from './form.events.js';

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
    const form = await this.repository.form(code);
    if (!form) throw AppError.notFound('This form does not exist.');
    await this.customers.visible(caller, form.customer_id).catch(() => {
      throw AppError.notFound('This form does not exist.');
    });
    return form;
  }

  async createForm(
    caller: Caller,
    customerId: string,
    fields: FormField[],
    meta: EventMetadata,
  ): Promise<string> {
    await this.customers.visible(caller, customerId);
    if (await this.repository.activeForm(customerId)) {
      throw AppError.conflict(
        'form_exists',
        'This client already has an uploading form: edit it, or reset it to start a new one.',
      );
    }
    const code = newFormCode();
    await this.events.handle(
      formDecider,
      { type: FORM_STREAM, id: code },
      { type: 'CreateForm', code, customerId, fields, replaces: null },
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
    const { state, version } = await this.events.aggregate(formDecider, FORM_STREAM, code);
    const next = newFormCode();
    await this.events.append(
      [
        {
          streamType: FORM_STREAM,
          streamId: code,
          expectedVersion: version,
          events: formDecider.decide({ type: 'ArchiveForm', replacedBy: next }, state),
        },
        {
          streamType: FORM_STREAM,
          streamId: next,
          expectedVersion: 'no_stream',
          events: formDecider.decide(
            {
              type: 'CreateForm',
              code: next,
              customerId: form.customer_id,
              fields: state.fields,
              replaces: code,
            },
            formDecider.initialState(),
          ),
        },
      ],
      meta,
    );
    return next;
  }

  async upload(caller: Caller, code: string, request: Request, meta: EventMetadata): Promise<string[]> {
    const form = await this.formFor(caller, code);
    if (form.is_archived)
      throw AppError.conflict('form_archived', 'This form was reset. Open the current upload link instead.');
    const enabled = new Map(form.fields.filter((f) => !f.disabled).map((f) => [f.name, f]));
    const { files } = await receiveMultipart(request, {
      storage: this.storage,
      keyPrefix: `customers/${form.customer_id}/forms/${code}`,
      acceptsFileField: (field) => enabled.has(field),
      textFields: [],
      maxFiles: MAX_FILES_PER_UPLOAD,
    });
    if (files.length === 0) throw AppError.badRequest('no_files', 'Please upload at least one document!');
    const ids = files.map(() => randomUUID());
    const requests: AppendRequest[] = files.map((file, index) => {
      const event: FileUploaded = {
        type: 'form_file.uploaded',
        data: {
          fileId: ids[index],
          code,
          customerId: form.customer_id,
          field: file.field,
          caption: enabled.get(file.field)!.caption,
          extension: file.extension,
          uploadedBy: caller.id,
          file: { key: file.key, name: file.fileName, mimeType: file.mimeType, size: file.size },
        },
      };
      return {
        streamType: FORM_FILE_STREAM,
        streamId: ids[index],
        expectedVersion: 'no_stream',
        events: [event],
      };
    });
    try {
      await this.events.append(requests, meta);
    } catch (error) {
      await Promise.allSettled(files.map((file) => this.storage.delete(file.key)));
      throw error;
    }
    return ids;
  }

  /**
   * Sets the statuses of a batch of files as a whole or not at all: every listed file's stream is appended
   * (or, when its status does not change, only checked) at the version read here, in one transaction, so a
   * batch decided on statuses someone has since changed answers 409 and writes nothing.
   */
  async setStatuses(
    caller: Caller,
    code: string,
    changes: { id: string; status: FileStatus }[],
    meta: EventMetadata,
  ): Promise<void> {
    await this.formFor(caller, code);
    if (changes.length > MAX_FILES_PER_STATUS_BATCH)
      throw AppError.badRequest(
        'batch_too_large',
        `A batch may set the status of at most ${MAX_FILES_PER_STATUS_BATCH} files.`,
      );
    const listed = new Set<string>();
    const requests: AppendRequest[] = [];
    for (const [index, change] of changes.entries()) {
      if (listed.has(change.id))
        throw AppError.invalidField(`${index}.id`, `The file ${change.id} is listed more than once.`);
      listed.add(change.id);
      const { state, version } = await this.events.aggregate(formFileDecider, FORM_FILE_STREAM, change.id);
      if (state.code !== code)
        throw AppError.invalidField(`${index}.id`, `The file ${change.id} is not on this form.`);
      requests.push({
        streamType: FORM_FILE_STREAM,
        streamId: change.id,
        expectedVersion: version,
        events: formFileDecider.decide({ type: 'ChangeStatus', status: change.status }, state),
      });
    }
    if (requests.some((request) => request.events.length > 0)) await this.events.append(requests, meta);
  }

  async fileFor(caller: Caller, code: string, fileId: string): Promise<{ id: string; customer_id: string }> {
    await this.formFor(caller, code);
    const file = await this.repository.file(code, fileId);
    if (!file) throw AppError.notFound('This file does not exist.');
    return file;
  }

  async addComment(
    caller: Caller,
    code: string,
    fileId: string,
    request: Request,
    meta: EventMetadata,
  ): Promise<string> {
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
    try {
      await this.events.handle(
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
        meta,
      );
    } catch (error) {
      if (attached) await this.storage.delete(attached.key).catch(() => undefined);
      throw error;
    }
    return commentId;
  }

  async deleteComment(
    caller: Caller,
    code: string,
    fileId: string,
    commentId: string,
    meta: EventMetadata,
  ): Promise<void> {
    await this.fileFor(caller, code, fileId);
    const { state } = await this.events.aggregate(commentDecider, COMMENT_STREAM, commentId);
    if (state.fileId !== fileId) throw AppError.notFound('Error while deleting message', 'comment_not_found');
    await this.events.handle(
      commentDecider,
      { type: COMMENT_STREAM, id: commentId },
      { type: 'DeleteComment', byUserId: caller.id, byRole: caller.role },
      meta,
    );
  }

  async markCommentsRead(caller: Caller, code: string, fileId: string, meta: EventMetadata): Promise<void> {
    const file = await this.fileFor(caller, code, fileId);
    const latest = await this.repository.latestCommentPosition(fileId);
    if (latest <= (await this.repository.readUpTo(fileId, caller.id))) return;
    await this.events.append(
      {
        streamType: COMMENT_READS_STREAM,
        streamId: `${fileId}:${caller.id}`,
        expectedVersion: 'any',
        events: [
          {
            type: 'comments.marked_read',
            data: { fileId, customerId: file.customer_id, userId: caller.id, upToPosition: latest },
          },
        ],
      },
      meta,
    );
  }
}
