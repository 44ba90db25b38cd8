import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  canSubmitForgotPassword,
  type forgotPasswordMachine,
  resetRequestLabel,
} from '../../../machines/forgot-password.machine';
import type { ForgotPasswordFormValues } from '../../domain/auth-forms';
import { FormError, FormField } from '../../ui/form-field';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { TabSwitchLink } from './login-form-parts';

/** The forgot-password tab: its form, or during the lock the address the e-mail went to and the count. */
export function ForgotPasswordForm({
  actor,
  onBackToLogin,
}: {
  actor: ActorRefFrom<typeof forgotPasswordMachine>;
  onBackToLogin: () => void;
}) {
  const formActor: FormActorRef<ForgotPasswordFormValues> = useSelector(actor, (s) => s.context.form);
  const lockSecondsLeft = useSelector(actor, (s) => (s.matches('locked') ? s.context.secondsLeft : null));
  const form = useForm(formActor, canSubmitForgotPassword);
  const locked = lockSecondsLeft !== null;
  const email = form.field('email');
  return (
    <form noValidate aria-label="Forgot password" onSubmit={form.onSubmit}>
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm">
          Enter the email address of your account and we will send you a link to reset your password.
        </Text>
        <FormField
          label="Email"
          type="email"
          field={{ ...email, disabled: email.disabled || locked }}
          autoComplete="username"
          placeholder="Your work email"
        />
        <FormError message={form.submitError} />
        <Button type="submit" colorPalette="teal" width="full" disabled={!form.canSubmit || locked}>
          {resetRequestLabel({ submitting: form.submitting, lockSecondsLeft })}
        </Button>
        <TabSwitchLink onSelect={onBackToLogin}>Back to Login</TabSwitchLink>
      </Stack>
    </form>
  );
}
