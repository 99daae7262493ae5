import { Button } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { STEP_TITLES } from '@machines/customer.enums';
import { ROUTES } from '../../app/routes';
import { useRoadmapSteps } from './queries';
import { RoadmapCard, RoadmapCardSkeleton } from './RoadmapCard';
import { STATUS_COLORS, STEP_ICONS } from './step-style';

/** The signed-in customer's own five steps, as their roadmap shows them, with the way to it. */
export function RoadmapSummary() {
  const steps = useRoadmapSteps().data;
  if (!steps) return <RoadmapCardSkeleton />;
  return (
    <RoadmapCard
      steps={steps.map((step) => ({
        key: step.step,
        title: STEP_TITLES[step.step],
        note: step.statusMessage,
        done: step.is_completed,
        icon: STEP_ICONS[step.step],
        noteColor: step.locked ? 'dimmed' : `${STATUS_COLORS[step.status]}.8`,
      }))}
      footer={
        <Button
          component={Link}
          to={ROUTES.RouteCustomerRoadmap}
          variant="light"
          fullWidth
          mt="lg"
          rightSection={<IconArrowRight size={16} />}
        >
          Open your roadmap
        </Button>
      }
    />
  );
}
