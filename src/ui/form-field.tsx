import { Box, Button, type ButtonProps, Field, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AlertIcon } from './line-icon';
import { PasswordInput } from './password-input';

/** One field of a form machine, as `useForm().field(name)` gives it. */
export interface FieldBinding {
  name: string;
  value: string;
  /** The message showing beside the field, if any. */
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  /** Given the focus event, when the control has one (see `useForm`). */
  onBlur: (event?: { relatedTarget: EventTarget | null }) => void;
}

/**
 * The one way a labelled field is drawn, whatever its control (input, select, date, switch) and whichever
 * machine holds its value: the label (and the required mark), the control, a helper line while nothing is
 * wrong, and the message beneath it; the control is marked `aria-invalid` and points at the message
 * (Chakra's Field does both).
 */
export function LabelledField({
  label,
  error,
  required,
  disabled,
  helper,
  width,
  htmlFor,
  children,
}: {
  /** Omitted for a control that carries its own label (a switch). */
  label?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  helper?: ReactNode;
  /** 'auto' for a picker in a toolbar row. */
  width?: 'auto';
  /** For a control that is not Chakra's own input (it then names its id). */
  htmlFor?: string;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} width={width}>
      {label !== undefined && (
        <Field.Label htmlFor={htmlFor}>
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
      )}
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * A text, e-mail or password input bound to a form machine, in a LabelledField. Passwords get the show/hide
 * toggle; dates are ./date-field's FormDateField (kept out of /login's file).
 */
export function FormField({
  label,
  field,
  type = 'text',
  autoComplete,
  placeholder,
  helperText,
  inputMode,
}: {
  label: string;
  field: FieldBinding;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  helperText?: ReactNode;
  /** A phone's keyboard for numbers. */
  inputMode?: 'numeric' | 'decimal';
}) {
  const props = {
    name: field.name,
    value: field.value,
    autoComplete,
    placeholder,
    inputMode,
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
    onBlur: field.onBlur,
  };
  return (
    <LabelledField label={label} error={field.error} disabled={field.disabled} helper={helperText}>
      {type === 'password' ? <PasswordInput {...props} /> : <Input type={type} {...props} />}
    </LabelledField>
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
