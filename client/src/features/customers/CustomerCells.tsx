import { ActionIcon, Anchor, Badge, Group, Indicator, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconFileCheck,
  IconFilePlus,
  IconNotes,
  IconAlertTriangle,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { closingDateState } from '@machines/customer.rules';
import { formatPhone } from '@machines/phone';
import { href } from '../../app/routes';
import { INLINE_TARGET, TARGET_SIZE } from '../../ui/target-size';
import type { CustomerView } from './types';
import type { CustomerActions } from './use-customer-actions';

/** A badge in a table cell shows its whole text: its column makes room rather than cutting it short. */
const WHOLE = { minWidth: 'max-content' } as const;

/**
 * A small link in a table cell, on one line unless it `breaks` between its words (the lawyer's and the
 * appraiser's, so the clients table fits a laptop's screen).
 */
function CellLink({
  to,
  icon,
  color,
  breaks = false,
  children,
}: {
  to: string;
  icon?: React.ReactNode;
  color?: string;
  breaks?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="xs"
      fw={600}
      c={color}
      style={{ ...INLINE_TARGET, whiteSpace: breaks ? undefined : 'nowrap' }}
    >
      <Group gap={4} component="span" wrap="nowrap">
        {icon}
        {children}
      </Group>
    </Anchor>
  );
}

/** Documents: the active form's review, with files waiting for review, or creating the first form. */
export function DocumentsCell({ customer }: { customer: CustomerView }) {
  const formSecret = customer.form_codes[0];
  if (!formSecret) {
    return (
      <CellLink
        to={href('RouteClientFormCreate', { clientID: customer.id })}
        icon={<IconFilePlus size={14} />}
      >
        Create form
      </CellLink>
    );
  }
  const inReview = customer.form_files_stat?.in_review ?? 0;
  const unread = customer.form_comments_stat?.comments_unread ?? 0;
  return (
    <Group gap={6} wrap="nowrap">
      <CellLink
        to={href('RouteClientDocuments', { clientID: customer.id, formSecret })}
        icon={<IconFileCheck size={14} />}
        color={inReview ? 'orange.8' : undefined}
      >
        {inReview ? `${inReview} to review` : 'Documents'}
      </CellLink>
      {unread > 0 && (
        <Badge size="xs" color="red" variant="filled" title="Unread comments" style={WHOLE}>
          New!
        </Badge>
      )}
    </Group>
  );
}

function AssignedMark({ label, to }: { label: string; to: string }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        component={Link}
        to={to}
        size={24}
        radius="xl"
        color="teal"
        variant="light"
        aria-label={label}
      >
        <IconCheck size={15} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Lawyer: 'Assign Lawyer', the warnings 'Lawyer added' / 'Lawyer revoked', nothing more once assigned. */
export function LawyerCell({ customer }: { customer: CustomerView }) {
  const clientID = customer.id;
  switch (customer.lawyer_status) {
    case 'pending_approve':
      return (
        <Badge
          component={Link}
          to={href('RouteStaffLawyerSelected', { clientID })}
          color="orange"
          variant="light"
          style={{ ...WHOLE, cursor: 'pointer' }}
        >
          Lawyer added
        </Badge>
      );
    case 'pending_revoke':
      return (
        <Badge
          component={Link}
          to={href('RouteStaffLawyerSelected', { clientID })}
          color="orange"
          variant="light"
          style={{ ...WHOLE, cursor: 'pointer' }}
        >
          Lawyer revoked
        </Badge>
      );
    case 'assigned':
      return <AssignedMark label="Lawyer assigned" to={href('RouteStaffLawyerSelected', { clientID })} />;
    default:
      return (
        <CellLink to={href('RouteStaffLawyerStepAdd', { clientID })} breaks>
          Assign Lawyer
        </CellLink>
      );
  }
}

/** Appraisal: 'Assign Appraiser', the warning 'Appraiser added', nothing more once assigned. */
export function AppraisalCell({ customer }: { customer: CustomerView }) {
  const clientID = customer.id;
  switch (customer.appraiser_status) {
    case 'pending_approve':
      return (
        <Badge
          component={Link}
          to={href('RouteStaffAppraisersSelected', { clientID })}
          color="orange"
          variant="light"
          style={{ ...WHOLE, cursor: 'pointer' }}
        >
          Appraiser added
        </Badge>
      );
    case 'assigned':
      return (
        <AssignedMark label="Appraiser assigned" to={href('RouteStaffAppraisersSelected', { clientID })} />
      );
    default:
      return (
        <CellLink to={href('RouteStaffAppraisersDashboard', { clientID })} breaks>
          Assign Appraiser
        </CellLink>
      );
  }
}

export function NotesButton({ customer, actions }: { customer: CustomerView; actions: CustomerActions }) {
  const unread = customer.notes_stat?.unread ?? 0;
  return (
    <Tooltip label={unread ? `${unread} unread notes` : 'Notes'} withArrow>
      <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={!unread} color="red" offset={3}>
        <ActionIcon
          variant="light"
          size="md"
          onClick={() => actions.openNotes(customer)}
          aria-label={`Notes of ${customer.first_name} ${customer.last_name}`}
        >
          <IconNotes size={18} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

export function CopyableText({
  text,
  display,
  label,
  onCopy,
  maw,
  fill = false,
}: {
  text: string;
  display?: string;
  label: string;
  onCopy: () => void;
  maw?: number;
  /** Take the width its table column is given, never less than `maw`: a column sized by its text would take it all. */
  fill?: boolean;
}) {
  if (!text) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text
        fz="inherit"
        c="navy.8"
        truncate
        title={display ?? text}
        {...(fill ? { w: 0, miw: maw, style: { flex: 1 } } : { maw })}
      >
        {display ?? text}
      </Text>
      <Tooltip label={label} withArrow>
        <ActionIcon variant="subtle" color="gray" size={TARGET_SIZE} onClick={onCopy} aria-label={label}>
          <IconCopy size={13} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export function EmailCell({
  customer,
  actions,
  maw = 200,
  fill,
}: {
  customer: CustomerView;
  actions: CustomerActions;
  maw?: number;
  fill?: boolean;
}) {
  return (
    <CopyableText
      text={customer.email}
      label="Copy e-mail"
      maw={maw}
      fill={fill}
      onCopy={() => void actions.copyEmail(customer.email)}
    />
  );
}

export function PhoneCell({ customer, actions }: { customer: CustomerView; actions: CustomerActions }) {
  const formatted = formatPhone(customer.phone_number);
  return (
    <CopyableText
      text={formatted}
      label="Copy phone number"
      onCopy={() => void actions.copyData(formatted)}
    />
  );
}

/** A warning triangle beside the name while the closing date is near (or passed) on an open file. */
export function ClosingDateMark({ customer }: { customer: CustomerView }) {
  const state = closingDateState(customer);
  if (!state.warning) return null;
  const label = state.counter ?? 'The closing date has passed';
  return (
    <Tooltip label={label} withArrow>
      <ThemeIcon size={20} radius="xl" color="orange" variant="light" role="img" aria-label={label}>
        <IconAlertTriangle size={13} />
      </ThemeIcon>
    </Tooltip>
  );
}
