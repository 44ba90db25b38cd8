import * as z from 'zod/mini';
import { COMPANY_EMAIL_MESSAGE, isCompanyEmail, ROLES, roleSchema } from './auth';
import { employmentInfoSchema } from './employment-info';
import { emailText, idSchema, MAX_LENGTH, personNameText, text } from './fields';
import { paymentInfoSchema } from './payment-info';
import { staffInfoSchema } from './staff-info';

// Users (spec sections 3 and 7): the shapes the API answers and the SPA parses, defined once.

const nullableString = z.nullable(z.string());

/** One user with the records of onboarding (null until onboarded). Lists mask NRIC and account numbers. */
export const userDetailSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  hireDate: nullableString,
  staffInfo: z.nullable(staffInfoSchema),
  employmentInfo: z.nullable(employmentInfoSchema),
  paymentInfo: z.nullable(paymentInfoSchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userListSchema = z.array(userDetailSchema);

export const userListQuerySchema = z.object({
  search: z.optional(text(MAX_LENGTH.search)),
  role: z.optional(roleSchema),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

const ALL_REQUIRED = 'All fields are required.';
const profileName = () => personNameText({ error: ALL_REQUIRED, trim: true, required: ALL_REQUIRED });
const profileEmail = () => emailText({ error: ALL_REQUIRED, trim: true, required: ALL_REQUIRED });

/** Profile edit (spec section 5: name and e-mail required; the e-mail stays in the company domain). */
export function userUpdateRequestSchema(companyDomain: string) {
  return z.object({
    fullName: profileName(),
    email: profileEmail().check(
      z.refine((email: string) => isCompanyEmail(email, companyDomain), COMPANY_EMAIL_MESSAGE),
    ),
  });
}
export type UserUpdateRequest = z.infer<ReturnType<typeof userUpdateRequestSchema>>;

/** The profile panel as the browser checks it; the company domain is the server's rule, whose message comes back. */
export const profileFormSchema = z.object({ fullName: profileName(), email: profileEmail() });

/**
 * The register form as the browser checks it before sending: every field filled in, a name every file
 * can carry (the server's rule), a plausible address. The company domain is the server's rule; its
 * message comes back for the e-mail field.
 */
export const registerFormSchema = z.object({
  fullName: profileName(),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, ALL_REQUIRED)), z.email(COMPANY_EMAIL_MESSAGE)),
  role: z.pipe(z.string(), z.enum(ROLES, { error: ALL_REQUIRED })),
  password: z.string().check(z.minLength(1, ALL_REQUIRED)),
});
export type RegisterFormValues = { fullName: string; email: string; role: string; password: string };

/** Name and e-mail as the profile form's values. */
export const profileFormValues = (user: Pick<UserDetail, 'fullName' | 'email'>): Record<string, string> => ({
  fullName: user.fullName,
  email: user.email,
});
