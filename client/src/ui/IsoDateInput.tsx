import { DateInput } from '@mantine/dates';
import { useState, type ReactNode } from 'react';
import { isCalendarDate } from '@machines/validation';

/**
 * A date kept as 'YYYY-MM-DD' ('' when cleared), typed or picked, from `minDate` on when given. A typed date
 * is read strictly: one not on the calendar (2027-02-29) or not in that shape is never rolled over to another
 * day or dropped unseen. The field goes back to the date it holds and says why.
 */
export function IsoDateInput({
  label,
  value,
  onChange,
  error,
  minDate,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
  minDate?: string;
  required?: boolean;
}) {
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <DateInput
      label={label}
      withAsterisk={required}
      placeholder="YYYY-MM-DD"
      valueFormat="YYYY-MM-DD"
      dateParser={(typed) => (isCalendarDate(typed.trim()) ? typed.trim() : null)}
      firstDayOfWeek={0}
      clearable
      size="md"
      popoverProps={{ withinPortal: true }}
      minDate={minDate}
      value={value || null}
      onChange={(picked) => {
        setRefused(null);
        onChange(picked ? String(picked).slice(0, 10) : '');
      }}
      onBlur={(event) => {
        const typed = event.currentTarget.value.trim();
        setRefused(
          typed && !isCalendarDate(typed)
            ? `${typed} is not a date on the calendar. Type it as YYYY-MM-DD, or pick it.`
            : null,
        );
      }}
      error={refused ?? error}
    />
  );
}
