import { Button, Field, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { sessionMessages } from '../../../machines/session.machine';
import { isPasswordSubmitting, passwordFormMessage } from '../../../machines/session.selectors';
import { PasswordInput } from '../../ui/password-input';
import { useSession, useSessionSend } from '../session/session-context';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
type FieldName = keyof typeof empty;

const fields: ReadonlyArray<{ name: FieldName; label: string; autoComplete: string }> = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', autoComplete: 'new-password' },
];

/**
 * The three masked fields of Change Password and Set Password. The live mismatch text shows once the
 * confirmation is typed; a submit with a different (or empty) confirmation gets the full-stop text from the session.
 */
export function PasswordChangeForm({
  id,
  submitLabel,
  actions,
}: {
  id: string;
  submitLabel: string;
  /** Extra buttons beside submit (Cancel, Logout). */
  actions?: ReactNode;
}) {
  const send = useSessionSend();
  const submitting = useSession(isPasswordSubmitting);
  const message = useSession(passwordFormMessage);
  const [values, setValues] = useState(empty);
  const differs = values.confirmPassword !== '' && values.newPassword !== values.confirmPassword;

  return (
    <form
      id={id}
      aria-label={submitLabel}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'password.submit', ...values });
      }}
    >
      <Stack gap="4">
        {fields.map(({ name, label, autoComplete }) => (
          <Field.Root key={name} invalid={name === 'confirmPassword' && differs} disabled={submitting}>
            <Field.Label>{label}</Field.Label>
            <PasswordInput
              name={name}
              autoComplete={autoComplete}
              value={values[name]}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
            />
            {name === 'confirmPassword' && (
              <Field.ErrorText>{sessionMessages.passwordsDiffer}</Field.ErrorText>
            )}
          </Field.Root>
        ))}
        {message && !differs && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {message}
          </Text>
        )}
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3" pt="2">
          {actions}
          <Button
            type="submit"
            colorPalette="teal"
            disabled={values.currentPassword === '' || values.newPassword === '' || differs}
            loading={submitting}
            loadingText="Processing..."
          >
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
