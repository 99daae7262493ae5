import { Navigate, useSearchParams } from 'react-router-dom';
import { href, ROUTES } from '../../app/routes';

/**
 * RouteClientFormUpload (/client-form-upload): the older address of the documents review. With
 * ?clientID= and ?formSecret= it goes to that review; with a client only, to the client's form; without,
 * to the dashboard.
 */
export function ClientFormUploadPage() {
  const [params] = useSearchParams();
  const clientID = params.get('clientID');
  const formSecret = params.get('formSecret');
  if (!clientID) return <Navigate to={ROUTES.RouteDashboard} replace />;
  const to = formSecret
    ? href('RouteClientDocuments', { clientID, formSecret })
    : href('RouteClientFormCreate', { clientID });
  return <Navigate to={to} replace />;
}
