import { createFormMachine } from './form';
import { formDialogMachine } from './form-dialog.machine';
import { type PasswordChanged, passwordFormParts } from './password-form';

/**
 * The Change Password form of the dialog opened from the sidebar. A change finishes it with the new token,
 * which the session keeps before invoking a fresh, closed dialog.
 */
export const changePasswordMachine = createFormMachine<
  typeof passwordFormParts.initialValues,
  { currentPassword: string; newPassword: string },
  PasswordChanged
>({
  id: 'changePassword',
  description: 'The Change Password form: current, new and confirmation, each masked.',
  ...passwordFormParts,
  afterSuccess: {
    description: 'Changed: the dialog closes and the session keeps the new token.',
  },
});

/** The dialog around it (machines/form-dialog.machine.ts), which the session invokes while the account is usable. */
export const changePasswordDialogMachine = formDialogMachine.provide({
  actors: { form: changePasswordMachine },
});
