import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { PopupsProvider } from '../ui/popups';
import { popups } from './popups';
import { SessionEffects } from './SessionEffects';

/**
 * A page opened by a link starts at its top; going back or forward leaves the scroll to the browser,
 * which returns to where the reader was.
 */
function useScrollToTop(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** Around every page: popups, session reports and live updates. */
export function RootLayout({ onPrivatePage, children }: { onPrivatePage: boolean; children: ReactNode }) {
  useScrollToTop();
  return (
    <PopupsProvider popups={popups}>
      <SessionEffects onPrivatePage={onPrivatePage} />
      {children}
    </PopupsProvider>
  );
}
