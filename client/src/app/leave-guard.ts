import type { Transition } from 'history';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { confirmLeaveUnsaved } from '../ui/confirm';
import { browserHistory } from './history';

/**
 * Leaving unsaved changes asks first: following a link to another page or going back (`message` says what
 * would be lost), and closing or reloading the tab (the browser's own question, which `history` asks while
 * a page blocks). `isUnsaved` is asked again when the reader leaves, so a save that navigates right away is
 * not held back by a render that has not happened yet.
 */
export function useLeaveGuard(isUnsaved: () => boolean, message: string): void {
  const ask = useRef(isUnsaved);
  useLayoutEffect(() => {
    ask.current = isUnsaved;
  });
  const unsaved = isUnsaved();

  useEffect(() => {
    if (!unsaved) return;
    let shown = true;
    let asking = false;
    let unblock = () => {};
    const block = () => {
      unblock = browserHistory.block(onLeave);
    };
    // Lets one navigation through, and guards again if this page is still shown after it.
    const pass = (transition: Transition) => {
      unblock();
      const stop = browserHistory.listen(() => {
        stop();
        if (shown) block();
      });
      transition.retry();
    };
    function onLeave(transition: Transition) {
      if (transition.location.pathname === browserHistory.location.pathname || !ask.current())
        return pass(transition);
      if (asking) return;
      asking = true;
      void confirmLeaveUnsaved(message).then((leave) => {
        asking = false;
        if (leave) pass(transition);
      });
    }
    block();
    return () => {
      shown = false;
      unblock();
    };
  }, [unsaved, message]);
}
