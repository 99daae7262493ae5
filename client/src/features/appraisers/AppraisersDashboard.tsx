import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconMapPin, IconSearch, IconSend, IconUserCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CustomerView } from '../customers/types';
import { AppraisersEmpty, AppraisersTable } from './AppraisersTable';
import { resultLine } from './appraiser-forms';
import { useAppraisers, useBanks } from './queries';
import { appraiserRoutes } from './routes';
import { useAppraiserSelection } from './use-appraiser-selection';

/**
 * The staff appraiser dashboard: filter by bank and location, choose appraisers, then request quotes
 * from them, or assign the one chosen. The selection and the filters are kept across reloads.
 */
export function AppraisersDashboard({ client }: { client: CustomerView }) {
  const navigate = useNavigate();
  const routes = appraiserRoutes(client.id);
  const { snapshot, send, actorRef } = useAppraiserSelection(client.id);
  const { selected, bank, location, error } = snapshot.context;
  const [draft, setDraft] = useState(location);
  const banks = useBanks();
  const appraisers = useAppraisers(client.id, { location, bank });
  const list = appraisers.data ?? [];
  // The chosen set is kept across searches, so one request can reach appraisers of several places.
  const outside = appraisers.data ? selected.filter((id) => !list.some((a) => a.id === id)).length : 0;

  const applyLocation = () => send({ type: 'FILTER', location: draft.trim() });
  const requestQuote = () => {
    send({ type: 'REVIEW' });
    if (actorRef.getSnapshot().matches('reviewing')) navigate(routes.quoteRequest);
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Bank"
            data={[
              { value: '', label: 'All banks' },
              ...(banks.data ?? []).map((b) => ({ value: b.name, label: b.name })),
            ]}
            value={bank}
            allowDeselect={false}
            size="md"
            onChange={(value) => send({ type: 'FILTER', bank: value ?? '' })}
          />
          <TextInput
            label="Location"
            placeholder="City, e.g. Toronto"
            value={draft}
            leftSection={<IconMapPin size={16} />}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLocation();
              }
            }}
            rightSectionWidth={draft ? 76 : 44}
            rightSection={
              <Group gap={2} wrap="nowrap">
                {draft && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Clear location"
                    onClick={() => {
                      setDraft('');
                      send({ type: 'FILTER', location: '' });
                    }}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                )}
                <ActionIcon variant="light" size="lg" aria-label="Search location" onClick={applyLocation}>
                  <IconSearch size={18} />
                </ActionIcon>
              </Group>
            }
          />
        </SimpleGrid>
      </Paper>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="appraisers-result">
          <Text span fw={600} c="navy.9">
            Result:
          </Text>{' '}
          {resultLine({ location, bank })}
          {appraisers.data && ` · ${list.length} ${list.length === 1 ? 'appraiser' : 'appraisers'}`}
          {outside > 0 && (
            <Text span data-testid="appraisers-selected-outside">
              {` · ${outside} selected ${outside === 1 ? 'appraiser is' : 'appraisers are'} not in this result`}
            </Text>
          )}
        </Text>
        <Group gap="xs" wrap="wrap">
          {selected.length > 0 && (
            <Button variant="subtle" color="gray" size="sm" onClick={() => send({ type: 'CLEAR' })}>
              Clear {selected.length} selected
            </Button>
          )}
          <Button
            variant="light"
            size="sm"
            leftSection={<IconUserCheck size={16} />}
            disabled={selected.length !== 1}
            title={selected.length === 1 ? undefined : 'Select one appraiser to assign'}
            onClick={() => navigate(routes.details)}
          >
            Assign appraiser
          </Button>
          <Button size="sm" leftSection={<IconSend size={16} />} onClick={requestQuote}>
            Request a quote
          </Button>
        </Group>
      </Group>

      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {error}
        </Alert>
      )}

      {appraisers.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={64} radius="md" />
          ))}
        </Stack>
      ) : list.length === 0 ? (
        <AppraisersEmpty />
      ) : (
        <AppraisersTable
          appraisers={list}
          selected={selected}
          onToggle={(id) => send({ type: 'TOGGLE', id })}
          onSelectAll={(ids) => send({ type: 'SELECT_ALL', ids })}
        />
      )}
    </Stack>
  );
}
