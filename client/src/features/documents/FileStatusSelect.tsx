import { Box, Group, Loader, Menu, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { FILE_STATUSES } from '@machines/documents';
import { fileStatusColor, fileStatusLabel } from './format';
import type { FileStatus } from './types';

function Dot({ color }: { color: string }) {
  return (
    <Box
      w={8}
      h={8}
      style={{ borderRadius: '50%', background: `var(--mantine-color-${color}-6)`, flex: 'none' }}
    />
  );
}

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
  const [pending, setPending] = useState(false);
  const color = fileStatusColor(status);
  const readOnly = disabled || !onChange;
  const change = async (value: FileStatus) => {
    if (value === status || !onChange) return;
    setPending(true);
    try {
      await onChange(value);
    } finally {
      setPending(false);
    }
  };
  return (
    <Menu position="bottom-end" shadow="md" width={180} withinPortal disabled={readOnly}>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Status of ${fileName}: ${fileStatusLabel(status)}`}
          disabled={readOnly || pending}
          data-testid="file-status"
          data-status={status}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 6,
            padding: '4px 10px',
            borderRadius: 'var(--mantine-radius-xl)',
            background: `var(--mantine-color-${color}-light)`,
            color: `var(--mantine-color-${color}-light-color)`,
            fontWeight: 600,
            fontSize: 12,
            whiteSpace: 'nowrap',
            cursor: readOnly ? 'default' : 'pointer',
            opacity: pending ? 0.6 : 1,
          }}
        >
          <Group gap={6} wrap="nowrap" component="span">
            <Dot color={color} />
            {fileStatusLabel(status)}
          </Group>
          {pending ? <Loader size={12} color={color} /> : !readOnly && <IconChevronDown size={14} />}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Document status</Menu.Label>
        {FILE_STATUSES.map((option) => (
          <Menu.Item
            key={option}
            leftSection={<Dot color={fileStatusColor(option)} />}
            rightSection={option === status ? <IconCheck size={14} /> : null}
            onClick={() => void change(option)}
          >
            {fileStatusLabel(option)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
