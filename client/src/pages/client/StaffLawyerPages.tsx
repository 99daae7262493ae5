import { Stack } from '@mantine/core';
import { useClientScope } from '../../features/assignments/client-scope';
import { StaffPageTitle } from '../../features/assignments/CustomerPageFrame';
import { LawyerAddStep, LawyerDetailsStepPage, LawyerSelectedStep } from '../../features/lawyers/LawyerSteps';

/** RouteStaffLawyerSelected. */
export function StaffLawyerSelectedPage() {
  const scope = useClientScope();
  return (
    <Stack gap="lg">
      <StaffPageTitle title="Lawyer contact details" />
      <LawyerSelectedStep scope={scope} />
    </Stack>
  );
}

/** RouteStaffLawyerStepAdd. */
export function StaffLawyerStepAddPage() {
  const scope = useClientScope();
  return (
    <Stack gap="lg">
      <StaffPageTitle
        title="Assign one of our trusted lawyers or add the client's own"
        caption="A lawyer you choose is assigned to the client at once."
      />
      <LawyerAddStep
        scope={scope}
        ownIntro="If the client has their own lawyer, add contact details below:"
      />
    </Stack>
  );
}

/** RouteStaffLawyerStepDetails. */
export function StaffLawyerStepDetailsPage() {
  const scope = useClientScope();
  return (
    <Stack gap="lg">
      <StaffPageTitle
        title="Add more details"
        caption="Check the client's details before the lawyer is assigned."
      />
      <LawyerDetailsStepPage scope={scope} />
    </Stack>
  );
}
