import {
  ActionIcon,
  Badge,
  Button,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconScale, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { personName } from '@machines/customer.rules';
import { ContactCard } from '../assignments/ContactCard';
import { useLawyers } from './queries';
import type { Lawyer } from './types';

export function LawyerBadges({ lawyer }: { lawyer: Pick<Lawyer, 'is_trusted_partner'> }) {
  return lawyer.is_trusted_partner ? (
    <Badge
      size="sm"
      variant="light"
      color="teal"
      radius="sm"
      tt="none"
      leftSection={<IconShieldCheck size={12} />}
    >
      Trusted partner
    </Badge>
  ) : (
    <Badge size="sm" variant="light" color="gray" radius="sm" tt="none">
      Own lawyer
    </Badge>
  );
}

/**
 * The lawyers a client may choose: trusted partners and the client's own. The search starts on Enter
 * or with the search control.
 */
export function LawyerSearchList({
  customerId,
  onChoose,
  chosenId,
  chooseLabel = 'Choose',
}: {
  customerId: string | undefined;
  onChoose: (lawyer: Lawyer) => void;
  chosenId?: string | null;
  chooseLabel?: string;
}) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const lawyers = useLawyers(customerId, search);
  const start = () => setSearch(draft.trim());

  return (
    <Stack gap="md">
      <TextInput
        aria-label="Search lawyers"
        placeholder="Search by name, company or city"
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            start();
          }
        }}
        rightSectionWidth={44}
        rightSection={
          <ActionIcon variant="light" size="lg" aria-label="Search" onClick={start}>
            <IconSearch size={18} />
          </ActionIcon>
        }
      />
      {lawyers.isPending && customerId ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={168} radius="lg" />
          ))}
        </SimpleGrid>
      ) : (lawyers.data ?? []).length === 0 ? (
        <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
          <Stack align="center" gap={6}>
            <IconScale size={28} color="var(--mantine-color-dimmed)" />
            <Text fw={600} c="navy.9">
              No lawyers added yet.
            </Text>
            {search && (
              <Text size="sm" c="dimmed">
                Nothing matches “{search}”. Try another name or city.
              </Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="lawyer-list">
          {(lawyers.data ?? []).map((lawyer) => {
            const name = personName(lawyer);
            const chosen = chosenId === lawyer.id;
            return (
              <ContactCard
                key={lawyer.id}
                data-testid="lawyer-card"
                name={name}
                company={lawyer.company}
                phone={lawyer.phone_number}
                email={lawyer.email}
                address={lawyer.address_line}
                badges={<LawyerBadges lawyer={lawyer} />}
                style={chosen ? { borderColor: 'var(--mantine-color-petrol-6)' } : undefined}
                actions={
                  <Button
                    size="sm"
                    variant={chosen ? 'filled' : 'light'}
                    aria-label={`${chooseLabel} ${name}`}
                    onClick={() => onChoose(lawyer)}
                  >
                    {chosen ? 'Chosen' : chooseLabel}
                  </Button>
                }
              />
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
