import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import sharp from 'sharp';
import { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import { EventProcessorRunner, type EventProcessor } from '../platform/event-store/event-processor.js';
import { EventStore } from '../platform/event-store/event-store.js';
import { SYSTEM_METADATA, type StoredEvent } from '../platform/event-store/event.types.js';
import { decideAgainOnConflict } from '../platform/event-store/decide-again-on-conflict.js';
import { JOB_QUEUE, type JobQueue } from '../platform/queue/job-queue.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../platform/storage/object-storage.js';
import { commentDecider } from './comment.decider.js';
import { formFileDecider } from './form-file.decider.js';
import { renderFirstPage } from './pdf-preview.js';
import { COMMENT_STREAM, FORM_FILE_STREAM, type CommentAdded, type FileUploaded } from './form.events.js';

export const MAKE_THUMBNAIL_JOB = 'make-thumbnail';
const THUMBNAIL_WIDTH = 320;

interface ThumbnailJob {
  stream: 'form_file' | 'file_comment';
  id: string;
  key: string;
  mimeType: string;
  code: string;
  customerId: string;
  fileId: string;
}

const IMAGES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/tiff',
  'image/avif',
  'image/heic',
  'image/heif',
];

/** Images sharp can read, and PDFs (their first page, through pdf.js). */
export function canThumbnail(mimeType: string): boolean {
  return IMAGES.includes(mimeType) || mimeType === 'application/pdf';
}

/**
 * Makes a small preview of each uploaded image in the background, stores it beside the file and records
 * `*.thumbnail_created`, so lists and the chat show it.
 */
@Injectable()
export class Thumbnails implements EventProcessor, OnModuleInit {
  readonly name = 'thumbnails';
  readonly durable = true;
  private readonly logger = new Logger('Thumbnails');

  constructor(
    private readonly runner: EventProcessorRunner,
    private readonly events: EventStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  onModuleInit(): void {
    this.runner.register(this);
    this.queue.register<ThumbnailJob>(MAKE_THUMBNAIL_JOB, (job) => this.make(job), {
      queue: 'thumbnails',
      // The file keeps its file-type icon; nothing else depends on the preview.
      onGaveUp: async (job, reason) => this.logger.warn(`No preview for ${job.key}: ${reason}`),
    });
  }

  accepts(event: StoredEvent): boolean {
    return event.type === 'form_file.uploaded' || event.type === 'comment.added';
  }

  /** Records the preview job with the checkpoint (`tx`); it is made after that commits. */
  async handle(event: StoredEvent, tx?: EntityManager): Promise<void> {
    let job: ThumbnailJob | null = null;
    if (event.type === 'form_file.uploaded') {
      const d = (event as StoredEvent & FileUploaded).data;
      job = {
        stream: 'form_file',
        id: d.fileId,
        key: d.file.key,
        mimeType: d.file.mimeType,
        code: d.code,
        customerId: d.customerId,
        fileId: d.fileId,
      };
    } else if (event.type === 'comment.added') {
      const d = (event as StoredEvent & CommentAdded).data;
      if (d.file)
        job = {
          stream: 'file_comment',
          id: d.commentId,
          key: d.file.key,
          mimeType: d.file.mimeType,
          code: d.code,
          customerId: d.customerId,
          fileId: d.fileId,
        };
    }
    if (job && canThumbnail(job.mimeType))
      await this.queue.add(MAKE_THUMBNAIL_JOB, job, { jobId: `${job.stream}-${job.id}` }, tx);
  }

  async make(job: ThumbnailJob): Promise<void> {
    const key = `${job.key}.thumbnail.webp`;
    if (!(await this.storage.exists(key))) {
      let source: Readable;
      try {
        source = await this.storage.get(job.key);
      } catch {
        return; // the file is gone; nothing to preview
      }
      const resize = sharp({ failOn: 'none' })
        .rotate()
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .webp({ quality: 70 });
      try {
        if (job.mimeType === 'application/pdf') {
          const page = await renderFirstPage(source, THUMBNAIL_WIDTH);
          if (!page) return; // too large to preview
          await this.storage.put(key, Readable.from([page]).pipe(resize), 'image/webp');
        } else {
          // `pipe` does not pass a read error on: the resize fails with it, and so does the put.
          source.on('error', (error) => resize.destroy(error));
          await this.storage.put(key, source.pipe(resize), 'image/webp');
        }
      } catch (error) {
        this.logger.warn(`No preview for ${job.key}: ${(error as Error).message}`);
        return;
      }
    }
    // The file's status may change while its preview is made: the preview is recorded on the file as it is then.
    await decideAgainOnConflict(async () => {
      if (job.stream === 'form_file')
        await this.events.handle(
          formFileDecider,
          { type: FORM_FILE_STREAM, id: job.id },
          { type: 'RecordThumbnail', key },
          SYSTEM_METADATA,
        );
      else
        await this.events.handle(
          commentDecider,
          { type: COMMENT_STREAM, id: job.id },
          { type: 'RecordThumbnail', key },
          SYSTEM_METADATA,
        );
    });
  }
}
