import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../app/routes';
import { useSessionSend } from './session';

/** Logout: the session clears the tokens and all stored data; the user lands on /auth. */
export function useLogout() {
  const send = useSessionSend();
  const navigate = useNavigate();
  return () => {
    send({ type: 'LOGOUT' });
    navigate(ROUTES.RouteAuthLogin, { replace: true });
  };
}
