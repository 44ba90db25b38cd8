import { Button, Field, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { InspectionEvent, Observer, SnapshotFrom } from 'xstate';
import { type resetPasswordMachine, resetPasswordMessages } from '../../../machines/reset-password.machine';
import { CardScreen } from '../../ui/card-screen';
import { PasswordInput } from '../../ui/password-input';

type ResetPasswordLogic = typeof resetPasswordMachine;
type Snapshot = SnapshotFrom<ResetPasswordLogic>;

const formMessage = (s: Snapshot): string | null => {
  if (s.matches({ form: 'incomplete' })) return resetPasswordMessages.incomplete;
  if (s.matches({ form: 'mismatched' })) return resetPasswordMessages.mismatched;
  if (s.matches({ form: 'failed' })) return s.context.error?.message ?? null;
  return null;
};

/** /reset-password?token=...: New Password and Confirm Password. */
export function ResetPasswordScreen({
  logic,
  token,
  inspect,
}: {
  logic: ResetPasswordLogic;
  token: string | null;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { token }, inspect });
  const message = useSelector(actor, formMessage);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });

  return (
    <CardScreen title="Reset your password" intro="Choose a new password for your account.">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'resetPassword.submit', ...values });
        }}
      >
        <Stack gap="4">
          <Field.Root disabled={submitting}>
            <Field.Label>New Password</Field.Label>
            <PasswordInput
              name="newPassword"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(event) => setValues((v) => ({ ...v, newPassword: event.target.value }))}
            />
          </Field.Root>
          <Field.Root disabled={submitting}>
            <Field.Label>Confirm Password</Field.Label>
            <PasswordInput
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(event) => setValues((v) => ({ ...v, confirmPassword: event.target.value }))}
            />
          </Field.Root>
          {message && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {message}
            </Text>
          )}
          <Button type="submit" colorPalette="teal" loading={submitting} loadingText="Processing...">
            Reset Password
          </Button>
          <Link asChild alignSelf="center" fontSize="sm" color="teal.fg">
            <RouterLink href="/login">Back to Login</RouterLink>
          </Link>
        </Stack>
      </form>
    </CardScreen>
  );
}
