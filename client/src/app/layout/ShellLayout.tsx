import { Box, Center, Loader } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useBootShellRemoved } from '../boot-shell';
import { AppFooter } from './AppFooter';
import { AppHeader, PHONE_MENU_ID } from './AppHeader';
import { ConnectionBanner } from './ConnectionBanner';

const PhoneMenu = lazy(() => import('./PhoneMenu').then((m) => ({ default: m.PhoneMenu })));

/**
 * The phone menu's panel under the header. Its content is loaded and made when first opened, then kept,
 * so it slides away whole; wider screens never show it.
 */
function PhoneMenuPanel({ opened, onNavigate }: { opened: boolean; onNavigate: () => void }) {
  const [made, setMade] = useState(opened);
  if (opened && !made) setMade(true);
  return (
    <nav id={PHONE_MENU_ID} className="hw-phone-menu" aria-label="Menu" data-opened={opened || undefined}>
      {made && (
        <Suspense
          fallback={
            <Center role="status" aria-label="Loading the menu" py="md">
              <Loader size="sm" />
            </Center>
          }
        >
          <PhoneMenu onNavigate={onNavigate} />
        </Suspense>
      )}
    </nav>
  );
}

/** The frame of every page: header (a burger menu on phones), content, footer. */
export function ShellLayout({ children }: { children: ReactNode }) {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  useBootShellRemoved();
  // Escape closes the open menu, as it closes every other panel laid over the page; focus inside the menu
  // goes back to the button that opened it rather than staying on a link no longer shown.
  useHotkeys([
    [
      'Escape',
      (event) => {
        if (!menuOpened) return;
        // Marked as handled only when it closed the menu: panels below (a client's edit panel) take an
        // Escape nobody handled as theirs.
        event.preventDefault();
        menu.close();
        if (document.activeElement?.closest(`#${PHONE_MENU_ID}`))
          document.querySelector<HTMLElement>(`[aria-controls="${PHONE_MENU_ID}"]`)?.focus();
      },
      { preventDefault: false },
    ],
  ]);

  useEffect(() => {
    menu.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <>
      <AppHeader menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      <ConnectionBanner />
      <PhoneMenuPanel opened={menuOpened} onNavigate={menu.close} />
      <Box component="main" className="hw-main" bg="gray.0">
        {/* At least a screen tall, so the footer starts below the fold and a page filling in as its data
            arrives never pushes it away under the reader's eyes. */}
        <Box style={{ flex: 1, minHeight: 'calc(100dvh - var(--hw-header-height))' }}>{children}</Box>
        <AppFooter />
      </Box>
    </>
  );
}
