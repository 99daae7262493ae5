import { Alert, Badge, Button, Group, Menu, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconAlertCircle,
  IconArchive,
  IconChecks,
  IconChevronDown,
  IconEdit,
  IconFolderOpen,
} from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { hasUncheckedFiles } from '@machines/upload-queue';
import { ApiError, errorText } from '../../api/errors';
import { href } from '../../app/routes';
import { useCustomer } from '../../features/customers/queries';
import { ClientInfoStrip } from '../../features/documents/ClientInfoStrip';
import { DocumentsBoard } from '../../features/documents/DocumentsBoard';
import { LenderPackageButton } from '../../features/documents/LenderPackageButton';
import { FormEditor } from '../../features/documents/FormEditor';
import { formatDateTime } from '../../features/documents/format';
import { useDocumentForm, useFormHistory } from '../../features/documents/queries';
import { UploadHistory } from '../../features/documents/UploadHistory';
import { useFileStatusActions } from '../../features/documents/use-file-status';
import { RemindersStatus } from '../../features/reminders/RemindersStatus';

/** RouteClientFormCreate: a client without an active form gets one built here; otherwise it is edited. */
export function ClientFormCreatePage() {
  const { clientID = '' } = useParams();
  const customer = useCustomer(clientID);
  if (customer.isPending) return <Skeleton h={420} radius="lg" />;
  const active = customer.data?.form_codes?.[0];
  if (active)
    return <Navigate to={href('RouteClientFormSecretEdit', { clientID, formSecret: active })} replace />;
  return <FormEditor clientID={clientID} />;
}

/** RouteClientFormEdit with clientID and formSecret; the secret 'create' means create mode. */
export function ClientFormSecretEditPage() {
  const { clientID = '', formSecret = '' } = useParams();
  if (formSecret === 'create') return <Navigate to={href('RouteClientFormCreate', { clientID })} replace />;
  // A new code (after a reset) is a new form: the builder starts over.
  return <FormEditor key={formSecret} clientID={clientID} code={formSecret} />;
}

/** The client's other forms (earlier ones were reset), to look back at what was uploaded there. */
function FormSwitcher({ clientID, code, codes }: { clientID: string; code: string; codes: string[] }) {
  if (codes.length < 2) return null;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFolderOpen size={17} />}
          rightSection={<IconChevronDown size={15} />}
        >
          Forms ({codes.length})
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {codes.map((item, index) => (
          <Menu.Item
            key={item}
            component={Link}
            to={href('RouteClientDocuments', { clientID, formSecret: item })}
            rightSection={item === code ? <Badge size="xs">Open</Badge> : null}
          >
            {index === 0 ? 'Current form' : `Earlier form ${codes.length - index}`}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** RouteClientDocuments: the staff review of a client's documents. */
export function ClientDocumentsPage() {
  const { clientID = '', formSecret = '' } = useParams();
  const customer = useCustomer(clientID);
  const form = useDocumentForm(clientID, formSecret);
  const history = useFormHistory(clientID, formSecret);
  const status = useFileStatusActions(formSecret, clientID);

  if (form.isError || history.isError) {
    const error = form.error ?? history.error;
    const missing = error instanceof ApiError && [403, 404].includes(error.status);
    return (
      <Alert
        color={missing ? 'gray' : 'red'}
        variant="light"
        icon={<IconAlertCircle />}
        title={missing ? 'Form not found' : undefined}
      >
        {missing ? 'This form does not exist or belongs to another client.' : errorText(error)}
      </Alert>
    );
  }

  const files = history.data ?? [];
  const codes = customer.data?.form_codes ?? [];
  const archived = !!form.data?.is_archived;
  const unchecked = hasUncheckedFiles(files);

  return (
    <Stack gap="lg">
      <ClientInfoStrip clientID={clientID} withUploadRequest={!archived} />
      {!archived && <RemindersStatus customerId={clientID} />}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} fz={{ base: 20, sm: 24 }} c="navy.9">
              Documents review
            </Title>
            {archived && (
              <Badge color="gray" variant="light" leftSection={<IconArchive size={12} />} tt="none">
                Reset form
              </Badge>
            )}
          </Group>
          {form.data && (
            <Text size="sm" c="dimmed">
              Form created {formatDateTime(form.data.created)}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <FormSwitcher clientID={clientID} code={formSecret} codes={codes} />
          {!archived && (
            <Button
              component={Link}
              to={href('RouteClientFormSecretEdit', { clientID, formSecret })}
              variant="default"
              leftSection={<IconEdit size={17} />}
            >
              Edit form
            </Button>
          )}
          <Tooltip label="Every document is checked" disabled={unchecked || !files.length} withArrow>
            <Button
              leftSection={<IconChecks size={17} />}
              disabled={!unchecked}
              loading={status.checkingAll}
              onClick={() => void status.checkAll(files)}
            >
              Check all
            </Button>
          </Tooltip>
        </Group>
      </Group>
      {archived && codes[0] && codes[0] !== formSecret && (
        <Alert color="yellow" variant="light" icon={<IconArchive />}>
          This form was reset; the client now uploads to a new form.{' '}
          <Link to={href('RouteClientDocuments', { clientID, formSecret: codes[0] })}>
            Open the current form
          </Link>
        </Alert>
      )}
      {!form.data || !history.data ? (
        <Stack gap="md">
          <Skeleton h={140} radius="lg" />
          <Skeleton h={140} radius="lg" />
        </Stack>
      ) : (
        <>
          <DocumentsBoard
            code={formSecret}
            customerId={clientID}
            fields={form.data.fields}
            files={files}
            onStatusChange={status.changeStatus}
            actions={<LenderPackageButton customerId={clientID} files={files} />}
          />
          <UploadHistory
            code={formSecret}
            customerId={clientID}
            files={files}
            onStatusChange={status.changeStatus}
          />
        </>
      )}
    </Stack>
  );
}
