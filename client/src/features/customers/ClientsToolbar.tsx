import { ActionIcon, Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DEAL_TYPE_OPTIONS, STATUS_OPTIONS, personName } from '@machines/customer.rules';
import type { ClientsListState } from './list-state';
import { useBrokers } from './queries';

const ALL = 'all';
const toOption = (value: string) => value || ALL;
const fromOption = (value: string | null) => (!value || value === ALL ? '' : value);

/** Create new client, the broker filter (principal brokers and assistants), deal type, status and search. */
export function ClientsToolbar({
  state,
  onChange,
  canFilterByBroker,
  creating,
  onToggleCreate,
}: {
  state: ClientsListState;
  onChange: (change: Partial<ClientsListState>) => void;
  canFilterByBroker: boolean;
  creating: boolean;
  onToggleCreate: () => void;
}) {
  const brokers = useBrokers(canFilterByBroker);
  const [search, setSearch] = useState(state.search);
  // The remembered search shows again after a reload or when cleared elsewhere.
  useEffect(() => setSearch(state.search), [state.search]);

  const brokerOptions = [
    { value: ALL, label: 'All brokers' },
    ...(brokers.data ?? []).map((user) => ({ value: String(user.id), label: personName(user) })),
  ];

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Button
          leftSection={creating ? <IconX size={18} /> : <IconPlus size={18} />}
          onClick={onToggleCreate}
          variant={creating ? 'light' : 'filled'}
          size="sm"
          h={36}
        >
          Create new client
        </Button>
        <Group gap="sm" wrap="wrap" style={{ flex: 1 }} justify="flex-end">
          {canFilterByBroker && (
            <Select
              aria-label="Broker"
              size="sm"
              w={{ base: '100%', xs: 180 }}
              data={brokerOptions}
              value={toOption(state.broker)}
              allowDeselect={false}
              searchable
              onChange={(value) => onChange({ broker: fromOption(value) })}
            />
          )}
          <Select
            aria-label="Deal type"
            size="sm"
            w={{ base: '100%', xs: 180 }}
            data={[{ value: ALL, label: 'All deal types' }, ...DEAL_TYPE_OPTIONS]}
            value={toOption(state.dealType)}
            allowDeselect={false}
            onChange={(value) => onChange({ dealType: fromOption(value) })}
          />
          <Select
            aria-label="Status"
            size="sm"
            w={{ base: '100%', xs: 180 }}
            data={[{ value: ALL, label: 'All statuses' }, ...STATUS_OPTIONS]}
            value={toOption(state.status)}
            allowDeselect={false}
            onChange={(value) => onChange({ status: fromOption(value) })}
          />
          <TextInput
            aria-label="Search clients"
            size="sm"
            w={{ base: '100%', sm: 280 }}
            placeholder="Search name, e-mail, phone, ID"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onChange({ search: search.trim() });
            }}
            rightSection={
              search || state.search ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label="Clear the search"
                  onClick={() => {
                    setSearch('');
                    onChange({ search: '' });
                  }}
                >
                  <IconX size={14} />
                </ActionIcon>
              ) : null
            }
          />
        </Group>
      </Group>
    </Paper>
  );
}
