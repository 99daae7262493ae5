import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteDashboard: the staff clients dashboard. */
export function DashboardPage() {
  return (
    <PlaceholderPage
      title="Dashboard"
      description="The clients list with filters, search and client details will appear here."
    />
  );
}
