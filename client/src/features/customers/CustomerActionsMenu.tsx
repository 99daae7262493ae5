import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconEdit,
  IconHistory,
  IconKey,
  IconMail,
  IconSend,
  IconStar,
  IconTrash,
  IconMailForward,
} from '@tabler/icons-react';
import { canEmailLawyer, formatReviewDate, personName } from '@machines/customer.rules';
import type { CustomerView } from './types';
import type { CustomerActions } from './use-customer-actions';

/** A client's row actions: edit, request review, upload request, e-mail the lawyer, password, logs, delete. */
export function CustomerActionsMenu({
  customer,
  actions,
  editing,
  onToggleEdit,
}: {
  customer: CustomerView;
  actions: CustomerActions;
  editing: boolean;
  onToggleEdit: () => void;
}) {
  const reviewLabel = customer.is_review_requested
    ? `Review requested ${formatReviewDate(customer.review_requested_at)}`.trim()
    : 'Request review';
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Actions for ${personName(customer)}`}
        >
          <IconDots size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} />} onClick={onToggleEdit}>
          {editing ? 'Close editing' : 'Edit client'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconStar size={16} />}
          disabled={customer.is_review_requested}
          onClick={() => void actions.requestReview(customer)}
        >
          {reviewLabel}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconSend size={16} />}
          onClick={() => void actions.sendUploadRequest(customer)}
        >
          Send upload request
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMailForward size={16} />}
          disabled={!canEmailLawyer(customer)}
          onClick={() => void actions.emailLawyer(customer)}
        >
          Email the lawyer
        </Menu.Item>
        <Menu.Item
          leftSection={<IconKey size={16} />}
          disabled={!customer.user}
          onClick={() => void actions.resendPassword(customer)}
        >
          Resend password
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMail size={16} />}
          onClick={() => void actions.copyEmail(customer.email)}
        >
          Copy e-mail
        </Menu.Item>
        <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => actions.viewLogs(customer)}>
          View logs
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.remove(customer)}>
          Delete client
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
