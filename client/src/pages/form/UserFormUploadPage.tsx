import { Alert, Anchor, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArchive } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, errorText } from '../../api/errors';
import { href } from '../../app/routes';
import { useCurrentUser } from '../../features/auth/session';
import { CustomerSidePanel } from '../../features/customer-portal/CustomerSidePanel';
import { DocumentsBoard } from '../../features/documents/DocumentsBoard';
import { useDocumentForm, useFormHistory, useOwnProfile } from '../../features/documents/queries';
import { useSuppressBrowserDrop, useUploadQueues } from '../../features/documents/use-upload';
import type { DocumentForm, FormFile } from '../../features/documents/types';

function UploadBoard({
  form,
  files,
  customerId,
}: {
  form: DocumentForm;
  files: FormFile[];
  customerId: string;
}) {
  const fieldOrder = form.fields.filter((field) => !field.disabled).map((field) => field.name);
  const upload = useUploadQueues(form.code, fieldOrder);
  return (
    <DocumentsBoard
      code={form.code}
      customerId={customerId}
      fields={form.fields}
      files={files}
      upload={form.is_archived ? undefined : upload}
    />
  );
}

/** RouteUserFormUpload: the customer uploads the documents their broker asked for. */
export function UserFormUploadPage() {
  const { formSecret = '' } = useParams();
  const me = useCurrentUser();
  const customerId = me?.customer_id ? String(me.customer_id) : undefined;
  const form = useDocumentForm(customerId, formSecret);
  const history = useFormHistory(customerId, formSecret);
  // The board is the page's heaviest part: it is drawn in the background, yielding to the browser,
  // rather than in the one block a store update would otherwise hold the main thread for.
  const formData = useDeferredValue(form.data);
  const files = useDeferredValue(history.data);
  const profile = useOwnProfile(!!customerId);
  useSuppressBrowserDrop();

  const error = form.error ?? history.error;
  const current = profile.data?.form_codes?.[0];
  let content;
  if (error) {
    const missing = error instanceof ApiError && [403, 404].includes(error.status);
    content = (
      <Alert
        color={missing ? 'gray' : 'red'}
        variant="light"
        icon={<IconAlertCircle />}
        title={missing ? 'This upload link is not valid' : undefined}
      >
        {missing ? 'Ask your broker for a new link.' : errorText(error)}
        {missing && current && current !== formSecret && (
          <>
            {' '}
            <Anchor component={Link} to={`${href('RouteUserFormUpload', { formSecret: current })}/`}>
              Open your current documents list
            </Anchor>
          </>
        )}
      </Alert>
    );
  } else if (!formData || !files || !customerId) {
    content = (
      <Stack gap="md">
        <Skeleton h={160} radius="lg" />
        <Skeleton h={160} radius="lg" />
      </Stack>
    );
  } else {
    content = (
      <Stack gap="lg">
        {formData.is_archived && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconArchive />}
            title="This list of documents has been replaced"
          >
            Your broker has sent you a new list.{' '}
            {current && current !== formSecret && (
              <Anchor component={Link} to={`${href('RouteUserFormUpload', { formSecret: current })}/`}>
                Open your current documents list
              </Anchor>
            )}
          </Alert>
        )}
        <UploadBoard form={formData} files={files} customerId={customerId} />
      </Stack>
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 3 }}>
        <CustomerSidePanel />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 9 }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 24, sm: 28 }} c="navy.9">
              Documents upload
            </Title>
            <Text c="dimmed">
              Add the documents your broker asked for, then upload them. You can take photos with your phone.
            </Text>
          </Stack>
          {content}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
