import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { TOAST_LONG, TOAST_SHORT, toast, toastError } from '../../ui/toast';
import { setFileStatuses } from './api';
import { refreshDocuments, storeHistory } from './queries';
import type { FileStatus, FormFile } from './types';

export const FILE_STATUS_CHANGED = 'File status has been successfully changed.';
export const ALL_STATUSES_CHANGED = 'All statuses has been changed.';

/** Staff set review statuses, saved at once: one file from its dropdown, or every file with 'Check all'. */
export function useFileStatusActions(code: string, customerId: string) {
  const queryClient = useQueryClient();
  const [checkingAll, setCheckingAll] = useState(false);

  const save = useCallback(
    async (changes: { id: string; status: FileStatus }[]) => {
      const history = await setFileStatuses(code, changes);
      storeHistory(queryClient, customerId, code, history);
      refreshDocuments(queryClient, customerId);
    },
    [code, customerId, queryClient],
  );

  const changeStatus = useCallback(
    async (file: FormFile, status: FileStatus) => {
      try {
        await save([{ id: file.id, status }]);
        toast.success(FILE_STATUS_CHANGED, TOAST_SHORT);
      } catch (error) {
        toastError(error);
      }
    },
    [save],
  );

  const checkAll = useCallback(
    async (files: FormFile[]) => {
      const unchecked = files.filter((file) => file.status !== 'checked');
      if (!unchecked.length) return;
      setCheckingAll(true);
      try {
        await save(unchecked.map((file) => ({ id: file.id, status: 'checked' as const })));
        toast.success(ALL_STATUSES_CHANGED, TOAST_LONG);
      } catch (error) {
        toastError(error);
      } finally {
        setCheckingAll(false);
      }
    },
    [save],
  );

  return useMemo(() => ({ changeStatus, checkAll, checkingAll }), [changeStatus, checkAll, checkingAll]);
}
