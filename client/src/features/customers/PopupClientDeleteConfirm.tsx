import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ContextModalProps } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES, href } from '../../app/routes';
import { personName } from '@machines/customer.rules';
import { formatPhoneOrUnknown } from '@machines/phone';
import { closePopup } from '../../ui/popups';
import { TOAST_LONG, toast, toastError } from '../../ui/toast';
import { useDeleteCustomer } from './queries';
import type { CustomerView } from './types';

export type PopupClientDeleteConfirmProps = {
  customer: Pick<CustomerView, 'id' | 'first_name' | 'last_name' | 'phone_number'>;
};

/** 'Are you sure?': the client's full name and phone, then Delete client or Cancel. */
export function PopupClientDeleteConfirm({ innerProps }: ContextModalProps<PopupClientDeleteConfirmProps>) {
  const { customer } = innerProps;
  const deletion = useDeleteCustomer();
  // Once deleted, the popup is closing: nothing is offered any more.
  const pending = deletion.isPending || deletion.isSuccess;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const name = personName(customer);

  const remove = () =>
    deletion.mutate(customer.id, {
      onSuccess: () => {
        toast.success(`Client ${name} has been permanently deleted`, TOAST_LONG);
        closePopup('PopupClientDeleteConfirm');
        // A page of the deleted client has nothing left to show.
        if (pathname.startsWith(href('RouteClient', { clientID: customer.id })))
          void navigate(ROUTES.RouteDashboard);
      },
      onError: (error) => toastError(error),
    });

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" color="red" variant="light">
          <IconTrash size={22} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            This client and their access will be permanently deleted:
          </Text>
          <Text fw={700} c="navy.9" data-testid="delete-client-name">
            {name}
          </Text>
          <Text size="sm" c="navy.7" data-testid="delete-client-phone">
            {formatPhoneOrUnknown(customer.phone_number)}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => closePopup('PopupClientDeleteConfirm')} disabled={pending}>
          Cancel
        </Button>
        <Button color="red" onClick={remove} loading={pending} data-autofocus>
          Delete client
        </Button>
      </Group>
    </Stack>
  );
}
