import { FILE_STATUSES } from '@machines/documents';
import { StatusMenu } from '../../ui/StatusMenu';
import { fileStatusColor, fileStatusLabel } from './format';
import type { FileStatus } from './types';

/**
 * The review status of an uploaded document: a dropdown over checked, in review and issue for staff,
 * saved at once; customers see the same pill, disabled.
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
  return (
    <StatusMenu<FileStatus>
      options={FILE_STATUSES}
      value={status}
      labelOf={fileStatusLabel}
      colorOf={fileStatusColor}
      subject={fileName}
      menuLabel="Document status"
      onChange={onChange}
      disabled={disabled}
      testId="file-status"
      padding="4px 10px"
      position="bottom-end"
      menuWidth={180}
      dotSize={8}
    />
  );
}
