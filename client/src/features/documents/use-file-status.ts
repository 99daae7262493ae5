import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useCommand } from '../../api/use-command';
import { TOAST_LONG, TOAST_SHORT, toast, toastError } from '../../ui/toast';
import { setFileStatuses } from './api';
import { documentKeys, storeHistory } from './queries';
import type { FileStatus, FormFile } from './types';

export const FILE_STATUS_CHANGED = 'File status has been successfully changed.';
export const ALL_STATUSES_CHANGED = 'All statuses has been changed.';

interface StatusSave {
  changes: { id: string; status: FileStatus }[];
  /** 'Check all', as opposed to one file's dropdown. */
  all: boolean;
}

/**
 * Staff set review statuses, saved at once: one file from its dropdown, or every file with 'Check all'.
 * The answer is the form's whole history, which replaces the cached one.
 */
export function useFileStatusActions(code: string, customerId: string) {
  const queryClient = useQueryClient();
  const { mutateAsync, isPending, variables } = useCommand<FormFile[], StatusSave>({
    send: ({ changes }, requestId) => setFileStatuses(code, changes, requestId),
    answers: () => [documentKeys.history(customerId, code)],
    onSuccess: (history, { all }) => {
      storeHistory(queryClient, customerId, code, history);
      if (all) toast.success(ALL_STATUSES_CHANGED, TOAST_LONG);
      else toast.success(FILE_STATUS_CHANGED, TOAST_SHORT);
    },
    onError: (error) => toastError(error),
  });

  // The toasts tell of a failure; the caller only waits for the end.
  const save = useCallback(
    (changes: StatusSave) =>
      mutateAsync(changes).then(
        () => undefined,
        () => undefined,
      ),
    [mutateAsync],
  );

  const changeStatus = useCallback(
    (file: FormFile, status: FileStatus) => save({ changes: [{ id: file.id, status }], all: false }),
    [save],
  );

  const checkAll = useCallback(
    async (files: FormFile[]) => {
      const unchecked = files.filter((file) => file.status !== 'checked');
      if (!unchecked.length) return;
      await save({
        changes: unchecked.map((file) => ({ id: file.id, status: 'checked' as const })),
        all: true,
      });
    },
    [save],
  );

  const checkingAll = isPending && !!variables?.all;
  return useMemo(() => ({ changeStatus, checkAll, checkingAll }), [changeStatus, checkAll, checkingAll]);
}
