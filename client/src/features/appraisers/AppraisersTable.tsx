import { Anchor, Badge, Checkbox, Paper, Stack, Table, Text, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHomeSearch } from '@tabler/icons-react';
import { formatPhone } from '@machines/phone';
import { personName } from '@machines/customer.rules';
import { AppraiserCoverage, formatDay } from './AppraiserCard';
import type { Appraiser } from './types';
import { LINE_TARGET } from '../../ui/target-size';

export interface SelectionProps {
  appraisers: Appraiser[];
  selected: string[];
  onToggle: (id: string) => void;
  onSelectAll: (ids: string[]) => void;
}

function selectAllState(appraisers: Appraiser[], selected: string[]) {
  const chosen = appraisers.filter((a) => selected.includes(a.id)).length;
  return {
    checked: appraisers.length > 0 && chosen === appraisers.length,
    indeterminate: chosen > 0 && chosen < appraisers.length,
  };
}

function QuoteSent({ appraiser }: { appraiser: Appraiser }) {
  return appraiser.sent_date ? (
    <Badge size="sm" variant="light" color="teal" radius="sm" tt="none">
      Quote requested {formatDay(appraiser.sent_date)}
    </Badge>
  ) : null;
}

export function AppraisersEmpty() {
  return (
    <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap={6}>
        <IconHomeSearch size={28} color="var(--mantine-color-dimmed)" />
        <Text fw={600} c="navy.9">
          Appraisers not found
        </Text>
        <Text size="sm" c="dimmed">
          Try another location or bank.
        </Text>
      </Stack>
    </Paper>
  );
}

/** The appraisers to choose from, with a checkbox each and Select all: a table, and cards on phones. */
export function AppraisersTable({ appraisers, selected, onToggle, onSelectAll }: SelectionProps) {
  const all = selectAllState(appraisers, selected);
  const ids = appraisers.map((a) => a.id);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  if (wide)
    return (
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="appraisers-table">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w={48}>
                <Checkbox
                  aria-label="Select all"
                  checked={all.checked}
                  indeterminate={all.indeterminate}
                  onChange={() => onSelectAll(ids)}
                />
              </Table.Th>
              <Table.Th>Appraiser</Table.Th>
              <Table.Th>Locations and banks</Table.Th>
              <Table.Th>Contacts</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {appraisers.map((appraiser) => {
              const name = personName(appraiser);
              const checked = selected.includes(appraiser.id);
              return (
                <Table.Tr
                  key={appraiser.id}
                  data-testid="appraiser-row"
                  bg={checked ? 'var(--mantine-color-petrol-0)' : undefined}
                  style={{ cursor: 'pointer' }}
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest('a, input')) return;
                    onToggle(appraiser.id);
                  }}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${name}`}
                      checked={checked}
                      onChange={() => onToggle(appraiser.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Text fw={600} c="navy.9" size="sm">
                        {name}
                      </Text>
                      <QuoteSent appraiser={appraiser} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <AppraiserCoverage appraiser={appraiser} />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Anchor size="sm" href={`tel:+${appraiser.phone_number}`} style={LINE_TARGET}>
                        {formatPhone(appraiser.phone_number)}
                      </Anchor>
                      <Anchor size="sm" href={`mailto:${appraiser.email}`} style={LINE_TARGET}>
                        {appraiser.email}
                      </Anchor>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  return (
    <Stack gap="sm">
      <Checkbox
        label="Select all"
        size="md"
        checked={all.checked}
        indeterminate={all.indeterminate}
        onChange={() => onSelectAll(ids)}
        px="xs"
      />
      {appraisers.map((appraiser) => {
        const name = personName(appraiser);
        const checked = selected.includes(appraiser.id);
        return (
          <Paper
            key={appraiser.id}
            withBorder
            radius="lg"
            p="md"
            bg={checked ? 'var(--mantine-color-petrol-0)' : undefined}
            style={checked ? { borderColor: 'var(--mantine-color-petrol-4)' } : undefined}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {/* Size md is 24 px, the least a pointer target may be; the name is its label too. */}
              <Checkbox
                id={`appraiser-${appraiser.id}`}
                aria-label={`Select ${name}`}
                size="md"
                checked={checked}
                onChange={() => onToggle(appraiser.id)}
              />
              <Stack gap={6} style={{ minWidth: 0 }}>
                <Text
                  component="label"
                  htmlFor={`appraiser-${appraiser.id}`}
                  fw={600}
                  c="navy.9"
                  style={{ cursor: 'pointer' }}
                >
                  {name}
                </Text>
                <QuoteSent appraiser={appraiser} />
                <AppraiserCoverage appraiser={appraiser} />
                <Anchor size="sm" href={`tel:+${appraiser.phone_number}`}>
                  {formatPhone(appraiser.phone_number)}
                </Anchor>
                <Anchor size="sm" href={`mailto:${appraiser.email}`} style={{ overflowWrap: 'anywhere' }}>
                  {appraiser.email}
                </Anchor>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
