import { Badge, Box, Group, Loader, Menu, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { STATUS_OPTIONS, personName, statusLabel } from '@machines/customer.rules';
import type { CustomerStatus, CustomerView } from './types';
import type { CustomerActions } from './use-customer-actions';

export const STATUS_COLORS: Record<string, string> = {
  active: 'blue',
  approved: 'teal',
  pre_approved: 'cyan',
  broker_complete: 'indigo',
  funded: 'green',
  closed: 'gray',
  cancelled: 'red',
  consent_signed: 'violet',
};

export function statusColor(status: string | null | undefined): string {
  return STATUS_COLORS[status ?? ''] ?? 'gray';
}

function Dot({ color }: { color: string }) {
  return (
    <Box
      w={9}
      h={9}
      style={{ borderRadius: '50%', background: `var(--mantine-color-${color}-6)`, flex: 'none' }}
    />
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="light"
      color={statusColor(status)}
      radius="sm"
      tt="none"
      leftSection={<Dot color={statusColor(status)} />}
    >
      {statusLabel(status)}
    </Badge>
  );
}

/** The status dropdown of a client (list row and panel): any status to any status, saved at once. */
export function StatusSelect({
  customer,
  actions,
  size = 'sm',
  fullWidth = false,
}: {
  customer: CustomerView;
  actions: CustomerActions;
  size?: 'sm' | 'md';
  fullWidth?: boolean;
}) {
  const [pending, setPending] = useState(false);
  const color = statusColor(customer.status);
  const change = async (value: CustomerStatus) => {
    if (value === customer.status) return;
    setPending(true);
    await actions.changeStatus(customer, value);
    setPending(false);
  };
  return (
    <Menu position="bottom-start" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Status of ${personName(customer)}: ${statusLabel(customer.status)}`}
          disabled={pending}
          data-testid="status-select"
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 6,
            width: fullWidth ? '100%' : undefined,
            padding: size === 'md' ? '7px 12px' : '4px 8px 4px 10px',
            borderRadius: 'var(--mantine-radius-xl)',
            background: `var(--mantine-color-${color}-light)`,
            color: `var(--mantine-color-${color}-light-color)`,
            fontWeight: 600,
            fontSize: size === 'md' ? 'var(--mantine-font-size-sm)' : 12,
            whiteSpace: 'nowrap',
            opacity: pending ? 0.6 : 1,
          }}
        >
          <Group gap={6} wrap="nowrap" component="span">
            <Dot color={color} />
            {statusLabel(customer.status)}
          </Group>
          {pending ? <Loader size={12} color={color} /> : <IconChevronDown size={14} />}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Change status</Menu.Label>
        {STATUS_OPTIONS.map((option) => (
          <Menu.Item
            key={option.value}
            leftSection={<Dot color={statusColor(option.value)} />}
            rightSection={option.value === customer.status ? <IconCheck size={14} /> : null}
            onClick={() => void change(option.value)}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
