import { Container } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { ShellLayout } from './ShellLayout';

/** Pages of principal brokers, brokers and assistants. */
export function StaffLayout() {
  return (
    <ShellLayout>
      <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'xl' }}>
        <Outlet />
      </Container>
    </ShellLayout>
  );
}
