import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteEventLog. */
export function EventLogPage() {
  const { clientID } = useParams();
  return (
    <PlaceholderPage title="Event log" description="Messages sent to the client." details={{ clientID }} />
  );
}
