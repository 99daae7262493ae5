import { Container, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router-dom';
import { CongratulationBanner, RoadmapProvider } from '../../features/roadmap/RoadmapProvider';
import { ROUTES } from '../routes';
import { CustomerHeader } from './CustomerHeader';
import { ShellLayout } from './ShellLayout';

/** Pages of customers: the greeting with their mortgage team above the page. */
export function CustomerLayout() {
  // On phones the whole greeting shows on the roadmap only; the other pages keep it to one line.
  // Read at once, not after the first frame: the greeting would otherwise fold after the page has shown.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const { pathname } = useLocation();
  return (
    <ShellLayout>
      <RoadmapProvider>
        <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'xl' }}>
          <Stack gap="lg">
            <CustomerHeader compact={phone && pathname !== ROUTES.RouteCustomerRoadmap} />
            <CongratulationBanner />
            <Outlet />
          </Stack>
        </Container>
      </RoadmapProvider>
    </ShellLayout>
  );
}
