import type { FormField } from './documents.js';
import { TEXT_MAX_LENGTH } from './validation.js';

/**
 * The rules of a document-request form's fields (spec sections 3, 4 'Form editing' and 5): names, the
 * random suffix of added fields, and what a field must hold before the form can be saved.
 */

/** Field names are the part names of an upload: letters, digits, dashes and underscores only. */
export const FIELD_NAME_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;
export const FIELD_NAME_MAX = 80;
export const SUFFIX_LENGTH = 4;
export const CUSTOM_FIELD_BASE = 'custom';
export const DEFAULT_FIELD_TYPE = 'file' as const;

export const CAPTION_MAX = 200;
export const DESCRIPTION_MAX = TEXT_MAX_LENGTH;
export const EXAMPLE_MAX = 500;

export const CAPTION_REQUIRED = 'The caption field is required';
export const CAPTION_TOO_LONG = `The caption field may not be longer than ${CAPTION_MAX} characters`;
export const DESCRIPTION_TOO_LONG = `The description field may not be longer than ${DESCRIPTION_MAX} characters`;
export const EXAMPLE_NOT_A_LINK = 'The example field must be a link starting with http:// or https://';
export const EXAMPLE_TOO_LONG = `The example field may not be longer than ${EXAMPLE_MAX} characters`;

export type RandomSource = () => number;

/** Four lower-case hexadecimal characters, e.g. '4f9a'. */
export function randomSuffix(random: RandomSource = Math.random): string {
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i += 1) suffix += Math.floor(random() * 16).toString(16);
  return suffix;
}

/**
 * The part of a name the suffix is added to: anything but letters, digits, '-' and '_' becomes '_', an
 * earlier suffix is dropped (a template field added twice does not end in '-4f9a-0c1d'), and the result
 * leaves room for the suffix.
 */
export function fieldNameBase(name: string): string {
  const cleaned = name
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(new RegExp(`-[0-9a-f]{${SUFFIX_LENGTH}}$`), '')
    .replace(/^[-_]+|[-_]+$/g, '');
  return cleaned.slice(0, FIELD_NAME_MAX - SUFFIX_LENGTH - 1) || CUSTOM_FIELD_BASE;
}

/** `{base}-{suffix}`, different from every name taken (a few tries, then a longer suffix). */
export function uniqueFieldName(
  name: string,
  taken: Iterable<string>,
  random: RandomSource = Math.random,
): string {
  const used = new Set(taken);
  const base = fieldNameBase(name);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate = `${base}-${randomSuffix(random)}`;
    if (!used.has(candidate)) return candidate;
  }
  for (let n = 0; ; n += 1) {
    const candidate = `${base.slice(0, FIELD_NAME_MAX - 10)}-${n.toString(16).padStart(8, '0')}`;
    if (!used.has(candidate)) return candidate;
  }
}

export function emptyTutorial(): FormField['tutorial'] {
  return { description: '', example: '' };
}

/** A new custom field: type 'file', an empty caption to fill in, enabled. */
export function customField(taken: Iterable<string>, random?: RandomSource): FormField {
  return {
    type: DEFAULT_FIELD_TYPE,
    name: uniqueFieldName(CUSTOM_FIELD_BASE, taken, random),
    caption: '',
    disabled: false,
    tutorial: emptyTutorial(),
  };
}

/** A copy of a template's field with a name of its own. */
export function fieldFromTemplate(
  field: FormField,
  taken: Iterable<string>,
  random?: RandomSource,
): FormField {
  return {
    type: DEFAULT_FIELD_TYPE,
    name: uniqueFieldName(field.name, taken, random),
    caption: field.caption,
    disabled: false,
    tutorial: {
      description: field.tutorial?.description ?? '',
      example: field.tutorial?.example ?? '',
    },
  };
}

export interface FieldErrors {
  caption?: string;
  description?: string;
  example?: string;
  name?: string;
}

export function isLink(value: string): boolean {
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value.trim());
}

/** Caption required and not blank once trimmed; the tutorial's link, when given, is a web address. */
export function validateField(field: FormField): FieldErrors {
  const errors: FieldErrors = {};
  const caption = field.caption.trim();
  if (!caption) errors.caption = CAPTION_REQUIRED;
  else if (caption.length > CAPTION_MAX) errors.caption = CAPTION_TOO_LONG;
  if (field.tutorial.description.length > DESCRIPTION_MAX) errors.description = DESCRIPTION_TOO_LONG;
  const example = field.tutorial.example.trim();
  if (example.length > EXAMPLE_MAX) errors.example = EXAMPLE_TOO_LONG;
  else if (example && !isLink(example)) errors.example = EXAMPLE_NOT_A_LINK;
  if (!FIELD_NAME_PATTERN.test(field.name))
    errors.name = 'A field name may contain only letters, digits, dashes and underscores.';
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** The errors of every field by name; a name used twice is an error of the later field. */
export function validateFields(fields: FormField[]): Record<string, FieldErrors> {
  const result: Record<string, FieldErrors> = {};
  const seen = new Set<string>();
  for (const field of fields) {
    const errors = validateField(field);
    if (seen.has(field.name)) errors.name = `The field name ${field.name} is used twice.`;
    seen.add(field.name);
    if (hasErrors(errors)) result[field.name] = errors;
  }
  return result;
}

export function fieldsAreValid(fields: FormField[]): boolean {
  return Object.keys(validateFields(fields)).length === 0;
}

/** What is sent: captions, descriptions and links trimmed. */
export function fieldsPayload(fields: FormField[]): FormField[] {
  return fields.map((field) => ({
    type: DEFAULT_FIELD_TYPE,
    name: field.name,
    caption: field.caption.trim(),
    disabled: !!field.disabled,
    tutorial: {
      description: field.tutorial.description.trim(),
      example: field.tutorial.example.trim(),
    },
  }));
}

/** The index in the list of the server error's `fields.N.caption` path, with the property. */
export function parseFieldErrorPath(path: string | null | undefined): { index: number; key: string } | null {
  const match = /^fields\.(\d+)\.(\w+)/.exec(path ?? '');
  return match ? { index: Number(match[1]), key: match[2] } : null;
}
