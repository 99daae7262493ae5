import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteStaffLawyerSelected. */
export function StaffLawyerSelectedPage() {
  const { clientID } = useParams();
  return <PlaceholderPage title="Assigned lawyer" details={{ clientID }} />;
}

/** RouteStaffLawyerStepAdd. */
export function StaffLawyerStepAddPage() {
  const { clientID } = useParams();
  return <PlaceholderPage title="Add a lawyer" details={{ clientID }} />;
}

/** RouteStaffLawyerStepDetails. */
export function StaffLawyerStepDetailsPage() {
  const { clientID } = useParams();
  return <PlaceholderPage title="Lawyer details" details={{ clientID }} />;
}
