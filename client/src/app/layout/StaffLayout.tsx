import { Container } from '@mantine/core';
import { Outlet, useLocation } from 'react-router-dom';
import { ROUTES } from '../routes';
import { ShellLayout } from './ShellLayout';

/** The dashboard's wide table gets more room than the other pages. */
const WIDE_PATHS: string[] = [ROUTES.RouteDashboard, ROUTES.RouteTeam];

/** Pages of principal brokers, brokers and assistants. */
export function StaffLayout() {
  const { pathname } = useLocation();
  const wide = WIDE_PATHS.includes(pathname.replace(/\/$/, ''));
  return (
    <ShellLayout>
      <Container
        size={wide ? 1680 : 'xl'}
        py={{ base: 'md', sm: 'xl' }}
        px={wide ? { base: 'sm', sm: 'md', xl: 'xl' } : { base: 'sm', sm: 'xl' }}
      >
        <Outlet />
      </Container>
    </ShellLayout>
  );
}
