import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteStaffAppraisersSelected. */
export function StaffAppraisersSelectedPage() {
  const { clientID } = useParams();
  return <PlaceholderPage title="Assigned appraiser" details={{ clientID }} />;
}

/** RouteStaffAppraisersDashboard. */
export function StaffAppraisersDashboardPage() {
  const { clientID } = useParams();
  return <PlaceholderPage title="Appraisers" details={{ clientID }} />;
}

/** RouteStaffAppraisersQuoteRequest. */
export function StaffAppraisersQuoteRequestPage() {
  const { clientID } = useParams();
  return <PlaceholderPage title="Quote request" details={{ clientID }} />;
}

/** RouteStaffAppraisersAddDetails. */
export function StaffAppraisersAddDetailsPage() {
  const { clientID } = useParams();
  return <PlaceholderPage title="Client details" details={{ clientID }} />;
}
