import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteCustomerAppraisersSelected. */
export function CustomerAppraisersSelectedPage() {
  return <PlaceholderPage title="Your appraiser" />;
}
