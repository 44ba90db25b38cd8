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
