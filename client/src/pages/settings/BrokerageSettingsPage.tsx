import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { isTimeZone } from '@machines/brokerage';
import { isReminderSetting } from '@machines/reminders';
import { toLocalPhone, toWirePhone } from '@machines/phone';
import { isEmailAddress } from '@machines/email-address';
import { errorText } from '../../api/errors';
import { useCurrentUser } from '../../features/auth/session';
import type { BrokerageSettingsView } from '../../features/brokerage/api';
import { useBrokerageSettings, useChangeBrokerageSettings } from '../../features/brokerage/queries';
import { openPopup } from '../../ui/popups';
import { PhoneInput } from '../../ui/PhoneInput';
import { showFieldErrors, useAppForm } from '../../ui/form';
import { toast, toastError } from '../../ui/toast';

const HTTPS = /^https:\/\/[^\s]+$/;

/** Time zones of Canada first, then every zone the browser knows. */
function timeZones(): string[] {
  const canadian = [
    'America/St_Johns',
    'America/Halifax',
    'America/Toronto',
    'America/Winnipeg',
    'America/Regina',
    'America/Edmonton',
    'America/Vancouver',
  ];
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...canadian, ...all.filter((zone) => !canadian.includes(zone))];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * Whether every staff member must sign in with a code from an authenticator app. The principal broker
 * turns it on for themself first: the rule holds for them too.
 */
function SecondFactorRule({
  mayRequire,
  inputProps,
}: {
  mayRequire: boolean;
  inputProps: ReturnType<ReturnType<typeof useAppForm>['getInputProps']>;
}) {
  return (
    <Stack gap="xs">
      <Switch
        label="Require two-factor sign-in for all staff"
        description="Every member of staff, principal brokers included, enters a code from an authenticator app at every sign-in; those without one are asked to set it up as soon as this is saved."
        size="md"
        disabled={!mayRequire}
        {...inputProps}
      />
      {!mayRequire && (
        <Text size="sm" c="dimmed" pl={{ base: 0, sm: 54 }}>
          Turn it on for yourself first.{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={() => openPopup('PopupSecondFactor')}
          >
            Set up two-factor sign-in
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: BrokerageSettingsView }) {
  const change = useChangeBrokerageSettings();
  const me = useCurrentUser();
  const zones = useMemo(() => timeZones(), []);
  const form = useAppForm({
    initialValues: { ...settings, phone: toLocalPhone(settings.phone), fax: toLocalPhone(settings.fax) },
    validate: {
      name: (v) => (v.trim() ? null : 'The brokerage name is required'),
      licence_number: (v) =>
        /^[A-Za-z0-9 -]{1,50}$/.test(v.trim()) ? null : 'Letters, digits, spaces and dashes',
      phone: (v) => (/^\d{10}$/.test(v) ? null : 'Enter the 10 digits of the phone number'),
      fax: (v) => (v === '' || /^\d{10}$/.test(v) ? null : 'Enter the 10 digits, or leave it empty'),
      address: (v) => (v.trim() ? null : 'The address is required'),
      email: (v) => (isEmailAddress(v.trim()) ? null : 'Enter a valid e-mail address'),
      social_url: (v) => (v === '' || HTTPS.test(v.trim()) ? null : 'An https:// address, or leave it empty'),
      time_zone: (v) => (isTimeZone(v) ? null : 'Choose a time zone'),
      mortgage_application_url: (v) => (HTTPS.test(v.trim()) ? null : 'An https:// address'),
      reminder_first_delay_days: (v) => (isReminderSetting('firstDelayDays', v) ? null : '0 to 60 days'),
      reminder_interval_days: (v) => (isReminderSetting('intervalDays', v) ? null : '1 to 60 days'),
      reminder_max_count: (v) => (isReminderSetting('maxCount', v) ? null : '0 to 20'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await change.mutateAsync({
        ...values,
        phone: toWirePhone(values.phone),
        fax: values.fax ? toWirePhone(values.fax) : '',
      });
      form.setInitialValues({ ...saved, phone: toLocalPhone(saved.phone), fax: toLocalPhone(saved.fax) });
      form.reset();
      toast.success('Saved. Public pages show the new details from their next visit.');
    } catch (error) {
      if (!showFieldErrors(form, error)) toastError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title="Brokerage">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Brokerage name" required {...form.getInputProps('name')} />
            <TextInput
              label="Licence number"
              description="Shown on the legal information page and in the footer."
              required
              {...form.getInputProps('licence_number')}
            />
          </SimpleGrid>
        </Section>
        <Section title="Contacts">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PhoneInput label="Phone" required {...form.getInputProps('phone')} />
            <PhoneInput label="Fax" {...form.getInputProps('fax')} />
            <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
            <TextInput
              label="Social link"
              placeholder="https://www.linkedin.com/company/…"
              {...form.getInputProps('social_url')}
            />
          </SimpleGrid>
          <TextInput mt="md" label="Address" required {...form.getInputProps('address')} />
        </Section>
        <Section title="Clients">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              size="md"
              label="Time zone"
              description="When messages to clients may go out."
              data={zones}
              searchable
              allowDeselect={false}
              {...form.getInputProps('time_zone')}
            />
            <TextInput
              label="Mortgage application link"
              description="The roadmap opens it with the broker's first code."
              required
              {...form.getInputProps('mortgage_application_url')}
            />
          </SimpleGrid>
        </Section>
        <Section title="Document reminders">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NumberInput
              size="md"
              label="First reminder after (days)"
              description="From the upload request."
              min={0}
              max={60}
              allowDecimal={false}
              {...form.getInputProps('reminder_first_delay_days')}
            />
            <NumberInput
              size="md"
              label="Then every (days)"
              min={1}
              max={60}
              allowDecimal={false}
              {...form.getInputProps('reminder_interval_days')}
            />
            <NumberInput
              size="md"
              label="At most"
              description="Reminders per client; 0 sends none."
              min={0}
              max={20}
              allowDecimal={false}
              {...form.getInputProps('reminder_max_count')}
            />
          </SimpleGrid>
        </Section>
        <Section title="Security">
          <SecondFactorRule
            mayRequire={!!me?.second_factor.enabled || settings.second_factor_required}
            inputProps={form.getInputProps('second_factor_required', { type: 'checkbox' })}
          />
        </Section>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            Discard changes
          </Button>
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** RouteSettings: the principal broker keeps the brokerage's details. */
export function BrokerageSettingsPage() {
  const me = useCurrentUser();
  const settings = useBrokerageSettings();
  if (me && me.role !== 'principal_broker') return <Navigate to="/dashboard" replace />;
  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'lg' }} maw={960} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Brokerage settings
        </Title>
        <Text c="dimmed" size="sm">
          The details your public pages, footer and clients' links show.
        </Text>
      </Stack>
      {settings.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : settings.isError ? (
        <Alert color="red">{errorText(settings.error)}</Alert>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </Stack>
  );
}
