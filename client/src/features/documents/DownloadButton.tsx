import { ActionIcon } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadUrl } from './format';

/**
 * A file's download as an icon button: named for screen readers, with the browser's own tooltip (a list
 * of files need not carry a floating one per row).
 */
export function DownloadButton({
  url,
  name,
  size = 'md',
}: {
  url: string;
  name: string;
  size?: 'sm' | 'md';
}) {
  return (
    <ActionIcon
      component="a"
      href={downloadUrl(url)}
      variant="subtle"
      color="gray"
      size={size}
      aria-label={`Download ${name}`}
      title="Download"
    >
      <IconDownload size={size === 'sm' ? 16 : 17} />
    </ActionIcon>
  );
}
