import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, type ButtonProps } from '@mantine/core';
import { IconCheck, IconExternalLink, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { STEP_TITLES } from '@machines/customer.enums';
import type { StepDisplay } from '@machines/roadmap.machine';
import { STATUS_COLORS, STEP_ICONS } from './step-style';

/** What a card's button does: a page, an external site in a new tab, or nothing (waiting). */
export type StepAction =
  { label: string; to: string } | { label: string; href: string } | { label: string; disabled: true } | null;

/**
 * A waiting step's button says what the customer waits for ('Locked', 'Wait for the appraiser to be added'),
 * so it keeps readable text rather than the faint grey of a disabled control.
 */
const WAITING_STYLE = { '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)' };

function ActionButton({ action, step }: { action: StepAction; step: StepDisplay }) {
  const common: ButtonProps = { size: 'sm', radius: 'md' };
  if (step.locked)
    return (
      <Button
        {...common}
        variant="default"
        disabled
        style={WAITING_STYLE}
        leftSection={<IconLock size={14} />}
      >
        Locked
      </Button>
    );
  if (!action) return null;
  const variant = step.is_completed ? 'light' : 'filled';
  if ('to' in action)
    return (
      <Button {...common} variant={variant} component={Link} to={action.to}>
        {action.label}
      </Button>
    );
  if ('href' in action)
    return (
      <Button
        {...common}
        variant={variant}
        component="a"
        href={action.href}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<IconExternalLink size={14} />}
      >
        {action.label}
      </Button>
    );
  return (
    <Button {...common} variant="default" disabled style={WAITING_STYLE}>
      {action.label}
    </Button>
  );
}

/** One roadmap step: number, title, status message, the note of a waiting step, and its button. */
export function StepCard({
  step,
  index,
  action,
  children,
}: {
  step: StepDisplay;
  index: number;
  action: StepAction;
  children?: ReactNode;
}) {
  const Icon = STEP_ICONS[step.step];
  const color = step.locked ? 'gray' : STATUS_COLORS[step.status];
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="roadmap-step"
      data-step={step.step}
      data-status={step.status}
      aria-label={STEP_TITLES[step.step]}
      style={{
        borderLeft: `4px solid var(--mantine-color-${color}-${step.locked ? 3 : 6})`,
      }}
    >
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 280px', minWidth: 0 }}>
          <ThemeIcon
            size={44}
            radius="xl"
            variant={step.is_completed ? 'filled' : 'light'}
            color={step.is_completed ? 'teal' : step.locked ? 'gray' : 'petrol'}
          >
            {step.is_completed ? <IconCheck size={22} /> : <Icon size={22} stroke={1.7} />}
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.5}>
              Step {index + 1}
            </Text>
            <Text fw={700} c="navy.9" fz="lg" lh={1.2}>
              {STEP_TITLES[step.step]}
            </Text>
            <Group gap={6}>
              <Badge
                data-testid="step-status"
                variant="light"
                color={step.locked ? 'gray' : STATUS_COLORS[step.status]}
                radius="sm"
                tt="none"
                size="md"
              >
                {step.statusMessage}
              </Badge>
            </Group>
            {step.note && !step.locked && (
              <Text size="sm" c="dimmed">
                {step.note}
              </Text>
            )}
            {children}
          </Stack>
        </Group>
        <ActionButton action={action} step={step} />
      </Group>
    </Paper>
  );
}
