import { Outlet } from 'react-router-dom';
import { ShellLayout } from './ShellLayout';

/** Public and sign-in pages. */
export function PublicLayout() {
  return (
    <ShellLayout>
      <Outlet />
    </ShellLayout>
  );
}
