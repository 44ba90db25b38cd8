import { createFormMachine } from './form';
import { type PasswordChanged, passwordFormParts } from './password-form';

/**
 * The Change Password dialog opened from the sidebar. The session invokes it while the account is usable; a
 * change finishes it with the new token, which the session keeps before invoking a fresh, closed dialog.
 */
export const changePasswordMachine = createFormMachine<
  typeof passwordFormParts.initialValues,
  { currentPassword: string; newPassword: string },
  PasswordChanged
>({
  id: 'changePassword',
  description: 'The Change Password dialog: current, new and confirmation, each masked.',
  ...passwordFormParts,
  dialog: true,
  afterSuccess: {
    type: 'finish',
    description: 'Changed: the dialog closes and the session keeps the new token.',
  },
});
