import { NativeSelect } from '@chakra-ui/react';
import { LabelledField } from './form-field';

/**
 * A labelled choice of a number (a year, a month) that takes effect at once, as the period and year
 * pickers of the payroll and leave screens do.
 */
export function PickerSelect({
  label,
  value,
  options,
  disabled = false,
  width = '8rem',
  onChange,
}: {
  label: string;
  value: number;
  options: ReadonlyArray<{ value: number; label: string }>;
  disabled?: boolean;
  width?: string;
  onChange: (value: number) => void;
}) {
  return (
    <LabelledField label={label} width="auto" disabled={disabled}>
      <NativeSelect.Root size="sm" width={width}>
        <NativeSelect.Field value={value} onChange={(event) => onChange(Number(event.target.value))}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </LabelledField>
  );
}

/** Years as options labelled by themselves. */
export const yearChoices = (years: readonly number[]) => years.map((y) => ({ value: y, label: String(y) }));
