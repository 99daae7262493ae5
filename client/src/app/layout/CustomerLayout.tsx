import { Container, Stack } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { CustomerHeader } from './CustomerHeader';
import { ShellLayout } from './ShellLayout';

/** Pages of customers: the greeting with their mortgage team above the page. */
export function CustomerLayout() {
  return (
    <ShellLayout>
      <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'xl' }}>
        <Stack gap="lg">
          <CustomerHeader />
          <Outlet />
        </Stack>
      </Container>
    </ShellLayout>
  );
}
