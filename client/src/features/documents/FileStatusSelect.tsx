import { FILE_STATUSES } from '@machines/documents';
import { lazy, Suspense } from 'react';
import { StatusPill } from '../../ui/StatusPill';
import { fileStatusColor, fileStatusLabel } from './format';
import type { FileStatus } from './types';

// The menu (with its floating dropdown) is staff's only: a customer's page shows the pill alone.
const StatusMenu = lazy(async () => ({
  default: (await import('../../ui/StatusMenu')).StatusMenu<FileStatus>,
}));

/**
 * The review status of an uploaded document: a dropdown over checked, in review and issue for staff,
 * saved at once; customers see the same pill, read only.
 */
export function FileStatusSelect({
  status,
  fileName,
  disabled = false,
  onChange,
}: {
  status: FileStatus;
  fileName: string;
  disabled?: boolean;
  onChange?: (status: FileStatus) => Promise<unknown>;
}) {
  const pill = {
    value: status,
    labelOf: fileStatusLabel,
    colorOf: fileStatusColor,
    subject: fileName,
    testId: 'file-status',
    padding: '4px 10px',
    dotSize: 8,
  };
  if (disabled || !onChange) return <StatusPill {...pill} changeable={false} />;
  return (
    <Suspense fallback={<StatusPill {...pill} changeable disabled />}>
      <StatusMenu
        {...pill}
        options={FILE_STATUSES}
        menuLabel="Document status"
        onChange={onChange}
        position="bottom-end"
        menuWidth={180}
      />
    </Suspense>
  );
}
