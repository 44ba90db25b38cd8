import * as z from 'zod/mini';
import { emailText, idSchema, MAX_LENGTH, passwordText, personNameText, text } from './fields';

export { idSchema };

/** Roles a signed-in user can hold (spec section 3). */
export const ROLES = ['ADMIN', 'STAFF'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** An ISO calendar date without time, `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date();

/** The user kept in the session (spec section 3, Current user). */
export const sessionUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  fullName: z.string(),
  role: roleSchema,
  hireDate: z.nullable(isoDateSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const LOGIN_REQUIRED = 'Email and Password are required.';
export const loginRequestSchema = z.object({
  email: emailText({ error: LOGIN_REQUIRED, trim: true, required: LOGIN_REQUIRED }),
  password: passwordText({ error: LOGIN_REQUIRED, required: LOGIN_REQUIRED }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  user: sessionUserSchema,
  isNewUser: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshResponseSchema = z.object({ accessToken: z.string() });

/** Answers that only confirm (forget-password, reset-password). */
export const messageResponseSchema = z.object({ message: z.string() });

export const forgetPasswordRequestSchema = z.object({ email: emailText({ trim: true, required: true }) });

/** Server-side floor for any password a user chooses; the client has no rule of its own (spec section 5). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = MAX_LENGTH.password;
const newPassword = (missing: string) =>
  passwordText({
    error: missing,
    tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  }).check(z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`));
const newPasswordSchema = newPassword('Please fill in all fields.');

export const resetPasswordRequestSchema = z.object({
  token: text(MAX_LENGTH.token, { required: true }),
  newPassword: newPasswordSchema,
});

export const changePasswordRequestSchema = z.object({
  currentPassword: passwordText({ required: true }),
  newPassword: newPasswordSchema,
});

/** The register form's domain rule: the address must end with `@<company domain>`. */
export function isCompanyEmail(email: string, companyDomain: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  // Letters of other alphabets that look Latin (Cyrillic а in аdmin@) would make a second, look-alike
  // account: the local part is ASCII, as the company's mail system writes it.
  return (
    email.slice(at + 1).toLowerCase() === companyDomain.toLowerCase() &&
    /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/.test(email.slice(0, at))
  );
}
export const COMPANY_EMAIL_MESSAGE = 'Email must be a valid @ company-domain email.';

const ALL_REQUIRED = 'All fields are required.';
export function registerRequestSchema(companyDomain: string) {
  return z.object({
    fullName: personNameText({ error: ALL_REQUIRED, trim: true, required: ALL_REQUIRED }),
    email: emailText({ error: ALL_REQUIRED, trim: true, required: ALL_REQUIRED }).check(
      z.refine((email: string) => isCompanyEmail(email, companyDomain), COMPANY_EMAIL_MESSAGE),
    ),
    role: z.enum(ROLES, {
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? ALL_REQUIRED : 'Role must be ADMIN or STAFF.',
    }),
    password: z.pipe(
      z.string({ error: ALL_REQUIRED }).check(z.minLength(1, ALL_REQUIRED)),
      newPassword(ALL_REQUIRED),
    ),
  });
}

export const registerResponseSchema = z.object({ id: idSchema, fullName: z.string(), role: roleSchema });

/**
 * Every error the API answers has this shape (spec section 8 reads the first three names). A 400 adds
 * `code`, a stable machine-readable reason (src/domain/api-error.ts lists them), and `field`, the request
 * body's field at fault (a dotted path inside it) where one field is; forms show the message beside it.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().check(z.int()),
  error: z.string(),
  message: z.string(),
  code: z.optional(z.string()),
  field: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
