import { Alert, Anchor, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconArchive } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { personName } from '@machines/customer.rules';
import { fieldsAreValid, parseFieldErrorPath } from '@machines/form-builder';
import { formBuilderMachine } from '@machines/form-builder.machine';
import { ApiError, errorText } from '../../api/errors';
import { ownChanges } from '../../api/own-changes';
import { href } from '../../app/routes';
import { confirm } from '../../ui/confirm';
import { useLeaveGuard } from '../../app/leave-guard';
import { TOAST_LONG, toast, toastError } from '../../ui/toast';
import { useCustomer } from '../customers/queries';
import { archiveForm, createForm, saveForm } from './api';
import { ClientInfoStrip } from './ClientInfoStrip';
import { FieldsEditor, FormActions, FormBuilderLayout, TemplatesPanel } from './FormBuilder';
import {
  documentKeys,
  refreshDocuments,
  storeForm,
  useDocumentForm,
  useFormHistory,
  useTemplates,
} from './queries';
import type { DocumentForm, FormField } from './types';

export const FORM_CREATED = 'The uploading form has been created.';
export const FORM_RESET = 'The uploading form has been reset.';
export const RESET_FAILED = 'Error while resetting form.';
export const SAVE_FAILED = 'Something went wrong!';

const formEdited = (name: string) => `Form for client ${name} has been successfully edited.`;

/**
 * The client form page (staff): templates to add fields from, the field constructor, Save and Reset.
 * A new form is created on its first save and the page moves to the new form's edit route.
 */
export function FormEditor({ clientID, code }: { clientID: string; code?: string }) {
  const mode = code ? 'edit' : 'create';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customer = useCustomer(clientID);
  const templates = useTemplates();
  const form = useDocumentForm(clientID, code);
  const history = useFormHistory(clientID, code, mode === 'edit');
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});

  const [logic] = useState(() =>
    formBuilderMachine.provide({
      actors: {
        // The answer is the saved form: the push of the save leaves that read alone.
        saveForm: fromPromise<unknown, { fields: FormField[] }>(({ input }) =>
          code
            ? ownChanges.send([documentKeys.form(clientID, code)], (requestId) =>
                saveForm(code, input.fields, requestId),
              )
            : createForm(clientID, input.fields),
        ),
        resetForm: fromPromise<unknown, void>(async () => (code ? archiveForm(code) : null)),
      },
    }),
  );
  const builder = useActorRef(logic, { input: {} });
  const fields = useSelector(builder, (s) => s.context.fields);
  const changed = useSelector(builder, (s) => s.context.changed);
  const lastAdded = useSelector(builder, (s) => s.context.lastAdded);
  const saving = useSelector(builder, (s) => s.matches('saving'));
  const resetting = useSelector(builder, (s) => s.matches('resetting'));
  const canSave = useSelector(builder, (s) => s.can({ type: 'SAVE' }));
  const archived = !!form.data?.is_archived;
  const busy = saving || resetting || archived;

  // The saved form is what the builder shows, until it is changed here.
  useEffect(() => {
    if (form.data && !builder.getSnapshot().context.changed)
      builder.send({ type: 'LOAD', fields: form.data.fields });
  }, [form.data, builder]);

  const name = personName(customer.data);
  useEffect(() => {
    const subscriptions = [
      builder.on('saved', ({ result }) => {
        setServerErrors({});
        if (code) {
          storeForm(queryClient, result as DocumentForm);
          toast.success(formEdited(name), TOAST_LONG);
        } else {
          toast.success(FORM_CREATED, TOAST_LONG);
          const created = result as { code: string };
          void navigate(href('RouteClientFormSecretEdit', { clientID, formSecret: created.code }), {
            replace: true,
          });
        }
      }),
      builder.on('saveFailed', ({ error }) => {
        const byIndex: Record<number, string> = {};
        if (error instanceof ApiError) {
          for (const item of error.errors) {
            const path = parseFieldErrorPath(item.field);
            if (path && item.description) byIndex[path.index] = item.description;
          }
        }
        setServerErrors(byIndex);
        toastError(error, SAVE_FAILED);
        if (error instanceof ApiError && error.status === 409) refreshDocuments(queryClient, clientID);
      }),
      builder.on('reset', ({ result }) => {
        if (!code || !result) {
          builder.send({ type: 'LOAD', fields: [] });
          return;
        }
        toast.success(FORM_RESET, TOAST_LONG);
        const next = result as DocumentForm;
        storeForm(queryClient, next);
        void navigate(href('RouteClientFormSecretEdit', { clientID, formSecret: next.code }), {
          replace: true,
        });
      }),
      builder.on('resetFailed', ({ error }) => toastError(error, RESET_FAILED)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [builder, code, clientID, name, navigate, queryClient]);

  // Leaving with unsaved changes asks first.
  // (Read from the machine itself: right after a save or reset, the render's values are not current yet.)
  useLeaveGuard(() => {
    const snapshot = builder.getSnapshot();
    return snapshot.matches('editing') && snapshot.context.changed;
  }, 'The changes to this form have not been saved.');

  const uploadedByField = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const file of history.data ?? []) counts[file.name] = (counts[file.name] ?? 0) + 1;
    return counts;
  }, [history.data]);

  const remove = async (field: FormField) => {
    const uploaded = uploadedByField[field.name] ?? 0;
    if (uploaded > 0) {
      const confirmed = await confirm({
        title: 'Remove this field?',
        message: `${uploaded} ${uploaded === 1 ? 'file was' : 'files were'} uploaded to “${field.caption}”. They stay in the upload history.`,
        confirmLabel: 'Remove field',
        danger: true,
      });
      if (!confirmed) return;
    }
    builder.send({ type: 'REMOVE', name: field.name });
  };

  const reset = async () => {
    const confirmed = await confirm({
      title: 'Reset uploading form?',
      message:
        mode === 'edit'
          ? 'The client gets a new upload link with the same fields. Files uploaded so far stay with the current form.'
          : 'The fields added so far will be removed.',
      confirmLabel: 'Reset form',
      danger: true,
    });
    if (confirmed) builder.send({ type: 'RESET' });
  };

  if (mode === 'edit' && form.isError) {
    const missing = form.error instanceof ApiError && [403, 404].includes(form.error.status);
    return (
      <Alert
        color={missing ? 'gray' : 'red'}
        variant="light"
        icon={<IconAlertCircle />}
        title={missing ? 'Form not found' : undefined}
      >
        {missing ? 'This form does not exist or belongs to another client.' : errorText(form.error)}
      </Alert>
    );
  }
  if (mode === 'edit' && !form.data) return <Skeleton h={420} radius="lg" />;

  const active = customer.data?.form_codes?.[0];
  const notice = archived ? (
    <Alert color="yellow" variant="light" icon={<IconArchive />} title="This form has been reset">
      It can no longer be edited.{' '}
      {active && active !== code && (
        <Anchor component={Link} to={href('RouteClientFormSecretEdit', { clientID, formSecret: active })}>
          Edit the client’s current form
        </Anchor>
      )}
    </Alert>
  ) : undefined;

  return (
    <Stack gap="lg">
      <ClientInfoStrip clientID={clientID} withUploadRequest={mode === 'edit' && !archived} />
      <FormBuilderLayout
        notice={notice}
        templates={
          <TemplatesPanel
            templates={templates.data}
            loading={templates.isPending}
            fields={fields}
            disabled={busy}
            onAddField={(field) => builder.send({ type: 'ADD_TEMPLATE_FIELD', field })}
            onAddTemplate={(list) => builder.send({ type: 'ADD_TEMPLATE', fields: list })}
          />
        }
        fields={
          <FieldsEditor
            fields={fields}
            lastAdded={lastAdded}
            serverErrors={serverErrors}
            uploadedByField={uploadedByField}
            disabled={busy}
            onChange={(fieldName, changes) => builder.send({ type: 'UPDATE', name: fieldName, changes })}
            onMove={(fieldName, by) => builder.send({ type: 'MOVE', name: fieldName, by })}
            onRemove={(field) => void remove(field)}
            onAddCustom={() => builder.send({ type: 'ADD_CUSTOM' })}
          />
        }
        actions={
          archived ? undefined : (
            <FormActions
              canSave={canSave && !form.isFetching}
              changed={changed}
              invalid={!fieldsAreValid(fields)}
              saving={saving}
              resetting={resetting}
              resetDisabled={mode === 'create' && fields.length === 0}
              onSave={() => builder.send({ type: 'SAVE' })}
              onReset={() => void reset()}
            />
          )
        }
      />
      {mode === 'edit' && code && (
        <Button
          component={Link}
          to={href('RouteClientDocuments', { clientID, formSecret: code })}
          variant="subtle"
          style={{ alignSelf: 'flex-start' }}
        >
          Go to documents review
        </Button>
      )}
    </Stack>
  );
}
