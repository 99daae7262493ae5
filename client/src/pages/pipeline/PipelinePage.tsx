import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Button,
  Card,
  ColorSwatch,
  getThemeColor,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { STATUS_LABELS } from '@machines/customer.rules';
import type { DaysSpread, PipelineFigures } from '@machines/pipeline';
import { errorText } from '../../api/errors';
import { useCurrentUser } from '../../features/auth/session';
import { useBrokers } from '../../features/customers/queries';
import { getPipelineCsv } from '../../features/pipeline/api';
import { usePipeline } from '../../features/pipeline/queries';
import { saveText } from '../../ui/save-file';
import { ScrollRegion } from '../../ui/scroll-edges';
import { toastError } from '../../ui/toast';

const STATUS_COLORS: Record<string, string> = {
  active: 'petrol.6',
  consent_signed: 'yellow.6',
  pre_approved: 'blue.6',
  approved: 'grape.6',
  broker_complete: 'violet.6',
  funded: 'green.7',
  closed: 'gray.6',
  cancelled: 'red.6',
};

const number = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 1 });
/** Axes that count clients or files mark whole numbers only. */
const WHOLE_NUMBERS = { allowDecimals: false };

function days(value: number | null): string {
  return value === null ? '—' : `${number.format(value)} d`;
}

/** 'Nov 23' for a week's Monday (a calendar date, shown as it is). */
function weekLabel(week: string): string {
  return new Date(`${week}T12:00:00Z`).toLocaleDateString('en-CA', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} c="navy.8" lh={1.2} mt={4}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" mt={4}>
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** A chart with its title as the figure's caption; the same numbers are in the tables below. */
function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card withBorder radius="md" p="md" component="figure" m={0} aria-labelledby={id}>
      <Title order={3} size="h5" id={id} component="figcaption">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {description}
      </Text>
      {children}
    </Card>
  );
}

/**
 * The colours of a chart's series as a list that wraps below it: the chart's own legend has a fixed
 * height, so on a phone, or with many series, its later rows were cut off.
 */
function SeriesKey({ series }: { series: { name: string; color: string }[] }) {
  const theme = useMantineTheme();
  return (
    <Group component="ul" gap="xs" justify="flex-end" m={0} mt="xs" p={0} style={{ listStyle: 'none' }}>
      {series.map((s) => (
        <Group component="li" key={s.name} gap={7} wrap="nowrap" px="xs" py={4}>
          <ColorSwatch color={getThemeColor(s.color, theme)} size={12} withShadow={false} />
          <Text size="sm">{s.name}</Text>
        </Group>
      ))}
    </Group>
  );
}

interface FiguresRow {
  key: string;
  /** The row's name, read before each of its figures. */
  header: ReactNode;
  cells: ReactNode[];
  /** Marks the row of a client status. */
  status?: string;
}

/** A card with a titled table of figures: the columns named at the top, each row named at its start. */
function FiguresTable({
  id,
  title,
  columns,
  rows,
  minWidth,
  empty,
}: {
  id: string;
  title: string;
  columns: string[];
  rows: FiguresRow[];
  minWidth: number;
  /** Said instead of an empty table. */
  empty?: string;
}) {
  return (
    <Card withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {empty && rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <ScrollRegion labelledBy={id}>
          <Table striped highlightOnHover miw={minWidth} aria-labelledby={id}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th scope="col" key={column}>
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key} data-status={row.status}>
                  <Table.Th scope="row" fw={500}>
                    {row.header}
                  </Table.Th>
                  {row.cells.map((cell, index) => (
                    <Table.Td key={columns[index + 1]}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Card>
  );
}

function spreadText(spread: DaysSpread): string {
  return spread.count === 0 ? '—' : `${days(spread.median_days)} · 90%: ${days(spread.p90_days)}`;
}

function Figures({ figures }: { figures: PipelineFigures }) {
  const label = (status: string) => STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status;
  const open = figures.statuses.filter((s) => s.status !== 'closed' && s.status !== 'cancelled');
  const outstanding = figures.brokers.reduce((sum, b) => sum + b.outstanding_fields, 0);
  const nowData = figures.statuses.map((s) => ({ status: label(s.status), Clients: s.now }));
  const weekData = figures.weeks.map((week, i) => ({
    week: weekLabel(week),
    ...Object.fromEntries(figures.statuses.map((s) => [label(s.status), s.entered[i]])),
  }));
  const daysData = figures.statuses
    .filter((s) => s.days_in_status.count > 0)
    .map((s) => ({
      status: label(s.status),
      Median: s.days_in_status.median_days ?? 0,
      '90th percentile': s.days_in_status.p90_days ?? 0,
    }));
  const weekSeries = figures.statuses.map((s) => ({
    name: label(s.status),
    color: STATUS_COLORS[s.status] ?? 'gray.6',
  }));
  const waiting = figures.documents_waiting;

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <Stat
          label="Clients in progress"
          value={number.format(open.reduce((sum, s) => sum + s.now, 0))}
          note="Every status but closed and cancelled"
        />
        <Stat
          label="Days to funded (median)"
          value={days(figures.to_funded.median_days)}
          note={`90th percentile ${days(figures.to_funded.p90_days)} · ${figures.to_funded.count} funded`}
        />
        <Stat
          label="Documents waiting for review"
          value={<span data-testid="documents-waiting">{number.format(waiting.files)}</span>}
          note={waiting.oldest_days === null ? 'Nothing waits' : `Oldest waits ${days(waiting.oldest_days)}`}
        />
        <Stat
          label="Outstanding documents"
          value={number.format(outstanding)}
          note="Requested fields without a checked file"
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard title="Clients per status now" description="Every client by their current status.">
          <BarChart
            h={260}
            data={nowData}
            dataKey="status"
            series={[{ name: 'Clients', color: 'petrol.6' }]}
            tickLine="y"
            yAxisProps={WHOLE_NUMBERS}
            xAxisProps={{ interval: 0, angle: -30, textAnchor: 'end', height: 60 }}
          />
        </ChartCard>
        <ChartCard
          title="Clients entering each status per week"
          description={`Last ${figures.weeks.length} weeks, Monday to Sunday (${figures.time_zone}).`}
        >
          <BarChart
            h={260}
            data={weekData}
            dataKey="week"
            type="stacked"
            series={weekSeries}
            tickLine="y"
            yAxisProps={WHOLE_NUMBERS}
            // Weeks whose labels would touch are left unlabelled rather than run together.
            xAxisProps={{ minTickGap: 16 }}
          />
          <SeriesKey series={weekSeries} />
        </ChartCard>
        <ChartCard
          title="Days spent in each status"
          description="Median and 90th percentile of the stays that have ended."
        >
          {daysData.length === 0 ? (
            <Text c="dimmed">No stay in a status has ended yet.</Text>
          ) : (
            <BarChart
              h={260}
              data={daysData}
              dataKey="status"
              series={[
                { name: 'Median', color: 'petrol.6' },
                { name: '90th percentile', color: 'navy.4' },
              ]}
              tickLine="y"
              withLegend
              xAxisProps={{ interval: 0, angle: -30, textAnchor: 'end', height: 60 }}
            />
          )}
        </ChartCard>
        <ChartCard
          title="Outstanding documents per broker"
          description="Requested fields without a checked file, and files waiting for review."
        >
          <BarChart
            h={260}
            data={figures.brokers.map((b) => ({
              broker: b.broker_name,
              Outstanding: b.outstanding_fields,
              'Waiting for review': b.waiting_files,
            }))}
            dataKey="broker"
            series={[
              { name: 'Outstanding', color: 'orange.6' },
              { name: 'Waiting for review', color: 'petrol.6' },
            ]}
            tickLine="y"
            yAxisProps={WHOLE_NUMBERS}
            withLegend
          />
        </ChartCard>
      </SimpleGrid>

      <FiguresTable
        id="pipeline-statuses"
        title="By status"
        minWidth={560}
        columns={[
          'Status',
          'Clients now',
          `Entered in ${figures.weeks.length} weeks`,
          'Days in status (median · 90%)',
        ]}
        rows={figures.statuses.map((s) => ({
          key: s.status,
          status: s.status,
          header: label(s.status),
          cells: [
            <span data-testid={`now-${s.status}`}>{s.now}</span>,
            s.entered.reduce((sum, n) => sum + n, 0),
            spreadText(s.days_in_status),
          ],
        }))}
      />
      <FiguresTable
        id="pipeline-weeks"
        title="Clients entering each status per week"
        minWidth={720}
        columns={['Week of', ...figures.statuses.map((s) => label(s.status))]}
        rows={figures.weeks.map((week, i) => ({
          key: week,
          header: weekLabel(week),
          cells: figures.statuses.map((s) => s.entered[i]),
        }))}
      />
      <FiguresTable
        id="pipeline-brokers"
        title="Documents per broker"
        minWidth={520}
        columns={[
          'Broker',
          'Outstanding fields',
          'Clients with outstanding fields',
          'Files waiting for review',
        ]}
        rows={figures.brokers.map((b) => ({
          key: b.broker_id ?? 'none',
          header: b.broker_name,
          cells: [b.outstanding_fields, b.outstanding_clients, b.waiting_files],
        }))}
        empty="No document is outstanding or waiting for review."
      />
    </Stack>
  );
}

/**
 * The brokerage's pipeline for staff: principal brokers and assistants see everyone's clients or one
 * broker's, a broker their own. The figures follow the pushes of the events that change them.
 */
export function PipelinePage() {
  const user = useCurrentUser();
  const chooses = user?.role === 'principal_broker' || user?.role === 'assistant';
  const [broker, setBroker] = useState('');
  const brokers = useBrokers(chooses);
  const pipeline = usePipeline(chooses ? broker : '');
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const csv = await getPipelineCsv(chooses ? broker : '');
      saveText(csv, `pipeline-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv;charset=utf-8');
    } catch (error) {
      toastError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg" py="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h2" c="navy.8">
            Pipeline
          </Title>
          <Text c="dimmed" size="sm">
            {chooses ? 'Clients of the brokerage, live.' : 'Your clients, live.'}
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {chooses && (
            <Select
              label="Broker"
              w={220}
              value={broker}
              onChange={(value) => setBroker(value ?? '')}
              allowDeselect={false}
              data={[
                { value: '', label: 'All brokers' },
                ...(brokers.data ?? []).map((b) => ({
                  value: b.id,
                  label: `${b.first_name} ${b.last_name}`,
                })),
              ]}
            />
          )}
          <Button
            variant="light"
            leftSection={<IconDownload size={18} />}
            loading={downloading}
            onClick={() => void download()}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      {pipeline.error ? (
        <Alert color="red" variant="light" title="The pipeline could not be loaded">
          {errorText(pipeline.error)}
        </Alert>
      ) : pipeline.data ? (
        <Figures figures={pipeline.data} />
      ) : (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading the pipeline" />
        </Group>
      )}
    </Stack>
  );
}
