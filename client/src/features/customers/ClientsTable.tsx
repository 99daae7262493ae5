import { ActionIcon, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, type MouseEvent } from 'react';
import { displayId, personName } from '@machines/customer.rules';
import { CustomerActionsMenu } from './CustomerActionsMenu';
import {
  AppraisalCell,
  ClosingDateMark,
  DocumentsCell,
  EmailCell,
  LawyerCell,
  NotesButton,
  PhoneCell,
} from './CustomerCells';
import { CustomerDetails } from './CustomerDetails';
import { StatusSelect } from './StatusSelect';
import type { CustomerView } from './types';
import type { CustomerActions } from './use-customer-actions';

import { ScrollRegion } from '../../ui/scroll-edges';

export interface ClientsViewProps {
  customers: CustomerView[];
  actions: CustomerActions;
  showBroker: boolean;
  expandedId: string | null;
  editingId: string | null;
  onToggleExpand: (id: string) => void;
  onToggleEdit: (id: string) => void;
}

/** Clicks on controls inside a row do their own thing; elsewhere they expand the row. */
function isControl(event: MouseEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  return !!target?.closest('button, a, input, textarea, [role="combobox"], [role="option"], label');
}

function ExpandToggle({ expanded, name, onClick }: { expanded: boolean; name: string; onClick: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      onClick={onClick}
      aria-expanded={expanded}
      aria-label={`${expanded ? 'Hide' : 'Show'} details of ${name}`}
    >
      {expanded ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
    </ActionIcon>
  );
}

/** The clients list on wider screens. */
export function ClientsTable({
  customers,
  actions,
  showBroker,
  expandedId,
  editingId,
  onToggleExpand,
  onToggleEdit,
}: ClientsViewProps) {
  const columns = showBroker ? 13 : 12;
  return (
    <ScrollRegion label="Clients">
      <Table
        verticalSpacing="sm"
        horizontalSpacing={6}
        highlightOnHover
        fz={13}
        aria-label="Clients"
        miw={1120}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} aria-label="Details" />
            <Table.Th>Status</Table.Th>
            <Table.Th>ID</Table.Th>
            {showBroker && <Table.Th>Broker</Table.Th>}
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Phone number</Table.Th>
            <Table.Th>Documents</Table.Th>
            <Table.Th>Lawyer</Table.Th>
            <Table.Th>Appraisal</Table.Th>
            <Table.Th ta="center">Notes</Table.Th>
            <Table.Th w={52} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => {
            const expanded = expandedId === customer.id;
            const name = personName(customer);
            return (
              <Fragment key={customer.id}>
                <Table.Tr
                  data-testid="client-row"
                  data-client-id={customer.id}
                  bg={expanded ? 'petrol.0' : undefined}
                  style={{ cursor: 'pointer' }}
                  onClick={(event) => {
                    if (!isControl(event)) onToggleExpand(customer.id);
                  }}
                >
                  <Table.Td>
                    <ExpandToggle
                      expanded={expanded}
                      name={name}
                      onClick={() => onToggleExpand(customer.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <StatusSelect customer={customer} actions={actions} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" fw={600} c="navy.7" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {displayId(customer)}
                    </Text>
                  </Table.Td>
                  {showBroker && (
                    <Table.Td>
                      <Text fz="inherit" c="navy.8" miw={80}>
                        {personName(customer.broker) || '—'}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {/* Whole on one line as names usually are; a long one wraps instead of pushing the columns out. */}
                      <Text
                        fz="inherit"
                        fw={700}
                        c="navy.9"
                        miw={140}
                        maw={280}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {name}
                      </Text>
                      <ClosingDateMark customer={customer} />
                    </Group>
                  </Table.Td>
                  {/* The e-mail column takes a share of the table's spare width, so wide screens show whole addresses. */}
                  <Table.Td w="16%">
                    <EmailCell customer={customer} actions={actions} maw={116} fill />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <PhoneCell customer={customer} actions={actions} />
                  </Table.Td>
                  <Table.Td>
                    <DocumentsCell customer={customer} />
                  </Table.Td>
                  <Table.Td>
                    <LawyerCell customer={customer} />
                  </Table.Td>
                  <Table.Td>
                    <AppraisalCell customer={customer} />
                  </Table.Td>
                  <Table.Td ta="center">
                    <NotesButton customer={customer} actions={actions} />
                  </Table.Td>
                  <Table.Td>
                    <CustomerActionsMenu
                      customer={customer}
                      actions={actions}
                      editing={editingId === customer.id}
                      onToggleEdit={() => onToggleEdit(customer.id)}
                    />
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr bg="gray.0">
                    <Table.Td colSpan={columns} p="md">
                      <CustomerDetails
                        customer={customer}
                        actions={actions}
                        editing={editingId === customer.id}
                        onToggleEdit={() => onToggleEdit(customer.id)}
                      />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The clients list on phones: one card per client. */
export function ClientsCards({
  customers,
  actions,
  showBroker,
  expandedId,
  editingId,
  onToggleExpand,
  onToggleEdit,
}: ClientsViewProps) {
  return (
    <Stack gap="sm">
      {customers.map((customer) => {
        const expanded = expandedId === customer.id;
        const name = personName(customer);
        return (
          <Paper
            key={customer.id}
            withBorder
            radius="lg"
            p="md"
            data-testid="client-row"
            data-client-id={customer.id}
            shadow={expanded ? 'sm' : undefined}
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Box style={{ minWidth: 0 }} onClick={() => onToggleExpand(customer.id)}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={700} c="navy.9" truncate title={name}>
                      {name}
                    </Text>
                    <ClosingDateMark customer={customer} />
                  </Group>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {displayId(customer)}
                    {showBroker && customer.broker ? ` · ${personName(customer.broker)}` : ''}
                  </Text>
                </Box>
                <Group gap={4} wrap="nowrap">
                  <NotesButton customer={customer} actions={actions} />
                  <CustomerActionsMenu
                    customer={customer}
                    actions={actions}
                    editing={editingId === customer.id}
                    onToggleEdit={() => onToggleEdit(customer.id)}
                  />
                </Group>
              </Group>
              <Box>
                <StatusSelect customer={customer} actions={actions} size="md" />
              </Box>
              <Stack gap={2} fz="sm">
                <EmailCell customer={customer} actions={actions} maw={260} />
                <PhoneCell customer={customer} actions={actions} />
              </Stack>
              <Group gap="xs">
                <DocumentsCell customer={customer} />
                <LawyerCell customer={customer} />
                <AppraisalCell customer={customer} />
              </Group>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => onToggleExpand(customer.id)}
                aria-expanded={expanded}
                aria-label={`${expanded ? 'Hide' : 'Show'} details of ${name}`}
                rightSection={expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                style={{ alignSelf: 'center' }}
              >
                {expanded ? 'Hide details' : 'Show details'}
              </Button>
              {expanded && (
                <CustomerDetails
                  customer={customer}
                  actions={actions}
                  editing={editingId === customer.id}
                  onToggleEdit={() => onToggleEdit(customer.id)}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
