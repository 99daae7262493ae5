import { Badge, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { ROADMAP_STEPS, type RoadmapStep, type StepState } from '@machines/customer.enums';
import { STEP_LABELS } from '@machines/customer.rules';
import { COMPLETED_BY_FACTS, MARKED_BY_STAFF, type StepProgress } from '@machines/roadmap-progress';
import { confirm } from '../../ui/confirm';
import { toastError } from '../../ui/toast';
import { updateSteps } from './api';
import { useCustomerCommand } from './queries';
import type { CustomerView } from './types';

/** The progress switches: a track a thumb can hit, its label the size of the row's text. */
const SWITCH_STYLES = { label: { fontSize: 'var(--mantine-font-size-sm)' } };

function fullSteps(steps: StepProgress[]): StepProgress[] {
  return ROADMAP_STEPS.map(
    (step) =>
      steps.find((s) => s.step === step) ?? {
        step,
        is_active: false,
        is_completed: false,
        marked_completed: false,
        completed_by: null,
      },
  );
}

/**
 * The progress switches: each roadmap step can be opened for the client and marked completed. A step the
 * facts complete (documents checked, lawyer or appraiser assigned) says so; a step completed only by
 * staff's mark is shown as marked by staff.
 */
export function CustomerSteps({ customer }: { customer: CustomerView }) {
  const command = useCustomerCommand(
    ({ id, next }: { id: string; next: StepState[]; switched: string }, requestId) =>
      updateSteps(id, next, requestId),
  );
  const pending = command.isPending ? (command.variables?.switched ?? null) : null;
  const steps = fullSteps(customer.steps ?? []);

  const toggle = async (step: RoadmapStep, key: 'is_active' | 'is_completed', value: boolean) => {
    const confirmed = await confirm({ title: 'Are you sure to change client step state?' });
    if (!confirmed) return;
    const next = steps.map(({ step: name, is_active, marked_completed }) => {
      const state = { step: name, is_active, is_completed: marked_completed };
      return name === step ? { ...state, [key]: value } : state;
    });
    command.mutate(
      { id: customer.id, next, switched: `${step}.${key}` },
      { onError: (error) => toastError(error) },
    );
  };

  return (
    <Stack gap={6}>
      {steps.map((step, index) => (
        <Paper
          key={step.step}
          withBorder
          radius="md"
          px="sm"
          py={8}
          bg={step.is_completed ? 'teal.0' : 'white'}
          data-testid="progress-step"
        >
          <Group justify="space-between" gap="xs">
            <Stack gap={2}>
              <Text size="sm" fw={600} c="navy.9">
                {index + 1}. {STEP_LABELS[step.step]}
              </Text>
              {step.completed_by === 'facts' && (
                <Text size="xs" c="teal.8" data-testid="step-completed-by-facts">
                  {COMPLETED_BY_FACTS[step.step]}
                </Text>
              )}
              {step.completed_by === 'staff' && (
                <Badge
                  size="xs"
                  color="orange"
                  variant="light"
                  radius="sm"
                  tt="none"
                  data-testid="step-override"
                >
                  {MARKED_BY_STAFF}
                </Badge>
              )}
            </Stack>
            {/* On phones the switches take a line of their own in every step, so the steps line up. */}
            <Group gap="md" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
              <Switch
                size="md"
                styles={SWITCH_STYLES}
                label="Open"
                checked={step.is_active}
                disabled={pending !== null}
                aria-label={`${STEP_LABELS[step.step]} open for the client`}
                onChange={(event) => void toggle(step.step, 'is_active', event.currentTarget.checked)}
              />
              <Switch
                size="md"
                styles={SWITCH_STYLES}
                color="teal"
                label="Done"
                checked={step.is_completed}
                disabled={pending !== null || step.completed_by === 'facts'}
                aria-label={`${STEP_LABELS[step.step]} completed`}
                onChange={(event) => void toggle(step.step, 'is_completed', event.currentTarget.checked)}
              />
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
