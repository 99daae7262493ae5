import { useCallback, useEffect, useRef, useState } from 'react';
import { emptyFileMessage, FILE_TOO_LARGE_MESSAGE } from '@machines/accepted-files';
import {
  NO_DOCUMENTS_MESSAGE,
  UPLOAD_SUCCESS_MESSAGE,
  dequeue,
  enqueue,
  queuedBytes,
  queuedCount,
  uploadBatches,
  type UploadQueues,
} from '@machines/upload-queue';
import { ApiError, errorText } from '../../api/errors';
import { useCommand } from '../../api/use-command';
import { TOAST_LONG, toast } from '../../ui/toast';
import { uploadFiles } from './api';

export interface UploadState {
  queues: UploadQueues<File>;
  /** A message per field: a file refused before queueing, or the server's refusal of that field. */
  fieldErrors: Record<string, string>;
  uploading: boolean;
  /** 0..100 while uploading. */
  progress: number;
  count: number;
  bytes: number;
  add: (field: string, files: File[]) => void;
  remove: (field: string, id: string) => void;
  setFieldError: (field: string, message: string | null) => void;
  upload: () => Promise<void>;
}

/**
 * The files a customer queues per form field and their upload: one multipart part per field name, in
 * requests of at most 20 files, with the bytes sent shown as progress. On success the queues clear; the
 * history and the counters follow from the upload's pushes.
 */
export function useUploadQueues(code: string, fieldOrder: string[]): UploadState {
  const [queues, setQueues] = useState<UploadQueues<File>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState(0);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const setFieldError = useCallback((field: string, message: string | null) => {
    setFieldErrors((current) => {
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  }, []);

  const add = useCallback(
    (field: string, files: File[]) => {
      const result = enqueue(queues, field, files);
      setQueues(result.queues);
      setFieldError(
        field,
        result.tooLarge.length
          ? FILE_TOO_LARGE_MESSAGE
          : result.empty.length
            ? emptyFileMessage(result.empty.map((file) => file.name).join(', '))
            : null,
      );
    },
    [queues, setFieldError],
  );

  const remove = useCallback((field: string, id: string) => {
    setQueues((current) => dequeue(current, field, id));
  }, []);

  const { mutateAsync: send, isPending: uploading } = useCommand<void, UploadQueues<File>>({
    send: async (queued, requestId) => {
      const controller = new AbortController();
      abort.current = controller;
      const total = queuedBytes(queued) || 1;
      let done = 0;
      let remaining = queued;
      for (const batch of uploadBatches(queued, fieldOrder)) {
        const batchBytes = batch.reduce((sum, part) => sum + part.file.size, 0);
        await uploadFiles(
          code,
          batch,
          ({ loaded, total: sent }) =>
            setProgress(
              Math.min(99, Math.round(((done + (loaded / (sent || 1)) * batchBytes) / total) * 100)),
            ),
          requestId,
          controller.signal,
        );
        done += batchBytes;
        // What is on the server leaves the queue, even if a later request fails.
        for (const part of batch) {
          const item = remaining[part.field]?.find((entry) => entry.file === part.file);
          if (item) remaining = dequeue(remaining, part.field, item.id);
        }
        setQueues(remaining);
      }
    },
    onSuccess: () => {
      setProgress(100);
      toast.success(UPLOAD_SUCCESS_MESSAGE, TOAST_LONG);
    },
    onError: (error) => {
      if (abort.current?.signal.aborted) return;
      const field = error instanceof ApiError ? error.errors.find((e) => e.field)?.field : undefined;
      if (field && fieldOrder.includes(field)) setFieldError(field, errorText(error));
      toast.error(errorText(error));
    },
  });

  const upload = useCallback(async () => {
    if (uploading) return;
    if (queuedCount(queues) === 0) {
      toast.error(NO_DOCUMENTS_MESSAGE);
      return;
    }
    setProgress(0);
    setFieldErrors({});
    // The toasts tell of a failure.
    await send(queues).catch(() => undefined);
  }, [uploading, queues, send]);

  return {
    queues,
    fieldErrors,
    uploading,
    progress,
    count: queuedCount(queues),
    bytes: queuedBytes(queues),
    add,
    remove,
    setFieldError,
    upload,
  };
}

/**
 * Dropping a file anywhere else on the page would open it in the browser and leave the page: the
 * browser's own drop is suppressed while the page is shown (the drop zones handle theirs).
 */
export function useSuppressBrowserDrop(): void {
  useEffect(() => {
    const inDropzone = (event: DragEvent) =>
      event.target instanceof Element && !!event.target.closest('[data-dropzone]');
    const onDragOver = (event: DragEvent) => {
      event.preventDefault();
      if (event.dataTransfer && !inDropzone(event)) event.dataTransfer.dropEffect = 'none';
    };
    const onDrop = (event: DragEvent) => event.preventDefault();
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
}
