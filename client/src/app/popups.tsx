import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { definePopups, type PopupComponent } from '../ui/popups';

/**
 * A popup whose code is loaded when it first opens: most popups belong to the staff or the customer area,
 * and the public pages would otherwise carry them.
 */
function lazyPopup<P extends Record<string, unknown>>(
  load: () => Promise<PopupComponent<P>>,
): PopupComponent<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyPopup(props) {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader />
          </Center>
        }
      >
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** Every popup of the product, by name. */
export const popups = definePopups({
  PopupUserPasswordChange: {
    component: lazyPopup(() =>
      import('../features/auth/PopupUserPasswordChange').then((m) => m.PopupUserPasswordChange),
    ),
    settings: { title: 'Change password', size: 'md' },
  },
  PopupSecondFactor: {
    component: lazyPopup(() =>
      import('../features/auth/second-factor/PopupSecondFactor').then((m) => m.PopupSecondFactor),
    ),
    settings: { title: 'Two-factor sign-in', size: 'md' },
  },
  PopupBrokerCodes: {
    component: lazyPopup(() => import('../features/auth/PopupBrokerCodes').then((m) => m.PopupBrokerCodes)),
    settings: { title: 'Broker codes', size: 'md' },
  },
  PopupCustomerNotes: {
    component: lazyPopup(() =>
      import('../features/customers/notes/PopupCustomerNotes').then((m) => m.PopupCustomerNotes),
    ),
    settings: { title: 'Client notes', size: 'lg' },
  },
  PopupClientDeleteConfirm: {
    component: lazyPopup(() =>
      import('../features/customers/PopupClientDeleteConfirm').then((m) => m.PopupClientDeleteConfirm),
    ),
    settings: { title: 'Are you sure?', size: 'sm' },
  },
  PopupChat: {
    component: lazyPopup(() => import('../features/documents/PopupChat').then((m) => m.PopupChat)),
    settings: { title: 'Comments to:', size: 'lg' },
  },
  PopupFilogixFolderChoice: {
    component: lazyPopup(() =>
      import('../features/customers/PopupFilogixFolderChoice').then((m) => m.PopupFilogixFolderChoice),
    ),
    settings: { title: 'Filogix number changed', size: 'md' },
  },
});

declare module '@mantine/modals' {
  interface MantineModalsOverride {
    modals: typeof popups.components;
  }
}
