import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useBootShellRemoved } from '../boot-shell';
import { AppFooter } from './AppFooter';
import { AppHeader, AppMobileMenu, HEADER_HEIGHT } from './AppHeader';

/** The frame of every page: header (a burger menu on phones), content, footer. */
export function ShellLayout({ children }: { children: ReactNode }) {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  useBootShellRemoved();

  useEffect(() => {
    menu.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 300, breakpoint: 'sm', collapsed: { mobile: !menuOpened, desktop: true } }}
      padding={0}
    >
      <AppHeader menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      <AppMobileMenu opened={menuOpened} onNavigate={menu.close} />
      <AppShell.Main bg="gray.0" style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        {/* At least a screen tall, so the footer starts below the fold and a page filling in as its data
            arrives never pushes it away under the reader's eyes. */}
        <Box style={{ flex: 1, minHeight: `calc(100dvh - ${HEADER_HEIGHT}px)` }}>{children}</Box>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
