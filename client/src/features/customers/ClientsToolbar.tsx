import { ActionIcon, Button, Flex, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CLIENT_SEARCH_MAX_LENGTH } from '@machines/customer-form';
import { DEAL_TYPE_OPTIONS, STATUS_OPTIONS, personName } from '@machines/customer.rules';
import type { ClientsListState } from './list-state';
import { useBrokers } from './queries';
import { TARGET_SIZE } from '../../ui/target-size';

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

  const filters = [
    canFilterByBroker && (
      <Select
        key="broker"
        aria-label="Broker"
        // A row of its own on phones, so deal type and status pair up and the search has the next row whole.
        className="hw-span-2-phone"
        size="sm"
        data={brokerOptions}
        value={toOption(state.broker)}
        allowDeselect={false}
        searchable
        onChange={(value) => onChange({ broker: fromOption(value) })}
      />
    ),
    <Select
      key="deal-type"
      aria-label="Deal type"
      size="sm"
      data={[{ value: ALL, label: 'All deal types' }, ...DEAL_TYPE_OPTIONS]}
      value={toOption(state.dealType)}
      allowDeselect={false}
      onChange={(value) => onChange({ dealType: fromOption(value) })}
    />,
    <Select
      key="status"
      aria-label="Status"
      size="sm"
      data={[{ value: ALL, label: 'All statuses' }, ...STATUS_OPTIONS]}
      value={toOption(state.status)}
      allowDeselect={false}
      onChange={(value) => onChange({ status: fromOption(value) })}
    />,
  ].filter(Boolean);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Flex gap="sm" direction={{ base: 'column', lg: 'row' }} align={{ base: 'stretch', lg: 'center' }}>
        <Button
          leftSection={creating ? <IconX size={18} /> : <IconPlus size={18} />}
          onClick={onToggleCreate}
          variant={creating ? 'light' : 'filled'}
          size="sm"
          h={36}
          style={{ flex: 'none' }}
        >
          Create new client
        </Button>
        <SimpleGrid
          cols={{ base: 2, sm: filters.length + 2 }}
          spacing="sm"
          verticalSpacing="sm"
          style={{ flex: 1 }}
          ml={{ lg: 'auto' }}
          maw={{ lg: 200 * (filters.length + 2) + 40 }}
        >
          {filters}
          <TextInput
            aria-label="Search clients"
            size="sm"
            placeholder="Search name, e-mail, phone, ID"
            maxLength={CLIENT_SEARCH_MAX_LENGTH}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              setSearch(typed);
              // Emptied by hand: the whole list again, as the clear button gives it, without waiting for Enter.
              if (typed === '' && state.search) onChange({ search: '' });
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onChange({ search: search.trim() });
            }}
            className="hw-span-2-phone hw-span-2-wide"
            rightSection={
              search || state.search ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size={TARGET_SIZE}
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
        </SimpleGrid>
      </Flex>
    </Paper>
  );
}
