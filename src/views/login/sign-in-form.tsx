import { Stack } from '@chakra-ui/react';
import { canSubmitLogin } from '../../../machines/login-form.machine';
import type { LoginFormValues } from '../../domain/auth-forms';
import { FormField, SubmitButton } from '../../ui/form-field';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { TabSwitchLink } from './login-form-parts';

export function SignInForm({
  actor,
  onForgotPassword,
}: {
  actor: FormActorRef<LoginFormValues>;
  onForgotPassword: () => void;
}) {
  const form = useForm(actor, canSubmitLogin);
  // A refused sign-in shows once, as the spec's 'Login Error' toast: a second copy above the button moved
  // the form under the pointer (issue 34).
  return (
    <form noValidate aria-label="Sign in" onSubmit={form.onSubmit}>
      <Stack gap="5">
        <FormField
          label="Email"
          type="email"
          field={form.field('email')}
          autoComplete="username"
          placeholder="Your work email"
        />
        <FormField
          label="Password"
          type="password"
          field={form.field('password')}
          autoComplete="current-password"
        />
        <SubmitButton width="full" disabled={!form.canSubmit} loading={form.submitting}>
          Login
        </SubmitButton>
        <TabSwitchLink onSelect={onForgotPassword}>Forgot Password?</TabSwitchLink>
      </Stack>
    </form>
  );
}
