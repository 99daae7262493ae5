import { Button, Group, Stack, TagsInput, Text } from '@mantine/core';
import { useCommand } from '../../api/use-command';
import { useAppForm, showFieldErrors } from '../../ui/form';
import { closePopup } from '../../ui/popups';
import { toast, toastError } from '../../ui/toast';
import { saveOwnBrokerCodes } from './api';
import { useCurrentUser, useReloadCurrentUser } from './session';

const MAX_CODES = 10;
const CODE = /^[A-Z0-9]{1,20}$/;

/** A broker's own lender submission codes, from the user menu; the first goes to their clients' links. */
export function PopupBrokerCodes() {
  const user = useCurrentUser();
  const reloadUser = useReloadCurrentUser();
  const form = useAppForm<{ broker_codes: string[] }>({
    initialValues: { broker_codes: user?.broker_codes ?? [] },
    validate: {
      broker_codes: (codes) =>
        codes.every((code) => CODE.test(code)) ? null : 'Codes take letters and digits only, up to 20',
    },
  });
  const save = useCommand<unknown, string[]>({
    send: (codes, requestId) => saveOwnBrokerCodes(codes, requestId),
    onSuccess: () => void reloadUser().catch(() => undefined),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ broker_codes }) =>
        save.mutate(broker_codes, {
          onSuccess: () => {
            toast.success('Broker codes saved');
            closePopup('PopupBrokerCodes');
          },
          onError: (error) => {
            if (!showFieldErrors(form, error)) toastError(error);
          },
        }),
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Your lender submission codes. The first one is added to your clients&apos; mortgage application
          link.
        </Text>
        <TagsInput
          label="Broker codes"
          placeholder="Type a code and press Enter"
          splitChars={[',', ' ']}
          maxTags={MAX_CODES}
          data-autofocus
          {...form.getInputProps('broker_codes')}
          onChange={(codes) =>
            form.setFieldValue(
              'broker_codes',
              codes.map((code) => code.trim().toUpperCase()),
            )
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closePopup('PopupBrokerCodes')} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
