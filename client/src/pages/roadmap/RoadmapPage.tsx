import { Badge, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useDeferredValue } from 'react';
import type { StepDisplay } from '@machines/roadmap.machine';
import { roadmapDisplay } from '@machines/roadmap.machine';
import { personName } from '@machines/customer.rules';
import { ROUTES, href } from '../../app/routes';
import { ContactCard } from '../../features/assignments/ContactCard';
import { CustomerPageFrame } from '../../features/assignments/CustomerPageFrame';
import { useClientAppraiser } from '../../features/appraisers/queries';
import { useCurrentUser } from '../../features/auth/session';
import { mortgageApplicationUrl } from '../../features/customer-portal/CustomerSidePanel';
import type { CustomerView } from '../../features/customers/types';
import { useOwnProfile } from '../../features/documents/queries';
import { useCurators, useRoadmapSteps } from '../../features/roadmap/queries';
import { RoadmapContext } from '../../features/roadmap/RoadmapProvider';
import { StepCard, type StepAction } from '../../features/roadmap/StepCard';

/** What each card's button does, by step and state (spec section 2, Customer roadmap). */
function stepAction(step: StepDisplay, profile: CustomerView, applicationUrl: string): StepAction {
  switch (step.step) {
    case 'application':
      return {
        label: step.is_completed ? 'Open the application' : 'Fill out the application',
        href: applicationUrl,
      };
    case 'uploads': {
      const secret = profile.form_codes?.[0];
      if (!secret) return { label: 'Waiting for your documents list', disabled: true };
      return {
        label: step.is_completed ? 'View documents' : 'Upload documents',
        to: `${href('RouteUserFormUpload', { formSecret: secret })}/`,
      };
    }
    case 'lawyers':
      if (step.button === 'Add Lawyer') return { label: 'Add Lawyer', to: ROUTES.RouteCustomerLawyerStepAdd };
      if (!profile.lawyer) return null;
      return { label: step.button ?? 'View lawyer', to: ROUTES.RouteCustomerLawyerSelected };
    case 'appraisers':
      if (step.button) return { label: step.button, disabled: true };
      if (!profile.appraiser) return null;
      return { label: 'View appraiser', to: ROUTES.RouteCustomerAppraisersSelected };
    case 'sign_documents':
      return null;
  }
}

const LAWYER_STATUS_LABEL: Record<string, string> = {
  pending_approve: 'Waiting for approval',
  pending_revoke: 'Waiting for revoke approval',
};

/** The lawyer and appraiser of the file, once there are any. */
function TeamCards({ profile }: { profile: CustomerView }) {
  const curators = useCurators();
  const { appraiser } = useClientAppraiser(profile.id, profile.appraiser);
  const lawyer = curators.data?.lawyer;
  const pending = LAWYER_STATUS_LABEL[curators.data?.lawyer_status ?? ''];
  return (
    <>
      {lawyer && (
        <ContactCard
          compact
          data-testid="team-lawyer"
          eyebrow="Your lawyer"
          name={personName(lawyer)}
          phone={lawyer.phone_number}
          email={lawyer.email}
          badges={
            pending ? (
              <Badge size="xs" color="yellow" variant="light" radius="sm" tt="none">
                {pending}
              </Badge>
            ) : undefined
          }
        />
      )}
      {appraiser && (
        <ContactCard
          compact
          data-testid="team-appraiser"
          eyebrow="Your appraiser"
          name={personName(appraiser)}
          phone={appraiser.phone_number}
          email={appraiser.email}
          badges={
            profile.appraiser_status === 'pending_approve' ? (
              <Badge size="xs" color="yellow" variant="light" radius="sm" tt="none">
                Waiting for approval
              </Badge>
            ) : undefined
          }
        />
      )}
    </>
  );
}

/** RouteCustomerRoadmap: the five steps of the customer's file, live. */
export function RoadmapPage() {
  const user = useCurrentUser();
  // The cards are drawn from deferred data, in the background, rather than in the one block a store
  // update would otherwise hold the main thread for.
  const profile = useDeferredValue(useOwnProfile(user?.role === 'customer').data);
  const steps = useDeferredValue(useRoadmapSteps(user?.role === 'customer').data);
  const context = RoadmapContext.useSelector((snapshot) => snapshot.context);
  const display: StepDisplay[] = steps ?? roadmapDisplay(context);
  const done = display.filter((step) => step.is_completed).length;

  const content =
    !profile || !user ? (
      <Stack gap="md">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={104} radius="lg" />
        ))}
      </Stack>
    ) : (
      <Stack gap="md">
        <Paper withBorder radius="lg" p="md">
          <Group justify="space-between" gap="xs" mb={8}>
            <Text fw={600} c="navy.9" size="sm">
              Your progress
            </Text>
            <Text size="sm" c="dimmed">
              {done} of {display.length} steps completed
            </Text>
          </Group>
          <Progress
            value={(done / Math.max(display.length, 1)) * 100}
            radius="xl"
            size="md"
            color="teal"
            aria-label="Your progress"
          />
        </Paper>
        {display.map((step, index) => (
          <StepCard
            key={step.step}
            step={step}
            index={index}
            action={stepAction(step, profile, mortgageApplicationUrl(user, profile))}
          />
        ))}
      </Stack>
    );

  return (
    <CustomerPageFrame
      title="Your mortgage roadmap"
      caption="Follow these steps to get your mortgage funded. Your mortgage team opens each step when it is time."
      aside={profile ? <TeamCards profile={profile} /> : undefined}
    >
      {content}
    </CustomerPageFrame>
  );
}
