import { Box, Button, Group, Modal, Text, getDefaultZIndex } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { useEffect, useSyncExternalStore } from 'react';
import {
  answerConfirmation,
  lastConfirmationShown,
  pendingConfirmations,
  subscribeConfirmations,
} from './confirm';
import { attachPopupsHost, type PopupComponents } from './popups';

/**
 * Shows the latest confirmation above the popups. Rendered before the popups' provider so that its
 * Esc handler, registered first, answers the dialog without also closing the popup beneath it.
 */
function ConfirmHost() {
  const confirmations = useSyncExternalStore(subscribeConfirmations, pendingConfirmations);
  const current = confirmations.at(-1);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const open = pendingConfirmations().at(-1);
      if (event.key !== 'Escape' || event.isComposing || !open) return;
      event.stopImmediatePropagation();
      answerConfirmation(open, false);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);

  const {
    title,
    message,
    confirmLabel = 'Yes',
    cancelLabel = 'Cancel',
    danger = false,
  } = current ?? lastConfirmationShown();
  return (
    <Modal
      opened={!!current}
      onClose={() => current && answerConfirmation(current, false)}
      closeOnEscape={false}
      title={title}
      centered
      radius="lg"
      padding="lg"
      zIndex={getDefaultZIndex('modal') + 10}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {message && (
        <Box mb="md">{typeof message === 'string' ? <Text size="sm">{message}</Text> : message}</Box>
      )}
      <Group mt={message ? 0 : 'md'} justify="flex-end">
        <Button variant="default" onClick={() => current && answerConfirmation(current, false)}>
          {cancelLabel}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={() => current && answerConfirmation(current, true)}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The dialogs: loaded with the first popup or confirmation, since Modal and its positioning would
 * otherwise weigh on every page. Popups asked for while it loaded open once it is attached, which
 * happens after the provider below listens for them (its listeners are layout effects).
 */
export function PopupsHost({ components }: { components: PopupComponents }) {
  useEffect(
    () =>
      attachPopupsHost({
        open: (payload) => modals.openContextModal(payload),
        close: (name) => modals.close(name),
        closeAll: () => modals.closeAll(),
      }),
    [],
  );
  return (
    <>
      <ConfirmHost />
      <ModalsProvider
        modals={components}
        labels={{ confirm: 'Yes', cancel: 'Cancel' }}
        modalProps={{
          centered: true,
          radius: 'lg',
          padding: 'lg',
          styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
        }}
      />
    </>
  );
}
