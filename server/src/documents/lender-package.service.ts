import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { CustomersService } from '../customers/customers.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { decideAgainOnConflict } from '../platform/event-store/decide-again-on-conflict.js';
import { EventStore, streamCommand } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../platform/storage/object-storage.js';
import { DocumentsRepository } from './documents.repository.js';
import { formFileDecider } from './form-file.decider.js';
import { formDecider, lenderPackageRefusals } from './form.decider.js';
import { FORM_FILE_STREAM, FORM_STREAM } from './form.events.js';
import {
  type IndexRow,
  indexCsv,
  type PackageEntry,
  packageEntries,
  packageFileName,
  shouldCompress,
} from './lender-package.js';
import { indexPdf } from './lender-package.pdf.js';

/** A package decided and recorded, ready to be streamed. */
export interface LenderPackage {
  fileName: string;
  title: string;
  entries: PackageEntry[];
}

/**
 * The lender package of a client: the checked files of their active form (and the files in review when
 * asked) in one ZIP, streamed from storage one file at a time, each hashed on its way, then the index.
 */
@Injectable()
export class LenderPackageService {
  private readonly logger = new Logger('LenderPackage');

  constructor(
    private readonly events: EventStore,
    private readonly repository: DocumentsRepository,
    private readonly customers: CustomersService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /**
   * Decides what goes in the package and records the download before a byte is sent: the form's decider
   * refuses a package without a checked file (409), and every packaged file is held at the version its
   * status was read at, so the recorded list is the one streamed, whatever changes meanwhile.
   */
  async prepare(
    caller: Caller,
    customerId: string,
    includeInReview: boolean,
    meta: EventMetadata,
  ): Promise<LenderPackage> {
    const customer = await this.customers.visibleRecord(caller, customerId);
    // Read again and decided again when a file moved meanwhile (a status, or a preview made) or another
    // download of the same form was recorded first: colleagues downloading at once all get their package.
    const entries = await decideAgainOnConflict(() => this.record(caller, customerId, includeInReview, meta));
    const name = `${customer.first_name} ${customer.last_name}`;
    return {
      fileName: packageFileName(customer.first_name, customer.last_name, new Date()),
      title: `Lender package - ${name}`,
      entries,
    };
  }

  /**
   * Refuses, as a download would, a package the client has nothing for, without recording anything: asked
   * before a download link is handed out, so the refusal shows where the button was pressed.
   */
  async check(caller: Caller, customerId: string, includeInReview: boolean): Promise<void> {
    await this.customers.ensureVisible(caller, customerId);
    const form = await this.repository.activeForm(customerId);
    if (!form) throw lenderPackageRefusals.noCheckedFile();
    const entries = packageEntries(
      form.fields,
      await this.repository.packageSources(form.code),
      includeInReview,
    );
    if (!entries.some((entry) => entry.status === 'checked')) throw lenderPackageRefusals.noCheckedFile();
  }

  private async record(
    caller: Caller,
    customerId: string,
    includeInReview: boolean,
    meta: EventMetadata,
  ): Promise<PackageEntry[]> {
    const form = await this.repository.activeForm(customerId);
    if (!form) throw lenderPackageRefusals.noCheckedFile();
    const files = await this.repository.packageSources(form.code);
    const entries = packageEntries(form.fields, files, includeInReview);
    await this.events.handleAll(
      [
        streamCommand(
          formDecider,
          { type: FORM_STREAM, id: form.code },
          {
            type: 'RecordLenderPackage',
            downloadedBy: caller.id,
            includeInReview,
            files: entries.map((entry) => ({ id: entry.id, status: entry.status })),
          },
        ),
        ...entries.map((entry) =>
          streamCommand(
            formFileDecider,
            { type: FORM_FILE_STREAM, id: entry.id },
            { type: 'ChangeStatus', status: entry.status },
            entry.version,
          ),
        ),
      ],
      meta,
    );
    return entries;
  }

  /**
   * Streams the package into the response. Only the file being read is open; a closed connection destroys
   * the archive and that file's stream at once, and a storage error aborts the response (the download
   * ends incomplete rather than with a wrong archive).
   */
  async stream(pkg: LenderPackage, response: ServerResponse): Promise<void> {
    const zip = new ZipFile();
    const output = zip.outputStream as Readable;
    let source: Readable | null = null;
    let stopped = false;
    const stop = (error?: Error) => {
      if (stopped) return;
      stopped = true;
      source?.destroy();
      output.destroy();
      if (!response.writableFinished) response.destroy(error);
    };
    response.on('close', () => {
      if (!response.writableFinished) stop();
    });
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', attachment(pkg.fileName));
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    output.on('error', (error: Error) => stop(error));
    output.pipe(response);

    const rows: IndexRow[] = [];
    try {
      for (const entry of pkg.entries) {
        if (stopped) return;
        source = await this.storage.get(entry.storageKey);
        if (stopped) {
          source.destroy();
          return;
        }
        const hash = createHash('sha256');
        let size = 0;
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        });
        source.on('error', (error) => hashing.destroy(error));
        source.pipe(hashing);
        zip.addReadStream(hashing, entry.entryName, {
          compress: shouldCompress(entry.extension),
          mtime: entry.uploadedAt,
        });
        // The entry is written once the hashing stream has been read to its end by the archive.
        await finished(hashing, { writable: false });
        source = null;
        rows.push({
          caption: entry.caption,
          entryName: entry.entryName,
          status: entry.status,
          uploadedAt: entry.uploadedAt,
          size,
          sha256: hash.digest('hex'),
        });
      }
      if (stopped) return;
      const made = new Date();
      zip.addBuffer(Buffer.from(indexCsv(rows), 'utf8'), 'index.csv', { mtime: made, compress: true });
      zip.addBuffer(await indexPdf(pkg.title, made, rows), 'index.pdf', { mtime: made, compress: false });
      zip.end();
      await finished(response);
    } catch (error) {
      if (!stopped) this.logger.warn(`Lender package cut short: ${(error as Error).message}`);
      stop(error as Error);
    }
  }
}

/** `attachment` with an ASCII fallback name and the exact name in UTF-8 (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
