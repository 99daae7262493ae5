import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../app/routes';
import { SessionContext } from './session';

/** Logout: the session clears the tokens and all stored data; the user lands on /auth. */
export function useLogout() {
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  return () => {
    session.send({ type: 'LOGOUT' });
    navigate(ROUTES.RouteAuthLogin, { replace: true });
  };
}
