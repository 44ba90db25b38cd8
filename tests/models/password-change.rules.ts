import type { Values } from './form.model';

/**
 * Spec section 5, Change password (and the forced Set Password step): new and confirmation must match
 * ('New passwords do not match' while typing, with a full stop on submit); submit is disabled while they
 * differ; no length or complexity rule. The spec names no text for an empty field: ours is the reset
 * form's. A missing password is told before a mismatch (docs/architecture.md, "How to build a form").
 */
const INCOMPLETE = 'Please fill in all fields.';
export const passwordChangeRules = {
  errors: (v: Values) => ({
    currentPassword: v.currentPassword ? undefined : INCOMPLETE,
    newPassword: v.newPassword ? undefined : INCOMPLETE,
    confirmPassword:
      v.currentPassword && v.newPassword && v.newPassword !== v.confirmPassword
        ? 'New passwords do not match.'
        : undefined,
  }),
  live: (v: Values) => ({
    confirmPassword:
      v.confirmPassword !== '' && v.newPassword !== v.confirmPassword
        ? 'New passwords do not match'
        : undefined,
  }),
  canSubmit: (v: Values) => v.confirmPassword === '' || v.newPassword === v.confirmPassword,
  initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  // POST /auth/change-password {currentPassword, newPassword}: the confirmation stays on the client.
  request: {
    method: 'POST',
    path: '/api/auth/change-password',
    okStatus: 200,
    body: (v: Values) => ({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
  },
};
