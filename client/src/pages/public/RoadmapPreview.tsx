import { Badge, Group, Paper, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconCheck, IconFileUpload, IconGavel, IconHomeSearch, IconSignature } from '@tabler/icons-react';

const STEPS = [
  { title: 'Mortgage application', note: 'Completed', done: true, icon: IconCheck },
  { title: 'Documents upload', note: 'Completed', done: true, icon: IconFileUpload },
  { title: 'Solicitor', note: 'Lawyer assigned', done: true, icon: IconGavel },
  { title: 'Appraiser', note: 'Waiting for approval', done: false, icon: IconHomeSearch },
  { title: 'Sign documents', note: 'Sign required', done: false, icon: IconSignature },
];

/** An illustration of the customer roadmap for the home page. */
export function RoadmapPreview() {
  return (
    <Paper radius="lg" p="xl" shadow="xl" maw={400} w="100%" aria-hidden>
      <Group justify="space-between" mb="lg">
        <Text fw={700} c="navy.9">
          Your roadmap
        </Text>
        <Badge variant="light" radius="sm">
          3 of 5 done
        </Badge>
      </Group>
      <Timeline active={2} bulletSize={28} lineWidth={2}>
        {STEPS.map((step) => (
          <Timeline.Item
            key={step.title}
            bullet={
              <ThemeIcon size={28} radius="xl" variant={step.done ? 'filled' : 'light'}>
                <step.icon size={15} />
              </ThemeIcon>
            }
            title={
              <Text fw={600} size="sm" c="navy.9">
                {step.title}
              </Text>
            }
          >
            <Text size="xs" c={step.done ? 'petrol.7' : 'dimmed'}>
              {step.note}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
