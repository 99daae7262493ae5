import { Menu, type MenuProps } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { StatusDot, StatusPill } from './StatusPill';

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
        <StatusPill
          value={value}
          labelOf={labelOf}
          colorOf={colorOf}
          subject={subject}
          changeable={!readOnly}
          pending={pending}
          testId={testId}
          size={size}
          padding={padding}
          dotSize={dotSize}
        />
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
