import { Button, Stack, Text } from '@chakra-ui/react';
import { canSubmitForgotPassword, resetRequestLabel } from '../../../machines/forgot-password.machine';
import type { ForgotPasswordFormValues } from '../../domain/auth-forms';
import { FormError, FormField } from '../../ui/form-field';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { TabSwitchLink } from './login-form-parts';

export function ForgotPasswordForm({
  actor,
  onBackToLogin,
}: {
  actor: FormActorRef<ForgotPasswordFormValues>;
  onBackToLogin: () => void;
}) {
  const form = useForm(actor, canSubmitForgotPassword);
  return (
    <form noValidate aria-label="Forgot password" onSubmit={form.onSubmit}>
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm">
          Enter the email address of your account and we will send you a link to reset your password.
        </Text>
        <FormField
          label="Email"
          type="email"
          field={form.field('email')}
          autoComplete="username"
          placeholder="Your work email"
        />
        <FormError message={form.submitError} />
        <Button type="submit" colorPalette="teal" width="full" disabled={!form.canSubmit}>
          {resetRequestLabel(form)}
        </Button>
        <TabSwitchLink onSelect={onBackToLogin}>Back to Login</TabSwitchLink>
      </Stack>
    </form>
  );
}
