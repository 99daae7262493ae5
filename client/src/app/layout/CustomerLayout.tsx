import { Container, Stack } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { CongratulationBanner, RoadmapProvider } from '../../features/roadmap/RoadmapProvider';
import { CustomerHeader } from './CustomerHeader';
import { ShellLayout } from './ShellLayout';

/** Pages of customers: the greeting with their mortgage team above the page. */
export function CustomerLayout() {
  return (
    <ShellLayout>
      <RoadmapProvider>
        <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'xl' }}>
          <Stack gap="lg">
            <CustomerHeader />
            <CongratulationBanner />
            <Outlet />
          </Stack>
        </Container>
      </RoadmapProvider>
    </ShellLayout>
  );
}
