import { Navigate, useSearchParams } from 'react-router-dom';
import { href, ROUTES } from '../../app/routes';

/**
 * RouteClientFormEdit (/client-form-edit): the older address of the form page. With ?clientID= (and
 * ?formSecret=) it goes to that client's form; without, to the dashboard, where forms are opened.
 */
export function ClientFormEditPage() {
  const [params] = useSearchParams();
  const clientID = params.get('clientID');
  const formSecret = params.get('formSecret');
  if (!clientID) return <Navigate to={ROUTES.RouteDashboard} replace />;
  const to =
    formSecret && formSecret !== 'create'
      ? href('RouteClientFormSecretEdit', { clientID, formSecret })
      : href('RouteClientFormCreate', { clientID });
  return <Navigate to={to} replace />;
}
