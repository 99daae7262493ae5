import { useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { confirmLeaveUnsaved } from './confirm';

/**
 * Leaving unsaved changes asks first: following a link to another page (`message` says what would be
 * lost) and closing or reloading the tab (the browser's own question). `isUnsaved` is asked at that
 * moment, so a save that navigates right away is not held back by a render that has not happened yet.
 */
export function useLeaveGuard(isUnsaved: () => boolean, message: string): void {
  const ask = useRef(isUnsaved);
  useLayoutEffect(() => {
    ask.current = isUnsaved;
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && ask.current(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmLeaveUnsaved(message).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, message]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (ask.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
}
