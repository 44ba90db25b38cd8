import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { canSubmitPasswordForm } from '../../../machines/password-form';
import type { PasswordChangeFormValues } from '../../domain/auth-forms';
import { FormError, FormField, SubmitButton } from '../../ui/form-field';
import { type FormActorRef, useForm } from '../../ui/use-form';

/**
 * The three masked fields of Change Password and Set Password. A typed confirmation that differs shows
 * 'New passwords do not match' at once and disables submit; a submit that finds them different gets the
 * full-stop text.
 */
export function PasswordChangeForm({
  actor,
  id,
  submitLabel,
  currentLabel,
  actions,
}: {
  actor: FormActorRef<PasswordChangeFormValues>;
  id: string;
  submitLabel: string;
  /** 'Current Password', or 'Temporary Password' in the forced first step. */
  currentLabel: string;
  /** Extra buttons beside submit (Cancel, Logout). */
  actions?: ReactNode;
}) {
  const form = useForm(actor, canSubmitPasswordForm);
  return (
    <form id={id} aria-label={submitLabel} noValidate onSubmit={form.onSubmit}>
      <Stack gap="4">
        <FormField
          label={currentLabel}
          type="password"
          field={form.field('currentPassword')}
          autoComplete="current-password"
        />
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
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3" pt="2">
          {actions}
          <SubmitButton disabled={!form.canSubmit} loading={form.submitting}>
            {submitLabel}
          </SubmitButton>
        </Stack>
      </Stack>
    </form>
  );
}
