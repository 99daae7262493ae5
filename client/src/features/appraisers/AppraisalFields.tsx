import { NumberInput, Select, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { EXPECTED_VALUE_DOLLARS } from '@machines/appraisal-limits';
import { COMMENT_MAX, MORTGAGE_POSITION_OPTIONS } from './appraiser-forms';

/** The property's expected value in whole dollars. */
export function ExpectedValueInput(props: GetInputPropsReturnType) {
  return (
    <NumberInput
      label="Expected value"
      withAsterisk
      prefix="$"
      thousandSeparator=","
      allowDecimal={false}
      allowNegative={false}
      max={EXPECTED_VALUE_DOLLARS.most}
      hideControls
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

/** A required date kept in the form as 'YYYY-MM-DD' ('' when cleared), from `minDate` on when given. */
export function IsoDateInput({
  label,
  value,
  onChange,
  error,
  minDate,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
  minDate?: string;
}) {
  return (
    <DateInput
      label={label}
      withAsterisk
      placeholder="YYYY-MM-DD"
      valueFormat="YYYY-MM-DD"
      firstDayOfWeek={0}
      clearable
      size="md"
      popoverProps={{ withinPortal: true }}
      minDate={minDate}
      value={value || null}
      onChange={(picked) => onChange(picked ? String(picked).slice(0, 10) : '')}
      error={error}
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
