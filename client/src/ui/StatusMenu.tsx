import { Box, Group, Loader, Menu, UnstyledButton, type MenuProps } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';

/** A small coloured dot, the colour of a status. */
export function StatusDot({ color, size = 9 }: { color: string; size?: number }) {
  return (
    <Box
      w={size}
      h={size}
      style={{ borderRadius: '50%', background: `var(--mantine-color-${color}-6)`, flex: 'none' }}
    />
  );
}

export interface StatusMenuProps<Status extends string> {
  /** The statuses offered, in the order of the menu. */
  options: readonly Status[];
  value: Status;
  labelOf: (status: Status) => string;
  colorOf: (status: Status) => string;
  /** What the status belongs to, read as "Status of <subject>: <label>". */
  subject: string;
  /** The heading of the menu ('Change status'). */
  menuLabel: string;
  /** Saves the chosen status; the pill waits until it settles. Without it the pill is read only. */
  onChange?: (status: Status) => Promise<unknown>;
  disabled?: boolean;
  testId?: string;
  size?: 'sm' | 'md';
  /** Overrides the padding of the size. */
  padding?: string;
  position?: MenuProps['position'];
  menuWidth?: number;
  dotSize?: number;
}

/** A coloured status pill that opens a menu of the statuses; a choice is saved at once. */
export function StatusMenu<Status extends string>({
  options,
  value,
  labelOf,
  colorOf,
  subject,
  menuLabel,
  onChange,
  disabled = false,
  testId,
  size = 'sm',
  padding,
  position = 'bottom-start',
  menuWidth = 200,
  dotSize = 9,
}: StatusMenuProps<Status>) {
  const [pending, setPending] = useState(false);
  const color = colorOf(value);
  const readOnly = disabled || !onChange;
  const change = async (next: Status) => {
    if (next === value || !onChange) return;
    setPending(true);
    try {
      await onChange(next);
    } finally {
      setPending(false);
    }
  };
  return (
    <Menu position={position} shadow="md" width={menuWidth} withinPortal disabled={readOnly}>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Status of ${subject}: ${labelOf(value)}`}
          disabled={readOnly || pending}
          data-testid={testId}
          data-status={value}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 6,
            padding: padding ?? (size === 'md' ? '7px 12px' : '4px 8px 4px 10px'),
            borderRadius: 'var(--mantine-radius-xl)',
            background: `var(--mantine-color-${color}-light)`,
            color: `var(--mantine-color-${color}-light-color)`,
            fontWeight: 600,
            fontSize: size === 'md' ? 'var(--mantine-font-size-sm)' : 12,
            whiteSpace: 'nowrap',
            cursor: readOnly ? 'default' : 'pointer',
            opacity: pending ? 0.6 : 1,
          }}
        >
          <Group gap={6} wrap="nowrap" component="span">
            <StatusDot color={color} size={dotSize} />
            {labelOf(value)}
          </Group>
          {pending ? <Loader size={12} color={color} /> : !readOnly && <IconChevronDown size={14} />}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{menuLabel}</Menu.Label>
        {options.map((option) => (
          <Menu.Item
            key={option}
            leftSection={<StatusDot color={colorOf(option)} size={dotSize} />}
            rightSection={option === value ? <IconCheck size={14} /> : null}
            onClick={() => void change(option)}
          >
            {labelOf(option)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
