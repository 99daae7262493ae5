import { useCurrentUser } from '../../features/auth/session';
import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteCustomerRoadmap. */
export function RoadmapPage() {
  const user = useCurrentUser();
  return (
    <PlaceholderPage
      title="Roadmap"
      description={`Welcome, ${user?.first_name ?? ''}! Your steps will appear here: Mortgage application, Documents upload, Solicitor, Appraiser and Sign documents.`}
    />
  );
}
