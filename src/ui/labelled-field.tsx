import { Input, NativeSelect } from '@chakra-ui/react';

// The controls of the signed-in screens' forms (the wizard, the record panels, pay items), drawn inside
// ./form-field's LabelledField; the sign-in and password forms use ./form-field alone, so /login does not
// load Chakra's native select.

export interface Option {
  value: string;
  label: string;
}

export const optionsOf = (values: readonly string[]): Option[] =>
  values.map((value) => ({ value, label: value }));

/** A native select: the placeholder stands for "nothing chosen" and cannot be chosen again. */
export function SelectInput({
  name,
  value,
  options,
  placeholder = 'Select...',
  onChange,
  onBlur,
}: {
  name: string;
  value: string;
  options: readonly Option[];
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur?: (event: React.FocusEvent) => void;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The date pickers offer years from 1900 to the current year (spec section 5). */
export function DateInput({
  name,
  value,
  max,
  onChange,
  onBlur,
}: {
  name: string;
  value: string;
  /** Latest selectable day; the end of the current year by default. */
  max?: string;
  onChange: (value: string) => void;
  onBlur?: (event: React.FocusEvent) => void;
}) {
  const endOfYear = `${new Date().getFullYear()}-12-31`;
  return (
    <Input
      type="date"
      name={name}
      min="1900-01-01"
      max={max ?? endOfYear}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}
