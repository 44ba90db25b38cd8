import * as z from 'zod/mini';
import { loginRequestSchema } from './auth';

/**
 * The sign-in and password forms' rules (spec section 5), read by their statecharts. Each schema takes the
 * form's text values and gives what the request needs; its messages are the spec's, shown beside the field
 * they name.
 */

export const loginFormSchema = loginRequestSchema;
export type LoginFormValues = { email: string; password: string };

/** The spec checks only that the email is there and names no message; this one says what is missing. */
export const forgotPasswordFormSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Please enter your email address.')),
});
export type ForgotPasswordFormValues = { email: string };

export const resetPasswordMessages = {
  incomplete: 'Please fill in all fields.',
  mismatched: 'Passwords do not match.',
} as const;

// Object refinements run only once every field parsed, so a missing field is told before a mismatch.
export const resetPasswordFormSchema = z.pipe(
  z
    .object({
      newPassword: z.string().check(z.minLength(1, resetPasswordMessages.incomplete)),
      confirmPassword: z.string().check(z.minLength(1, resetPasswordMessages.incomplete)),
    })
    .check(
      z.refine((v) => v.newPassword === v.confirmPassword, {
        message: resetPasswordMessages.mismatched,
        path: ['confirmPassword'],
      }),
    ),
  z.transform(({ newPassword }: ResetPasswordFormValues) => ({ newPassword })),
);
export type ResetPasswordFormValues = { newPassword: string; confirmPassword: string };

export const passwordChangeMessages = {
  /** Shown while the typed confirmation differs; Change Password is disabled meanwhile. */
  differ: 'New passwords do not match',
  /** Shown when a submit finds them different (the confirmation left empty). */
  differOnSubmit: 'New passwords do not match.',
  /** The spec names no text for an empty password field; this is its reset form's. */
  incomplete: 'Please fill in all fields.',
} as const;

/** Change Password and the forced Set Password step: no length or complexity rule on the client (spec section 5). */
export const passwordChangeFormSchema = z.pipe(
  z
    .object({
      currentPassword: z.string().check(z.minLength(1, passwordChangeMessages.incomplete)),
      newPassword: z.string().check(z.minLength(1, passwordChangeMessages.incomplete)),
      confirmPassword: z.string(),
    })
    .check(
      z.refine((v) => v.newPassword === v.confirmPassword, {
        message: passwordChangeMessages.differOnSubmit,
        path: ['confirmPassword'],
      }),
    ),
  z.transform(({ currentPassword, newPassword }: PasswordChangeFormValues) => ({
    currentPassword,
    newPassword,
  })),
);

/** Checked on every keystroke: a typed confirmation that differs. */
export const passwordChangeTypingSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .check(
    z.refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
      message: passwordChangeMessages.differ,
      path: ['confirmPassword'],
    }),
  );
export type PasswordChangeFormValues = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

/** Submit stays disabled while the typed confirmation differs (spec section 5). */
export const canSubmitPasswordChange = (v: PasswordChangeFormValues) =>
  v.confirmPassword === '' || v.newPassword === v.confirmPassword;
