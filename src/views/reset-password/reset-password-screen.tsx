import { Link, Stack } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import { Link as RouterLink } from 'wouter';
import type { InspectionEvent, Observer } from 'xstate';
import type { resetPasswordMachine } from '../../../machines/reset-password.machine';
import { CardScreen } from '../../ui/card-screen';
import { FormError, FormField, SubmitButton } from '../../ui/form-field';
import { useForm } from '../../ui/use-form';

/** /reset-password?token=...: New Password and Confirm Password; the statechart leads a finished reset to /login. */
export function ResetPasswordScreen({
  logic,
  token,
  inspect,
}: {
  logic: typeof resetPasswordMachine;
  token: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { params: { token } }, inspect });
  const form = useForm(actor);

  return (
    <CardScreen
      title="Reset your password"
      documentTitle="Reset Password"
      intro="Choose a new password for your account."
    >
      <form noValidate aria-label="Reset password" onSubmit={form.onSubmit}>
        <Stack gap="4">
          <FormField
            label="New Password"
            type="password"
            field={form.field('newPassword')}
            autoComplete="new-password"
          />
          <FormField
            label="Confirm Password"
            type="password"
            field={form.field('confirmPassword')}
            autoComplete="new-password"
          />
          <FormError message={form.submitError} />
          <SubmitButton disabled={!form.canSubmit} loading={form.submitting}>
            Reset Password
          </SubmitButton>
          <Link asChild alignSelf="center" fontSize="sm" color="teal.fg">
            <RouterLink href="/login">Back to Login</RouterLink>
          </Link>
        </Stack>
      </form>
    </CardScreen>
  );
}
