import { Box, Group, Loader, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

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

export interface StatusPillProps<Status extends string> {
  value: Status;
  labelOf: (status: Status) => string;
  colorOf: (status: Status) => string;
  /** What the status belongs to, read as "Status of <subject>: <label>". */
  subject: string;
  /** Whether the pill opens a menu to change the status (it shows a chevron then). */
  changeable: boolean;
  /** A change is being saved. */
  pending?: boolean;
  testId?: string;
  size?: 'sm' | 'md';
  /** Overrides the padding of the size. */
  padding?: string;
  dotSize?: number;
}

type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'value' | 'color' | 'style'>;

/**
 * A coloured pill showing a status: read only, or the target of the status menu (`StatusMenu`), which
 * passes its ref and handlers through `button`.
 */
export function StatusPill<Status extends string>({
  value,
  labelOf,
  colorOf,
  subject,
  changeable,
  pending = false,
  testId,
  size = 'sm',
  padding,
  dotSize = 9,
  disabled,
  ...button
}: StatusPillProps<Status> & ButtonProps) {
  const color = colorOf(value);
  return (
    <UnstyledButton
      {...button}
      aria-label={`Status of ${subject}: ${labelOf(value)}`}
      disabled={!changeable || pending || disabled}
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
        cursor: changeable ? 'pointer' : 'default',
        opacity: pending ? 0.6 : 1,
      }}
    >
      <Group gap={6} wrap="nowrap" component="span">
        <StatusDot color={color} size={dotSize} />
        {labelOf(value)}
      </Group>
      {pending ? <Loader size={12} color={color} /> : changeable && <IconChevronDown size={14} />}
    </UnstyledButton>
  );
}
