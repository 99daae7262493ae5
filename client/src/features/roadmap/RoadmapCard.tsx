import { Badge, Group, Paper, Skeleton, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconCheck, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One step as the card draws it: its title, a short line under it, and whether it is done. */
export interface RoadmapCardStep {
  key: string;
  title: string;
  note: string;
  done: boolean;
  icon: TablerIcon;
  /** The note's colour; done steps read in the product's colour, the others dimmed. */
  noteColor?: string;
}

/** The five steps at a glance in one card, with how many are done; `footer` goes under the steps. */
export function RoadmapCard({
  steps,
  footer,
  decorative = false,
}: {
  steps: RoadmapCardStep[];
  footer?: ReactNode;
  /** An illustration, not anyone's file: hidden from assistive technology. */
  decorative?: boolean;
}) {
  const done = steps.filter((step) => step.done).length;
  // The line is drawn up to the last step of the unbroken run of done steps from the first.
  const firstOpen = steps.findIndex((step) => !step.done);
  const active = (firstOpen === -1 ? steps.length : firstOpen) - 1;
  return (
    <Paper
      radius="lg"
      p="xl"
      shadow="xl"
      maw={400}
      w="100%"
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : 'Your roadmap'}
      component="section"
    >
      <Group justify="space-between" mb="lg">
        <Text fw={700} c="navy.9">
          Your roadmap
        </Text>
        <Badge variant="light" radius="sm">
          {done} of {steps.length} done
        </Badge>
      </Group>
      <Timeline active={active} bulletSize={28} lineWidth={2}>
        {steps.map((step) => (
          <Timeline.Item
            key={step.key}
            bullet={
              <ThemeIcon size={28} radius="xl" variant={step.done ? 'filled' : 'light'}>
                {step.done ? <IconCheck size={15} /> : <step.icon size={15} />}
              </ThemeIcon>
            }
            title={
              <Text fw={600} size="sm" c="navy.9">
                {step.title}
              </Text>
            }
          >
            <Text size="xs" c={step.noteColor ?? (step.done ? 'petrol.7' : 'dimmed')} data-testid="step-note">
              {step.note}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {footer}
    </Paper>
  );
}

/** The card's room while a customer's own steps load, so the page beside it does not move. */
export function RoadmapCardSkeleton() {
  return <Skeleton h={440} maw={400} w="100%" radius="lg" />;
}
