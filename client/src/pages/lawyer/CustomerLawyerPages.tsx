import { useClientScope } from '../../features/assignments/client-scope';
import { CustomerPageFrame } from '../../features/assignments/CustomerPageFrame';
import { useCurrentUser } from '../../features/auth/session';
import { LawyerAddStep, LawyerDetailsStepPage, LawyerSelectedStep } from '../../features/lawyers/LawyerSteps';

function useFirstName(): string {
  return useCurrentUser()?.first_name ?? '';
}

/** RouteCustomerLawyerSelected. */
export function CustomerLawyerSelectedPage() {
  const scope = useClientScope();
  return (
    <CustomerPageFrame title={`${useFirstName()}! Your lawyer contact details`}>
      <LawyerSelectedStep scope={scope} />
    </CustomerPageFrame>
  );
}

/** RouteCustomerLawyerStepAdd. */
export function CustomerLawyerStepAddPage() {
  const scope = useClientScope();
  return (
    <CustomerPageFrame
      title={`${useFirstName()}! Assign one of our trusted lawyers or add yours`}
      caption="Choose a lawyer for your closing. Your mortgage agent approves the choice."
    >
      <LawyerAddStep
        scope={scope}
        ownIntro="If you have your own lawyer, please, add contact details below:"
      />
    </CustomerPageFrame>
  );
}

/** RouteCustomerLawyerStepDetails. */
export function CustomerLawyerStepDetailsPage() {
  const scope = useClientScope();
  return (
    <CustomerPageFrame title="ADD MORE DETAILS">
      <LawyerDetailsStepPage scope={scope} />
    </CustomerPageFrame>
  );
}
