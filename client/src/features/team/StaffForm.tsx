import { Button, Group, Modal, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { toLocalPhone, toWirePhone } from '@machines/phone';
import type { StaffRole } from '@machines/roles';
import { isEmailAddress } from '@machines/email-address';
import { isPersonName } from '@machines/validation';
import { showFieldErrors, useAppForm } from '../../ui/form';
import { toastError } from '../../ui/toast';
import { PhoneInput } from '../../ui/PhoneInput';
import { ROLE_LABELS } from './labels';
import type { InviteStaff, TeamMember } from './types';

const BROKER_CODE = /^[A-Za-z0-9]{1,20}$/;

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as StaffRole[]).map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));

interface StaffFormProps {
  /** The member edited; none to invite someone new. */
  member?: TeamMember;
  opened: boolean;
  onClose: () => void;
  onSubmit: (values: InviteStaff) => Promise<unknown>;
}

/**
 * Invites a staff member or edits one. Their phone number is how they sign in: it is given once, at the
 * invitation. Broker codes belong to brokers and principal brokers; an assistant has none.
 */
export function StaffForm({ member, opened, onClose, onSubmit }: StaffFormProps) {
  const form = useAppForm<InviteStaff>({
    initialValues: {
      first_name: member?.first_name ?? '',
      last_name: member?.last_name ?? '',
      email: member?.email ?? '',
      phone_number: member ? toLocalPhone(member.phone_number) : '',
      role: member?.role ?? 'broker',
      broker_codes: member?.broker_codes ?? [],
    },
    validate: {
      first_name: (v) => (!v.trim() ? 'First name is required' : isPersonName(v) ? null : 'Use letters only'),
      last_name: (v) => (!v.trim() ? 'Last name is required' : isPersonName(v) ? null : 'Use letters only'),
      email: (v) => (isEmailAddress(v.trim()) ? null : 'Enter a valid e-mail address'),
      phone_number: (v) => (member || /^\d{10}$/.test(v) ? null : 'Enter the 10 digits of the phone number'),
      broker_codes: (codes, values) =>
        values.role === 'assistant' && codes.length > 0
          ? 'Assistants have no broker codes'
          : codes.every((code) => BROKER_CODE.test(code))
            ? null
            : 'Codes are letters and digits only',
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit({ ...values, phone_number: toWirePhone(values.phone_number) });
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, error)) toastError(error);
    }
  });

  const isAssistant = form.getValues().role === 'assistant';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={member ? 'Edit team member' : 'Invite a team member'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="First name" required {...form.getInputProps('first_name')} />
            <TextInput label="Last name" required {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
          <PhoneInput
            label="Phone number"
            description={
              member
                ? 'Their sign-in; it stays as invited.'
                : 'They sign in with it; a one-time password is texted to it.'
            }
            required={!member}
            disabled={!!member}
            {...form.getInputProps('phone_number')}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('role')}
            onChange={(role) => {
              form.setFieldValue('role', (role ?? 'broker') as StaffRole);
              if (role === 'assistant') form.setFieldValue('broker_codes', []);
            }}
          />
          {!isAssistant && (
            <TagsInput
              label="Broker codes"
              description="Lender submission codes; the first goes to clients' mortgage application links."
              placeholder="Type a code and press Enter"
              splitChars={[',', ' ']}
              maxTags={10}
              {...form.getInputProps('broker_codes')}
              onChange={(codes) =>
                form.setFieldValue(
                  'broker_codes',
                  codes.map((code) => code.trim().toUpperCase()),
                )
              }
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {member ? 'Save' : 'Send invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
