import { Button, Checkbox, Group, Tooltip } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { toastError } from '../../ui/toast';
import { lenderPackageLink } from './api';
import type { FormFile } from './types';
import { saveFrom } from '../../ui/save-file';

/**
 * Staff download one ZIP of the client's checked documents for the lender, with an index; the files in
 * review only when ticked. Disabled until a file is checked.
 */
export function LenderPackageButton({ customerId, files }: { customerId: string; files: FormFile[] }) {
  const [includeInReview, setIncludeInReview] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const hasChecked = files.some((file) => file.status === 'checked');
  const hasInReview = files.some((file) => file.status === 'in_review');

  const download = async () => {
    setDownloading(true);
    try {
      saveFrom(await lenderPackageLink(customerId, includeInReview));
    } catch (error) {
      toastError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Group gap="md" data-testid="lender-package">
      <Tooltip label="Check at least one document first" disabled={hasChecked} withArrow>
        <Button
          variant="default"
          leftSection={<IconFileZip size={17} />}
          disabled={!hasChecked}
          loading={downloading}
          onClick={() => void download()}
        >
          Download lender package
        </Button>
      </Tooltip>
      <Checkbox
        label="Include files in review"
        checked={includeInReview}
        disabled={!hasChecked || !hasInReview}
        onChange={(event) => setIncludeInReview(event.currentTarget.checked)}
      />
    </Group>
  );
}
