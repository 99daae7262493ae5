import { STEP_TITLES } from '@machines/customer.enums';
import { RoadmapCard } from '../../features/roadmap/RoadmapCard';
import { STEP_ICONS } from '../../features/roadmap/step-style';

/** How a file a few weeks in reads: an illustration, not anyone's file. */
const EXAMPLE = [
  { key: 'application', note: 'Completed', done: true },
  { key: 'uploads', note: 'Completed', done: true },
  { key: 'lawyers', note: 'Lawyer assigned', done: true },
  { key: 'appraisers', note: 'Waiting for approval', done: false },
  { key: 'sign_documents', note: 'Sign required', done: false },
] as const;

/** An illustration of the customer roadmap for the home page's visitors. */
export function RoadmapPreview() {
  return (
    <RoadmapCard
      decorative
      steps={EXAMPLE.map((step) => ({
        ...step,
        title: STEP_TITLES[step.key],
        icon: STEP_ICONS[step.key],
      }))}
    />
  );
}
