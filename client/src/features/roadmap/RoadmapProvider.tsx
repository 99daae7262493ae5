import { Paper, Group, Text, ThemeIcon } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { createActorContext } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { roadmapMachine, type RoadmapInput, type RoadmapStepState } from '@machines/roadmap.machine';
import { getInspect } from '../../app/inspect';
import { useCurrentUser } from '../auth/session';
import type { CustomerView } from '../customers/types';
import { useOwnProfile } from '../documents/queries';
import { useRoadmapSteps } from './queries';

/** The customer's roadmap machine: in progress, or complete (every step completed). */
export const RoadmapContext = createActorContext(roadmapMachine);

const NOTHING_YET: RoadmapInput = {
  steps: [],
  lawyer: { present: false, status: 'empty' },
  appraiser: { present: false, status: 'empty' },
};

export function roadmapInput(profile: CustomerView, steps?: RoadmapStepState[]): RoadmapInput {
  return {
    steps: (steps ?? profile.steps ?? []).map(({ step, is_active, is_completed, completed_by }) => ({
      step,
      is_active,
      is_completed,
      completed_by,
    })),
    lawyer: { present: !!profile.lawyer, status: profile.lawyer_status ?? 'empty' },
    appraiser: { present: !!profile.appraiser, status: profile.appraiser_status ?? 'empty' },
  };
}

/** Feeds the machine what the server answers, at first and after every live update. */
function RoadmapSync() {
  const actor = RoadmapContext.useActorRef();
  const user = useCurrentUser();
  const customer = user?.role === 'customer';
  const profile = useOwnProfile(customer);
  const steps = useRoadmapSteps(customer);
  const input = useMemo(
    () => (profile.data ? roadmapInput(profile.data, steps.data) : null),
    [profile.data, steps.data],
  );
  useEffect(() => {
    if (input) actor.send({ type: 'UPDATE', input });
  }, [actor, input]);
  return null;
}

/** Around the customer's pages: the roadmap machine they all read (the banner, the roadmap). */
export function RoadmapProvider({ children }: { children: ReactNode }) {
  const options = useMemo(() => ({ input: NOTHING_YET, inspect: getInspect() }), []);
  return (
    <RoadmapContext.Provider options={options}>
      <RoadmapSync />
      {children}
    </RoadmapContext.Provider>
  );
}

export function useRoadmapComplete(): boolean {
  return RoadmapContext.useSelector((snapshot) => snapshot.matches('complete'));
}

/** 'Congratulations {name}! Your file to ready for funding!' once every step is completed. */
export function CongratulationBanner() {
  const user = useCurrentUser();
  const complete = useRoadmapComplete();
  if (!complete) return null;
  return (
    <Paper
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      role="status"
      data-testid="congratulation-banner"
      style={{
        background: 'linear-gradient(120deg, var(--mantine-color-petrol-7), var(--mantine-color-teal-6))',
        color: 'white',
      }}
    >
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="white" color="petrol">
          <IconConfetti size={24} />
        </ThemeIcon>
        <Text fw={700} fz={{ base: 'md', sm: 'lg' }}>
          Congratulations {user?.first_name}! Your file to ready for funding!
        </Text>
      </Group>
    </Paper>
  );
}
