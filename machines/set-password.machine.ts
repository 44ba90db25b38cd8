import { createFormMachine } from './form';
import { type PasswordChanged, passwordFormParts } from './password-form';

/**
 * The forced first step of an account created with a temporary password: the session invokes it and opens
 * the app once it finishes. Until then the server refuses the account everything else.
 */
export const setPasswordMachine = createFormMachine<
  typeof passwordFormParts.initialValues,
  { currentPassword: string; newPassword: string },
  PasswordChanged
>({
  id: 'setPassword',
  description: 'Set Password: the temporary password, then a password of the user’s own.',
  ...passwordFormParts,
  afterSuccess: { description: 'The password is set: the session opens the app.' },
});
