import {
  Accordion,
  ActionIcon,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconDeviceFloppy,
  IconFilePlus,
  IconPlus,
  IconRestore,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import {
  CAPTION_MAX,
  DESCRIPTION_MAX,
  EXAMPLE_MAX,
  fieldNameBase,
  validateFields,
  type FieldErrors,
} from '@machines/form-builder';
import type { FieldChanges } from '@machines/form-builder.machine';
import type { FormField, FormTemplate } from './types';

/** Whether a template's field is in the form already (same name before the suffix). */
function isAdded(fields: FormField[], templateField: FormField): boolean {
  const base = fieldNameBase(templateField.name);
  return fields.some((field) => fieldNameBase(field.name) === base);
}

/** The form set templates: add one field, or every field of a template not in the form yet. */
export function TemplatesPanel({
  templates,
  loading,
  fields,
  disabled,
  onAddField,
  onAddTemplate,
}: {
  templates: FormTemplate[] | undefined;
  loading: boolean;
  fields: FormField[];
  disabled: boolean;
  onAddField: (field: FormField) => void;
  onAddTemplate: (fields: FormField[]) => void;
}) {
  // On phones the templates start folded, so the fields are not pushed far down.
  const phone = useMediaQuery('(max-width: 62em)', undefined, { getInitialValueInEffect: false });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="templates">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light">
            <IconTemplate size={20} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={2} fz={18} c="navy.9">
              Form set templates
            </Title>
            <Text size="xs" c="dimmed">
              Add the documents a deal usually needs.
            </Text>
          </Stack>
        </Group>
        {loading ? (
          <Stack gap="xs">
            <Skeleton h={44} radius="md" />
            <Skeleton h={44} radius="md" />
            <Skeleton h={44} radius="md" />
          </Stack>
        ) : !templates?.length ? (
          <Text size="sm" c="dimmed">
            No templates yet.
          </Text>
        ) : (
          <Accordion variant="separated" radius="md" defaultValue={phone ? null : templates[0].id}>
            {templates.map((template) => {
              const missing = template.fields.filter((field) => !isAdded(fields, field));
              return (
                <Accordion.Item key={template.id} value={template.id} data-testid="template">
                  <Accordion.Control>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600} size="sm" c="navy.9">
                        {template.name}
                      </Text>
                      <Badge size="xs" variant="light" color="gray" radius="sm">
                        {template.fields.length}
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap={6}>
                      {template.fields.map((field) => {
                        const added = isAdded(fields, field);
                        return (
                          <Group key={field.name} gap="xs" wrap="nowrap" justify="space-between">
                            <Text size="sm" c={added ? 'dimmed' : 'navy.9'} style={{ minWidth: 0 }}>
                              {field.caption}
                            </Text>
                            {added ? (
                              <Tooltip label="In the form" withArrow>
                                <ThemeIcon size={28} radius="xl" variant="light" color="teal">
                                  <IconCheck size={15} />
                                </ThemeIcon>
                              </Tooltip>
                            ) : (
                              <Tooltip label="Add to the form" withArrow>
                                <ActionIcon
                                  variant="light"
                                  radius="xl"
                                  size={28}
                                  disabled={disabled}
                                  onClick={() => onAddField(field)}
                                  aria-label={`Add ${field.caption}`}
                                >
                                  <IconPlus size={15} />
                                </ActionIcon>
                              </Tooltip>
                            )}
                          </Group>
                        );
                      })}
                      <Button
                        mt={6}
                        size="xs"
                        variant="light"
                        leftSection={<IconPlus size={14} />}
                        disabled={disabled || missing.length === 0}
                        onClick={() => onAddTemplate(missing)}
                      >
                        {missing.length === 0
                          ? 'All fields added'
                          : `Add all ${missing.length === template.fields.length ? '' : 'remaining '}fields`}
                      </Button>
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        )}
      </Stack>
    </Paper>
  );
}

/** One requested document: caption, tutorial, and its place, disabling and removal. */
function FieldEditor({
  field,
  index,
  count,
  errors,
  serverError,
  uploaded,
  autoFocus,
  disabled,
  onChange,
  onMove,
  onRemove,
}: {
  field: FormField;
  index: number;
  count: number;
  errors: FieldErrors;
  serverError?: string;
  uploaded: number;
  autoFocus: boolean;
  disabled: boolean;
  onChange: (changes: FieldChanges) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const touch = (key: string) => setTouched((current) => ({ ...current, [key]: true }));
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [autoFocus]);
  const show = (key: keyof FieldErrors) => (touched[key] ? errors[key] : undefined);
  return (
    <Paper
      ref={ref}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="field-editor"
      data-field={field.name}
      bg={field.disabled ? 'gray.0' : 'white'}
      style={{ borderLeft: `4px solid var(--mantine-color-${field.disabled ? 'gray-4' : 'petrol-5'})` }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Badge variant="light" color="navy" radius="sm" size="lg" style={{ flex: 'none' }}>
              {index + 1}
            </Badge>
            {field.disabled && (
              <Badge variant="outline" color="gray" radius="sm" tt="none">
                Disabled · hidden from the client
              </Badge>
            )}
            {uploaded > 0 && (
              <Badge variant="light" color="orange" radius="sm" tt="none">
                {uploaded} {uploaded === 1 ? 'file' : 'files'} uploaded
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Move up" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={disabled || index === 0}
                onClick={() => onMove(-1)}
                aria-label="Move up"
              >
                <IconArrowUp size={17} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={disabled || index === count - 1}
                onClick={() => onMove(1)}
                aria-label="Move down"
              >
                <IconArrowDown size={17} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove field" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={disabled}
                onClick={onRemove}
                aria-label={`Remove ${field.caption || 'field'}`}
              >
                <IconTrash size={17} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <TextInput
          size="sm"
          label="Caption"
          placeholder="e.g. Two recent pay stubs"
          required
          autoFocus={autoFocus}
          value={field.caption}
          maxLength={CAPTION_MAX}
          disabled={disabled}
          onChange={(event) => onChange({ caption: event.currentTarget.value })}
          onBlur={() => touch('caption')}
          error={show('caption') ?? serverError}
        />
        <Textarea
          label="Description"
          placeholder="What the client should upload and how"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={DESCRIPTION_MAX}
          value={field.tutorial.description}
          disabled={disabled}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
          onBlur={() => touch('description')}
          error={show('description')}
        />
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            size="sm"
            label="Example link"
            placeholder="https://"
            value={field.tutorial.example}
            maxLength={EXAMPLE_MAX}
            disabled={disabled}
            onChange={(event) => onChange({ example: event.currentTarget.value })}
            onBlur={() => touch('example')}
            error={show('example')}
            style={{ flex: '1 1 260px' }}
          />
          <Switch
            label="Disabled"
            description="Hidden from the client"
            checked={field.disabled}
            disabled={disabled}
            onChange={(event) => onChange({ disabled: event.currentTarget.checked })}
            mb={4}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

/** The fields of the form being built, with a button for a custom field. */
export function FieldsEditor({
  fields,
  lastAdded,
  serverErrors,
  uploadedByField,
  disabled,
  onChange,
  onMove,
  onRemove,
  onAddCustom,
}: {
  fields: FormField[];
  lastAdded: string | null;
  serverErrors: Record<number, string>;
  uploadedByField: Record<string, number>;
  disabled: boolean;
  onChange: (name: string, changes: FieldChanges) => void;
  onMove: (name: string, by: -1 | 1) => void;
  onRemove: (field: FormField) => void;
  onAddCustom: () => void;
}) {
  const errors = validateFields(fields);
  return (
    <Stack gap="md" data-testid="fields">
      <Group justify="space-between" gap="sm">
        <Stack gap={0}>
          <Title order={2} fz={18} c="navy.9">
            Requested documents
          </Title>
          <Text size="xs" c="dimmed">
            The client sees each enabled field with its caption and tutorial.
          </Text>
        </Stack>
        <Badge variant="light" color="navy" radius="sm" tt="none">
          {fields.filter((field) => !field.disabled).length} of {fields.length} shown to the client
        </Badge>
      </Group>
      {fields.length === 0 && (
        <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconFilePlus size={26} stroke={1.5} />
            </ThemeIcon>
            <Text c="navy.9" fw={600}>
              No documents requested yet
            </Text>
            <Text size="sm" c="dimmed" ta="center" maw={380}>
              Add fields from a form set template, or a custom field for anything else.
            </Text>
          </Stack>
        </Paper>
      )}
      {fields.map((field, index) => (
        <FieldEditor
          key={field.name}
          field={field}
          index={index}
          count={fields.length}
          errors={errors[field.name] ?? {}}
          serverError={serverErrors[index]}
          uploaded={uploadedByField[field.name] ?? 0}
          autoFocus={field.name === lastAdded && !field.caption}
          disabled={disabled}
          onChange={(changes) => onChange(field.name, changes)}
          onMove={(by) => onMove(field.name, by)}
          onRemove={() => onRemove(field)}
        />
      ))}
      <Button
        variant="default"
        size="md"
        leftSection={<IconPlus size={18} />}
        onClick={onAddCustom}
        disabled={disabled}
        style={{ borderStyle: 'dashed' }}
      >
        Add custom field
      </Button>
    </Stack>
  );
}

/** Save and Reset, with why Save is not available yet. */
export function FormActions({
  canSave,
  changed,
  invalid,
  saving,
  resetting,
  resetDisabled,
  onSave,
  onReset,
}: {
  canSave: boolean;
  changed: boolean;
  invalid: boolean;
  saving: boolean;
  resetting: boolean;
  resetDisabled: boolean;
  onSave: () => void;
  onReset: () => void;
}) {
  const hint = invalid
    ? 'Every field needs a caption.'
    : changed
      ? 'You have unsaved changes.'
      : 'No changes to save.';
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      shadow="md"
      style={{ position: 'sticky', bottom: 12, zIndex: 5 }}
      data-testid="form-actions"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" c={invalid ? 'red.7' : changed ? 'orange.8' : 'dimmed'} fw={500}>
          {hint}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRestore size={18} />}
            onClick={onReset}
            loading={resetting}
            disabled={resetDisabled || saving}
          >
            Reset
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            onClick={onSave}
            loading={saving}
            disabled={!canSave || resetting}
          >
            Save
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The layout of the form page: templates beside the fields on wide screens, above them on phones. */
export function FormBuilderLayout({
  templates,
  fields,
  actions,
  notice,
}: {
  templates: React.ReactNode;
  fields: React.ReactNode;
  actions: React.ReactNode;
  notice?: React.ReactNode;
}) {
  return (
    <Stack gap="lg">
      {notice}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>{templates}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {fields}
            {actions}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
