import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteCustomerLawyerSelected. */
export function CustomerLawyerSelectedPage() {
  return <PlaceholderPage title="Your lawyer" />;
}

/** RouteCustomerLawyerStepAdd. */
export function CustomerLawyerStepAddPage() {
  return <PlaceholderPage title="Add a lawyer" />;
}

/** RouteCustomerLawyerStepDetails. */
export function CustomerLawyerStepDetailsPage() {
  return <PlaceholderPage title="Lawyer details" />;
}
