import {
  canSubmitPasswordChange,
  type PasswordChangeFormValues,
  passwordChangeFormSchema,
  passwordChangeTypingSchema,
} from '../src/domain/auth-forms';
import { sessionToasts } from '../src/domain/messages/session';
import type { ToastParams } from './effects';

/** What Change Password and the forced Set Password step share: the fields, the rules and the spec's toasts. */
export const passwordFormParts = {
  initialValues: {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  } satisfies PasswordChangeFormValues,
  schema: passwordChangeFormSchema,
  typingSchema: passwordChangeTypingSchema,
  request: {
    id: 'changePassword',
    description: "POST /auth/change-password is in flight; the form is disabled and reads 'Processing...'.",
  },
  successToast: (): ToastParams => sessionToasts.passwordChanged,
  failureToast: sessionToasts.passwordChangeFailed,
};

/** The server answers a password change with a fresh access token for this session. */
export interface PasswordChanged {
  accessToken: string;
}

export const canSubmitPasswordForm = canSubmitPasswordChange;
