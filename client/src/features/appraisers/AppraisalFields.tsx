import { NumberInput, Select, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { COMMENT_MAX, MORTGAGE_POSITION_OPTIONS } from './appraiser-forms';

/**
 * A whole number typed as the person types it: a decimal point or a value past the bounds stays as typed and
 * the rules say what is wrong, where dropping the point or clamping would change the amount unseen
 * (850000.50 read as 85,000,050; an LTV of 80.5 as 100).
 */
export const WHOLE_NUMBER_INPUT = {
  allowNegative: false,
  clampBehavior: 'none',
  hideControls: true,
} as const;

/** The property's expected value in whole dollars. */
export function ExpectedValueInput(props: GetInputPropsReturnType) {
  return (
    <NumberInput
      label="Expected value"
      withAsterisk
      prefix="$"
      thousandSeparator=","
      {...WHOLE_NUMBER_INPUT}
      size="md"
      {...props}
    />
  );
}

export function MortgagePositionSelect(props: GetInputPropsReturnType) {
  return (
    <Select
      label="Mortgage position"
      withAsterisk
      data={MORTGAGE_POSITION_OPTIONS}
      allowDeselect={false}
      size="md"
      {...props}
    />
  );
}

/** A free-text comment with its length counted against COMMENT_MAX under it. */
export function CommentTextarea({ label, ...props }: GetInputPropsReturnType & { label: string }) {
  return (
    <Textarea
      label={label}
      autosize
      minRows={3}
      maxRows={8}
      size="md"
      description={`${(props.value as string).length} / ${COMMENT_MAX}`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...props}
    />
  );
}
