import { PopupUserPasswordChange } from '../features/auth/PopupUserPasswordChange';
import { PopupClientDeleteConfirm } from '../features/customers/PopupClientDeleteConfirm';
import { PopupFilogixFolderChoice } from '../features/customers/PopupFilogixFolderChoice';
import { PopupCustomerNotes } from '../features/customers/notes/PopupCustomerNotes';
import { PopupChat } from '../features/documents/PopupChat';
import { definePopups } from '../ui/popups';

/** Every popup of the product, by name. */
export const popups = definePopups({
  PopupUserPasswordChange: {
    component: PopupUserPasswordChange,
    settings: { title: 'Change password', size: 'md' },
  },
  PopupCustomerNotes: {
    component: PopupCustomerNotes,
    settings: { title: 'Client notes', size: 'lg' },
  },
  PopupClientDeleteConfirm: {
    component: PopupClientDeleteConfirm,
    settings: { title: 'Are you sure?', size: 'sm' },
  },
  PopupChat: {
    component: PopupChat,
    settings: { title: 'Comments to:', size: 'lg' },
  },
  PopupFilogixFolderChoice: {
    component: PopupFilogixFolderChoice,
    settings: { title: 'Filogix number changed', size: 'md' },
  },
});

declare module '@mantine/modals' {
  interface MantineModalsOverride {
    modals: typeof popups.components;
  }
}
