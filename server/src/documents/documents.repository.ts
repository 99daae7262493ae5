import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FileStatus, FormField } from '../../../machines/documents.js';
import { visibleTo } from '../customers/customer-access.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { preparedQuery } from '../platform/database/prepared.js';
import type { CommitRead } from '../platform/event-store/event.types.js';
import { pageFound, VISIBLE, visiblePage } from '../platform/database/visible-page.js';
import type { PackageSource } from './lender-package.js';

export interface FormRow {
  code: string;
  customer_id: string;
  fields: FormField[];
  is_archived: boolean;
  created_at: Date;
  updated_at: Date;
  version: number;
}

export interface FormFileRow {
  id: string;
  code: string;
  customer_id: string;
  field_name: string;
  caption: string;
  file_name: string;
  file_type: string;
  extension: string;
  size: string;
  storage_key: string;
  status: string;
  thumbnail_key: string | null;
  created_at: Date;
  comments_total: number;
  comments_unread: number;
}

export interface CommentRow {
  id: string;
  file_id: string;
  author_id: string;
  text: string;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: string | null;
  thumbnail_key: string | null;
  created_at: Date;
  updated_at: Date;
  author_first_name: string | null;
  author_last_name: string | null;
  author_role: string | null;
  author_phone_number: string | null;
  author_email: string | null;
}

const UNREAD = (readerParam: string) => `
  (SELECT count(*)::int FROM file_comments fc
    WHERE fc.file_id = f.id AND fc.author_id <> ${readerParam}
      AND fc.position > COALESCE((SELECT r.read_up_to FROM comment_reads r WHERE r.file_id = f.id AND r.user_id = ${readerParam}), 0))`;

/** A file as its views show it: its row, its comments' count and those the reader (`$2`) has not read. */
const FILE_COLUMNS = `f.*, (SELECT count(*)::int FROM file_comments t WHERE t.file_id = f.id) AS comments_total,
  ${UNREAD('$2')} AS comments_unread`;

/** Files with an issue first, then those in review, then the checked; newest first within each. */
const FILE_ORDER = `CASE f.status WHEN 'issue' THEN 0 WHEN 'in_review' THEN 1 ELSE 2 END, f.created_at DESC, f.id`;

/**
 * Plain queries over forms, files and comments. Unless a read says otherwise, callers check who may see the
 * client first.
 */
@Injectable()
export class DocumentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The form, when the caller may see its client: one read for the form and the visibility rule, since
   * every request on a form, its files and their chat starts with it.
   */
  async visibleForm(caller: Caller, code: string): Promise<FormRow | null> {
    const params: unknown[] = [code];
    const rows = await preparedQuery<FormRow>(
      this.dataSource,
      `SELECT f.* FROM forms f JOIN customers c ON c.id = f.customer_id
        WHERE f.code = $1 AND ${visibleTo(caller, params)}`,
      params,
    );
    return rows[0] ?? null;
  }

  /**
   * A file of the form, when the caller may see the form's client, in one read: null when the form is not
   * there for the caller, `id` null when the form has no such file.
   */
  async visibleFile(
    caller: Caller,
    code: string,
    fileId: string,
  ): Promise<{ id: string | null; customer_id: string } | null> {
    const params: unknown[] = [code, fileId];
    const rows = await preparedQuery<{ id: string | null; customer_id: string }>(
      this.dataSource,
      `SELECT ff.id, f.customer_id FROM forms f JOIN customers c ON c.id = f.customer_id
         LEFT JOIN form_files ff ON ff.code = f.code AND ff.id = $2
        WHERE f.code = $1 AND ${visibleTo(caller, params)}`,
      params,
    );
    return rows[0] ?? null;
  }

  async form(code: string): Promise<FormRow | null> {
    const rows: FormRow[] = await this.dataSource.query('SELECT * FROM forms WHERE code = $1', [code]);
    return rows[0] ?? null;
  }

  async activeForm(customerId: string): Promise<FormRow | null> {
    const rows: FormRow[] = await this.dataSource.query(
      'SELECT * FROM forms WHERE customer_id = $1 AND NOT is_archived ORDER BY created_at DESC LIMIT 1',
      [customerId],
    );
    return rows[0] ?? null;
  }

  /** The forms of the clients a caller may see (optionally one client), with the caller's unread chat. */
  formsVisibleTo(
    caller: Caller,
    customerId: string | null,
  ): Promise<(FormRow & { comments_unread: number })[]> {
    const params: unknown[] = [caller.id];
    let where = visibleTo(caller, params);
    if (customerId) {
      params.push(customerId);
      where += ` AND fo.customer_id = $${params.length}`;
    }
    return preparedQuery(
      this.dataSource,
      `SELECT fo.*, (SELECT COALESCE(SUM(${UNREAD('$1')}), 0)::int FROM form_files f WHERE f.code = fo.code) AS comments_unread
         FROM forms fo JOIN customers c ON c.id = fo.customer_id
        WHERE ${where} ORDER BY fo.is_archived, fo.created_at DESC`,
      params,
    );
  }

  /** A form's files, or only those named (the files an upload stored), in the order the form lists them. */
  files(code: string, readerId: string, only?: readonly string[]): Promise<FormFileRow[]> {
    const { sql, parameters } = this.filesRead(code, readerId, only);
    return preparedQuery(this.dataSource, sql, [...parameters]);
  }

  /** The read of `files`, to be answered with a command's commit. */
  filesRead(code: string, readerId: string, only?: readonly string[]): CommitRead {
    return {
      sql: `SELECT ${FILE_COLUMNS}
              FROM form_files f WHERE f.code = $1${only ? ' AND f.id = ANY($3::uuid[])' : ''}
             ORDER BY ${FILE_ORDER}`,
      parameters: only ? [code, readerId, only] : [code, readerId],
    };
  }

  /**
   * A form's files, as `files` reads them for the caller, when the caller may see the form's client: empty
   * both for a form without files and for one that is not there for the caller.
   */
  visibleFiles(caller: Caller, code: string): Promise<FormFileRow[]> {
    const params: unknown[] = [code, caller.id];
    return preparedQuery(
      this.dataSource,
      `SELECT ${FILE_COLUMNS}
         FROM form_files f JOIN forms fo ON fo.code = f.code JOIN customers c ON c.id = fo.customer_id
        WHERE f.code = $1 AND ${visibleTo(caller, params)}
        ORDER BY ${FILE_ORDER}`,
      params,
    );
  }

  /** Every file of a form as a lender package reads it, with the version its status was read at. */
  async packageSources(code: string): Promise<PackageSource[]> {
    const rows: {
      id: string;
      field_name: string;
      caption: string;
      file_name: string;
      extension: string;
      status: FileStatus;
      size: string;
      storage_key: string;
      created_at: Date;
      version: number;
    }[] = await this.dataSource.query(
      `SELECT id, field_name, caption, file_name, extension, status, size, storage_key, created_at, version
         FROM form_files WHERE code = $1`,
      [code],
    );
    return rows.map((row) => ({
      id: row.id,
      fieldName: row.field_name,
      caption: row.caption,
      fileName: row.file_name,
      extension: row.extension,
      status: row.status,
      size: Number(row.size),
      storageKey: row.storage_key,
      uploadedAt: new Date(row.created_at),
      version: row.version,
    }));
  }

  /** Which of these file ids belong to the form (a file never moves to another form). */
  async fileIdsOnForm(code: string, ids: string[]): Promise<Set<string>> {
    const rows = await preparedQuery<{ id: string }>(
      this.dataSource,
      'SELECT id::text AS id FROM form_files WHERE code = $1 AND id::text = ANY($2::text[])',
      [code, ids],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** A page of a file's comments and their total, read only when the caller may see the file's form. */
  async visibleComments(
    caller: Caller,
    code: string,
    fileId: string,
    page: { offset: number; limit: number; direction: 'ASC' | 'DESC' },
  ): Promise<{ rows: CommentRow[]; count: number; visible: boolean }> {
    const params: unknown[] = [fileId, code, page.limit, page.offset];
    const direction = page.direction;
    const found = await preparedQuery<CommentRow & { total_count: number; visible: boolean }>(
      this.dataSource,
      visiblePage({
        visible: `SELECT 1 FROM form_files ff JOIN forms f ON f.code = ff.code JOIN customers c ON c.id = f.customer_id
                   WHERE ff.id = $1 AND ff.code = $2 AND ${visibleTo(caller, params)}`,
        total: `SELECT count(*)::int AS total_count FROM file_comments WHERE file_id = $1 AND ${VISIBLE}`,
        page: `SELECT c.*, u.first_name AS author_first_name, u.last_name AS author_last_name,
                      u.role AS author_role, u.phone_number AS author_phone_number, u.email AS author_email
                 FROM file_comments c LEFT JOIN users u ON u.id = c.author_id
                WHERE c.file_id = $1 AND ${VISIBLE}
                ORDER BY c.created_at ${direction}, c.position ${direction} LIMIT $3 OFFSET $4`,
        order: `page.created_at ${direction}, page.position ${direction}`,
      }),
      params,
    );
    return pageFound<CommentRow>(found);
  }

  async comment(id: string): Promise<CommentRow | null> {
    const rows = await this.commentsById(id);
    return rows[0] ?? null;
  }

  private commentsById(id: string): Promise<CommentRow[]> {
    const { sql, parameters } = this.commentRead(id);
    return preparedQuery(this.dataSource, sql, [...parameters]);
  }

  /** The read of a chat message with its author. */
  commentRead(id: string): CommitRead {
    return {
      sql: `SELECT c.*, u.first_name AS author_first_name, u.last_name AS author_last_name, u.role AS author_role,
                   u.phone_number AS author_phone_number, u.email AS author_email
              FROM file_comments c LEFT JOIN users u ON u.id = c.author_id WHERE c.id = $1`,
      parameters: [id],
    };
  }

  async latestCommentPosition(fileId: string): Promise<number> {
    return Number(
      (
        await this.dataSource.query(
          'SELECT COALESCE(MAX(position), 0) AS p FROM file_comments WHERE file_id = $1',
          [fileId],
        )
      )[0].p,
    );
  }

  async readUpTo(fileId: string, userId: string): Promise<number> {
    const rows: { read_up_to: string }[] = await this.dataSource.query(
      'SELECT read_up_to FROM comment_reads WHERE file_id = $1 AND user_id = $2',
      [fileId, userId],
    );
    return Number(rows[0]?.read_up_to ?? 0);
  }

  templates(): Promise<{ id: string; name: string; fields: FormField[] }[]> {
    return this.dataSource.query('SELECT id, name, fields FROM form_templates ORDER BY name, id');
  }
}
