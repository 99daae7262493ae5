import { PopupUserPasswordChange } from '../features/auth/PopupUserPasswordChange';
import { definePopups } from '../ui/popups';

/** Every popup of the product, by name. */
export const popups = definePopups({
  PopupUserPasswordChange: {
    component: PopupUserPasswordChange,
    settings: { title: 'Change password', size: 'md' },
  },
});

declare module '@mantine/modals' {
  interface MantineModalsOverride {
    modals: typeof popups.components;
  }
}
