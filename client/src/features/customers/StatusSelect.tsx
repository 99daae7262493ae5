import { Badge } from '@mantine/core';
import { CUSTOMER_STATUSES } from '@machines/customer.enums';
import { personName, statusLabel } from '@machines/customer.rules';
import { StatusMenu } from '../../ui/StatusMenu';
import { StatusDot } from '../../ui/StatusPill';
import type { CustomerStatus, CustomerView } from './types';
import type { CustomerActions } from './use-customer-actions';

const STATUS_COLORS: Record<string, string> = {
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

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="light"
      color={statusColor(status)}
      radius="sm"
      tt="none"
      leftSection={<StatusDot color={statusColor(status)} />}
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
}: {
  customer: CustomerView;
  actions: CustomerActions;
  size?: 'sm' | 'md';
}) {
  return (
    <StatusMenu<CustomerStatus>
      options={CUSTOMER_STATUSES}
      value={customer.status}
      labelOf={statusLabel}
      colorOf={statusColor}
      subject={personName(customer)}
      menuLabel="Change status"
      onChange={(status) => actions.changeStatus(customer, status)}
      testId="status-select"
      size={size}
    />
  );
}
