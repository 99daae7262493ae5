import {
  Anchor,
  Avatar,
  Button,
  Collapse,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPhone } from '@machines/phone';
import { api } from '../../api/http';
import { curatorsKey } from '../../api/query-keys';
import { fullName, useCurrentUser } from '../../features/auth/session';
import { LINE_TARGET } from '../../ui/target-size';

/** A contact's height: the role, the name, the phone number and the e-mail address. */
const CONTACT_HEIGHT = 90;

interface Curator {
  id?: number | string;
  first_name?: string;
  last_name?: string;
  phone_number?: string;
  email?: string;
}

interface Curators {
  broker?: Curator | null;
  assistant?: Curator | null;
}

function useCurators(enabled: boolean) {
  return useQuery({
    queryKey: curatorsKey,
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return await api.core.get<Curators>('/customers/curators/', undefined, signal);
      } catch (error) {
        // A refetch cancels the one in flight: nothing to report.
        if (signal.aborted) throw error;
        // Load errors of the curators are only logged.
        console.error('Error while loading curators', error);
        return {};
      }
    },
  });
}

function Contact({ role, person }: { role: string; person: Curator }) {
  const name = fullName({ first_name: person.first_name ?? '', last_name: person.last_name ?? '' });
  return (
    <Group wrap="nowrap" gap="sm" align="flex-start">
      <Avatar name={name} color="initials" radius="xl" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
          {role}
        </Text>
        <Text fw={600} c="navy.9" truncate>
          {name}
        </Text>
        {person.phone_number && (
          <Anchor size="sm" href={`tel:+${person.phone_number}`} style={LINE_TARGET}>
            {formatPhone(person.phone_number)}
          </Anchor>
        )}
        {person.email && (
          <Anchor size="sm" href={`mailto:${person.email}`} truncate title={person.email} style={LINE_TARGET}>
            {person.email}
          </Anchor>
        )}
      </Stack>
    </Group>
  );
}

/**
 * Greets the customer by first name and shows the broker and the assistant as contacts. `compact` (pages
 * other than the roadmap, on phones) keeps it to one line, the contacts a tap away.
 */
export function CustomerHeader({ compact = false }: { compact?: boolean }) {
  const user = useCurrentUser();
  const curators = useCurators(user?.role === 'customer');
  const [open, setOpen] = useState(false);
  const contacts = [
    { role: 'Broker', person: curators.data?.broker },
    { role: 'Assistant', person: curators.data?.assistant },
  ].filter((c): c is { role: string; person: Curator } => !!c.person);

  if (compact) {
    return (
      <Paper withBorder radius="lg" px="md" py="xs" data-testid="customer-greeting">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} c="navy.9">
            Hi, {user?.first_name}!
          </Text>
          {contacts.length > 0 && (
            <Button
              variant="subtle"
              size="compact-sm"
              rightSection={open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              aria-expanded={open}
              onClick={() => setOpen((value) => !value)}
            >
              Your mortgage team
            </Button>
          )}
        </Group>
        <Collapse expanded={open}>
          <Stack gap="sm" pt="sm">
            <Text size="sm" c="dimmed">
              Have a question? Fast connect with your mortgage team:
            </Text>
            {contacts.map((contact) => (
              <Contact key={contact.role} role={contact.role} person={contact.person} />
            ))}
          </Stack>
        </Collapse>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      {/* The contacts get the wider share: their e-mail addresses are the longest lines here. */}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={4}>
            <Title order={2} c="navy.9" fz={{ base: 22, sm: 26 }}>
              Hi, {user?.first_name}!
            </Title>
            <Text c="dimmed">Have a question? Fast connect with your mortgage team:</Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {curators.isPending ? (
            // The contacts' room is kept while they load, so the page under the greeting does not move.
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" aria-hidden>
              <Skeleton h={CONTACT_HEIGHT} radius="md" />
              <Skeleton h={CONTACT_HEIGHT} radius="md" />
            </SimpleGrid>
          ) : (
            contacts.length > 0 && (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                {contacts.map((contact) => (
                  <Contact key={contact.role} role={contact.role} person={contact.person} />
                ))}
              </SimpleGrid>
            )
          )}
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
