import { Button, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reminderKeys } from '../../api/query-keys';
import { useCommand } from '../../api/use-command';
import { formatDateTimeIn } from '../../ui/date-time';
import { TARGET_SIZE } from '../../ui/target-size';
import { toast, toastError } from '../../ui/toast';
import { confirm } from '../../ui/confirm';
import {
  changeReminders,
  getReminders,
  type RemindersChange,
  type RemindersView,
  sendReminderNow,
} from './api';

function describe(view: RemindersView): string | null {
  switch (view.state) {
    case 'scheduled':
      return view.next_at ? `Next reminder on ${formatDateTimeIn(view.next_at, view.time_zone)}` : null;
    case 'paused':
      return 'Reminders paused';
    case 'finished':
      return `All ${view.schedule.max_count} reminders sent`;
    default:
      return null;
  }
}

/** 'Next reminder on …' or 'Reminders paused' for a client, with pause/resume and 'Send reminder now'. */
export function RemindersStatus({ customerId }: { customerId: string }) {
  const queryClient = useQueryClient();
  const key = reminderKeys.customer(customerId);
  const { data } = useQuery({ queryKey: key, queryFn: ({ signal }) => getReminders(customerId, signal) });
  const onSuccess = (view: RemindersView) => queryClient.setQueryData(key, view);
  const change = useCommand<RemindersView, RemindersChange>({
    send: (body, requestId) => changeReminders(customerId, body, requestId),
    answers: () => [key],
    onSuccess,
  });
  const sendNow = useCommand<RemindersView, void>({
    send: (_none, requestId) => sendReminderNow(customerId, requestId),
    answers: () => [key],
    onSuccess,
  });
  if (!data || data.state === 'not_started' || data.state === 'client_finished') return null;
  const text = describe(data);
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Group gap="xs" data-testid="reminders-status">
      {text && (
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      )}
      {data.state !== 'nothing_missing' && (
        <Button
          size="compact-xs"
          variant="subtle"
          mih={TARGET_SIZE}
          loading={change.isPending}
          onClick={() =>
            void run(
              () => change.mutateAsync({ paused: !data.paused }),
              data.paused ? 'Reminders resumed' : 'Reminders paused',
            )
          }
        >
          {data.paused ? 'Resume reminders' : 'Pause reminders'}
        </Button>
      )}
      {data.missing.length > 0 && (
        <Button
          size="compact-xs"
          variant="subtle"
          mih={TARGET_SIZE}
          loading={sendNow.isPending}
          onClick={async () => {
            // It texts and e-mails the client at once, as the other send actions do after asking.
            const sure = await confirm({
              title: 'Send a reminder now?',
              message: `The client gets a text and an e-mail listing the ${data.missing.length === 1 ? 'document' : `${data.missing.length} documents`} still missing.`,
              confirmLabel: 'Send reminder',
            });
            if (sure) await run(() => sendNow.mutateAsync(), 'Reminder sent');
          }}
        >
          Send reminder now
        </Button>
      )}
    </Group>
  );
}
