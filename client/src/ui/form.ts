import { useForm, type UseFormInput } from '@mantine/form';
import { ApiError } from '../api/errors';

/**
 * A field left by pressing a button (Save, Cancel) is checked only once the pointer is released: an error
 * appearing on blur would move the button from under the pointer, and the click would be lost.
 */
let pointerDown = false;
const heldChecks: (() => void)[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    () => {
      pointerDown = true;
    },
    true,
  );
  const release = () => {
    pointerDown = false;
    const checks = heldChecks.splice(0);
    // After the click the release makes.
    if (checks.length) setTimeout(() => checks.forEach((check) => check()), 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

function checkAfterPointer(check: () => void): void {
  if (pointerDown) heldChecks.push(check);
  else check();
}

/**
 * useForm with the product's conventions: controlled inputs, a field is checked when it loses focus
 * only once it was changed (an untouched empty field does not flash an error, nor shift the layout
 * under a click) and once the pointer that left it is released, every field is checked on submit, and
 * an error clears as soon as the value changes.
 */
export function useAppForm<Values extends Record<string, unknown>>(input: UseFormInput<Values>) {
  return useForm<Values>({
    mode: 'controlled',
    clearInputErrorOnChange: true,
    ...input,
    enhanceGetInputProps: ({ inputProps, field, form }) => {
      // Read now: the returned props are merged into inputProps afterwards.
      const onBlur = inputProps.onBlur as ((event: unknown) => void) | undefined;
      return {
        onBlur: (event: unknown) => {
          onBlur?.(event);
          if (form.isDirty(field)) checkAfterPointer(() => form.validateField(field));
        },
      };
    },
  });
}

/**
 * Shows a refused save's field errors under their fields (the server names each field as the form does);
 * an error without a field is a toast. Answers whether the error was shown under fields.
 */
export function showFieldErrors(
  form: { setErrors: (errors: Record<string, string>) => void },
  error: unknown,
): boolean {
  const fields = error instanceof ApiError ? error.errors.filter((e) => e.field && e.description) : [];
  if (fields.length === 0) return false;
  form.setErrors(Object.fromEntries(fields.map((e) => [e.field!, e.description!])));
  return true;
}
