import { NativeSelect } from '@chakra-ui/react';

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
