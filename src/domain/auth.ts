import { z } from 'zod';
import { emailText, idSchema, MAX_LENGTH, nameText, passwordText, text } from './fields';

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
  hireDate: isoDateSchema.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const LOGIN_REQUIRED = 'Email and Password are required.';
export const loginRequestSchema = z.object({
  email: z.string({ error: LOGIN_REQUIRED }).pipe(emailText().trim().min(1, LOGIN_REQUIRED)),
  password: z.string({ error: LOGIN_REQUIRED }).pipe(passwordText().min(1, LOGIN_REQUIRED)),
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

export const forgetPasswordRequestSchema = z.object({ email: emailText().trim().min(1) });

/** Server-side floor for any password a user chooses; the client has no rule of its own (spec section 5). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = MAX_LENGTH.password;
const newPasswordSchema = z
  .string({ error: 'Please fill in all fields.' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .pipe(passwordText());

export const resetPasswordRequestSchema = z.object({
  token: text(MAX_LENGTH.token).min(1),
  newPassword: newPasswordSchema,
});

export const changePasswordRequestSchema = z.object({
  currentPassword: passwordText().min(1),
  newPassword: newPasswordSchema,
});

/** The register form's domain rule: the address must end with `@<company domain>`. */
export function isCompanyEmail(email: string, companyDomain: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  return email.slice(at + 1).toLowerCase() === companyDomain.toLowerCase() && !/\s/.test(email);
}
export const COMPANY_EMAIL_MESSAGE = 'Email must be a valid @ company-domain email.';

const ALL_REQUIRED = 'All fields are required.';
export function registerRequestSchema(companyDomain: string) {
  return z.object({
    fullName: z.string({ error: ALL_REQUIRED }).pipe(nameText().trim().min(1, ALL_REQUIRED)),
    email: z
      .string({ error: ALL_REQUIRED })
      .pipe(emailText().trim().min(1, ALL_REQUIRED))
      .refine((email) => isCompanyEmail(email, companyDomain), COMPANY_EMAIL_MESSAGE),
    role: z.enum(ROLES, { error: 'Role must be ADMIN or STAFF.' }),
    password: z.string({ error: ALL_REQUIRED }).pipe(newPasswordSchema),
  });
}

export const registerResponseSchema = z.object({ id: idSchema, fullName: z.string(), role: roleSchema });

/** Every error the API answers has this shape (spec section 8 reads these names). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
