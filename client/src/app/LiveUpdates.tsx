import { useEffect } from 'react';
import { connectSocket, disconnectSocket } from '../api/socket';
import { useGlobalDomainEventInvalidation } from '../api/domain-events';
import { useOwnAccountUpdates } from '../features/auth/use-own-account-updates';

/**
 * Live updates, mounted only while signed in: the socket connects with it and disconnects when the session
 * ends. It is a module of its own so that visitors never download the socket client.
 */
export function LiveUpdates() {
  useEffect(() => {
    connectSocket();
    return () => disconnectSocket();
  }, []);
  useGlobalDomainEventInvalidation();
  useOwnAccountUpdates();
  return null;
}
