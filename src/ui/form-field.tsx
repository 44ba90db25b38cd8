import { Box, Button, type ButtonProps, Field, Input, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AlertIcon } from './icons';
import { PasswordInput } from './password-input';

/** One field of a form machine, as `useForm().field(name)` gives it. */
export interface FieldBinding {
  name: string;
  value: string;
  /** The message showing beside the field, if any. */
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * A labelled input bound to a form machine: the error shows beneath it, the input is marked `aria-invalid`
 * and points at the message (Chakra's Field does both). Password fields get the show/hide toggle.
 */
export function FormField({
  label,
  field,
  type = 'text',
  autoComplete,
  placeholder,
  helperText,
}: {
  label: string;
  field: FieldBinding;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  helperText?: ReactNode;
}) {
  const props = {
    name: field.name,
    value: field.value,
    autoComplete,
    placeholder,
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
    onBlur: field.onBlur,
  };
  return (
    <Field.Root invalid={field.error !== undefined} disabled={field.disabled}>
      <Field.Label>{label}</Field.Label>
      {type === 'password' ? <PasswordInput {...props} /> : <Input type={type} {...props} />}
      {helperText && field.error === undefined && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{field.error}</Field.ErrorText>
    </Field.Root>
  );
}

/** A form's submit button: the spec's 'Processing...' with a spinner while the request is in flight. */
export function SubmitButton(props: Omit<ButtonProps, 'type'>) {
  return <Button type="submit" colorPalette="teal" loadingText="Processing..." {...props} />;
}

/** Why the server refused the last submit, kept above the submit button after the toast has gone. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Box
      display="flex"
      gap="2"
      alignItems="center"
      px="3"
      py="2"
      rounded="l2"
      bg="red.subtle"
      color="red.fg"
      fontSize="sm"
      data-part="form-error"
    >
      <Box as="span" display="flex" flexShrink={0}>
        <AlertIcon />
      </Box>
      <span>{message}</span>
    </Box>
  );
}

/**
 * A labelled field around any control (selects, dates, numbers) for forms whose values live in a
 * statechart other than a form machine (the wizard, the panels): the message shows under it and marks
 * the control invalid, as FormField does.
 */
export function LabelledField({
  label,
  error,
  required,
  disabled,
  helper,
  children,
}: {
  label: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

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
}: {
  name: string;
  value: string;
  options: readonly Option[];
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field name={name} value={value} onChange={(event) => onChange(event.target.value)}>
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
}: {
  name: string;
  value: string;
  /** Latest selectable day; the end of the current year by default. */
  max?: string;
  onChange: (value: string) => void;
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
    />
  );
}
