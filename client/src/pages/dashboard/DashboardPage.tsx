import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { personName, statusLabel } from '@machines/customer.rules';
import { errorText } from '../../api/errors';
import { useCurrentUser } from '../../features/auth/session';
import { ClientsCards, ClientsTable } from '../../features/customers/ClientsTable';
import { ClientsToolbar } from '../../features/customers/ClientsToolbar';
import { CustomerPanel } from '../../features/customers/CustomerPanel';
import {
  DEFAULT_LIST_STATE,
  pageCount,
  toCustomersQuery,
  useClientsListState,
} from '../../features/customers/list-state';
import { useCustomersList } from '../../features/customers/queries';
import type { CustomerStatus, CustomerView } from '../../features/customers/types';
import { useCustomerActions } from '../../features/customers/use-customer-actions';
import { toastWithAction } from '../../ui/toast';

function ListSkeleton() {
  return (
    <Stack gap="sm" p="md" aria-busy="true" aria-label="Loading clients">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} h={38} radius="md" />
      ))}
    </Stack>
  );
}

/** '12 clients', or with a filter or a search '3 clients match' (not one cause of a smaller number). */
function clientsCount(count: number, filtered: boolean): string {
  const noun = count === 1 ? 'client' : 'clients';
  return filtered ? `${count} ${noun} ${count === 1 ? 'matches' : 'match'}` : `${count} ${noun}`;
}

/** RouteDashboard: the staff clients dashboard. */
export function DashboardPage() {
  const me = useCurrentUser();
  const canFilterByBroker = me?.role === 'principal_broker' || me?.role === 'assistant';
  const showBroker = me?.role !== 'broker';
  const [state, update] = useClientsListState();
  const query = toCustomersQuery(state, canFilterByBroker);
  const list = useCustomersList(query);
  const rowActions = useCustomerActions();
  // A status change that takes a client out of the filtered list says where the client went.
  const actions = useMemo(
    () => ({
      ...rowActions,
      changeStatus: async (customer: CustomerView, status: CustomerStatus) => {
        const changed = await rowActions.changeStatus(customer, status);
        if (changed && state.status && state.status !== status && customer.status !== status) {
          const label = statusLabel(status);
          toastWithAction(`Moved to ${label}`, `${personName(customer)} is no longer in this list.`, {
            label: `Show ${label} clients`,
            onClick: () => update({ status }),
          });
        }
        return changed;
      },
    }),
    [rowActions, state.status, update],
  );
  const compact = useMediaQuery('(max-width: 75em)') ?? false;

  const [creating, setCreating] = useState(false);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);

  const customers = list.data?.data ?? [];
  const count = list.data?.count ?? 0;
  const pages = pageCount(count, state.pageSize);

  // A page left empty (the last client on it deleted or moved away) goes back one page.
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && customers.length === 0 && state.page > 1) {
      update({ page: Math.min(state.page - 1, pages) });
    }
  }, [list.isSuccess, list.isPlaceholderData, customers.length, state.page, pages, update]);

  const toggleExpand = (id: string) => {
    setExpandedId((current) => (current === id ? null : id));
    if (editingId === id) setEditingId(null);
  };
  const toggleEdit = (id: string) => {
    if (editingId === id) {
      setEditingId(null);
      return;
    }
    setCreating(false);
    setExpandedId(id);
    setEditingId(id);
  };

  const filtered =
    state.search !== DEFAULT_LIST_STATE.search ||
    state.dealType !== DEFAULT_LIST_STATE.dealType ||
    (canFilterByBroker && state.broker !== DEFAULT_LIST_STATE.broker);
  const first = count ? (state.page - 1) * state.pageSize + 1 : 0;
  const last = Math.min(count, state.page * state.pageSize);

  const content = list.isPending ? (
    <ListSkeleton />
  ) : customers.length === 0 ? (
    <Center py={56}>
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconUsers size={28} stroke={1.5} />
        </ThemeIcon>
        {state.search.trim() ? (
          <>
            <Text fw={600} c="navy.8" ta="center" style={{ overflowWrap: 'anywhere' }}>
              No client matches “{state.search.trim()}”.
            </Text>
            <Button variant="light" size="xs" onClick={() => update({ search: '' })}>
              Clear the search
            </Button>
          </>
        ) : (
          <Text fw={600} c="navy.8">
            No clients yet.
          </Text>
        )}
        {(filtered || state.status) && (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => update({ search: '', dealType: '', broker: '', status: '' })}
          >
            Show all clients
          </Button>
        )}
      </Stack>
    </Center>
  ) : compact ? (
    <ClientsCards
      customers={customers}
      actions={actions}
      showBroker={showBroker}
      expandedId={expandedId}
      editingId={editingId}
      onToggleExpand={toggleExpand}
      onToggleEdit={toggleEdit}
    />
  ) : (
    <ClientsTable
      customers={customers}
      actions={actions}
      showBroker={showBroker}
      expandedId={expandedId}
      editingId={editingId}
      onToggleExpand={toggleExpand}
      onToggleEdit={toggleEdit}
    />
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 30 }} c="navy.9">
            Clients
          </Title>
          <Text c="dimmed" size="sm">
            {list.isSuccess
              ? clientsCount(count, filtered || !!state.status)
              : 'Your mortgage files at a glance'}
          </Text>
        </Stack>
        {list.isFetching && list.isSuccess && <Loader size="xs" role="status" aria-label="Refreshing" />}
      </Group>

      <ClientsToolbar
        state={state}
        onChange={update}
        canFilterByBroker={canFilterByBroker}
        creating={creating}
        onToggleCreate={() => {
          setCreating((value) => !value);
          setEditingId(null);
        }}
      />

      {creating && (
        <CustomerPanel
          mode="create"
          actions={actions}
          onClose={() => setCreating(false)}
          onSaved={(customer) => setExpandedId(customer.id)}
        />
      )}

      {list.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="The clients could not be loaded"
        >
          <Group justify="space-between">
            <Text size="sm">{errorText(list.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}

      {compact && customers.length > 0 && !list.isPending ? (
        content
      ) : (
        <Paper withBorder radius="lg" shadow="xs" bg="white" style={{ overflow: 'hidden' }}>
          {content}
        </Paper>
      )}

      {count > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            Showing {first}–{last} of {count}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(state.page, pages)}
              onChange={(page) => update({ page })}
              siblings={1}
              boundaries={1}
              size="sm"
              radius="md"
              aria-label="Pages"
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
