import { useForm, type UseFormInput } from '@mantine/form';

/**
 * useForm with the product's conventions: controlled inputs, a field is checked when it loses focus
 * only once it was changed (an untouched empty field does not flash an error, nor shift the layout
 * under a click), every field is checked on submit, and an error clears as soon as the value changes.
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
          if (form.isDirty(field)) form.validateField(field);
        },
      };
    },
  });
}
