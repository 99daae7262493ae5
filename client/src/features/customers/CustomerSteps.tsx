import { Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROADMAP_STEPS, type RoadmapStep, type StepState } from '@machines/customer.enums';
import { STEP_LABELS } from '@machines/customer.rules';
import { confirm } from '../../ui/confirm';
import { toastError } from '../../ui/toast';
import { updateSteps } from './api';
import { storeCustomer } from './queries';
import type { CustomerView } from './types';

function fullSteps(steps: StepState[]): StepState[] {
  return ROADMAP_STEPS.map(
    (step) => steps.find((s) => s.step === step) ?? { step, is_active: false, is_completed: false },
  );
}

/** The progress switches: each roadmap step can be opened for the client and marked completed. */
export function CustomerSteps({ customer }: { customer: CustomerView }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const steps = fullSteps(customer.steps ?? []);

  const toggle = async (step: RoadmapStep, key: 'is_active' | 'is_completed', value: boolean) => {
    const confirmed = await confirm({ title: 'Are you sure to change client step state?' });
    if (!confirmed) return;
    setPending(`${step}.${key}`);
    try {
      const next = steps.map((s) => (s.step === step ? { ...s, [key]: value } : s));
      storeCustomer(queryClient, await updateSteps(customer.id, next));
    } catch (error) {
      toastError(error);
    } finally {
      setPending(null);
    }
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
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600} c="navy.9">
              {index + 1}. {STEP_LABELS[step.step]}
            </Text>
            <Group gap="md" wrap="nowrap">
              <Switch
                size="xs"
                label="Open"
                checked={step.is_active}
                disabled={pending !== null}
                aria-label={`${STEP_LABELS[step.step]} open for the client`}
                onChange={(event) => void toggle(step.step, 'is_active', event.currentTarget.checked)}
              />
              <Switch
                size="xs"
                color="teal"
                label="Done"
                checked={step.is_completed}
                disabled={pending !== null}
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
