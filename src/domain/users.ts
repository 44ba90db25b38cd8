import { z } from 'zod';
import { COMPANY_EMAIL_MESSAGE, isCompanyEmail, roleSchema } from './auth';
import { emailText, idSchema, MAX_LENGTH, nameText, text } from './fields';

// Users (spec sections 3 and 7): the shapes the API answers and the SPA parses, defined once.

const nullableString = z.string().nullable();

export const staffInfoSchema = z.object({
  id: idSchema,
  gender: nullableString,
  nric: z.string(),
  dateOfBirth: z.string(),
  race: z.string(),
  nationality: z.string(),
});

export const employmentInfoSchema = z.object({
  id: idSchema,
  designation: z.string(),
  employmentStatus: z.string(),
  hireDate: z.string(),
  confirmedDate: nullableString,
  passType: z.string(),
  employmentType: z.string(),
});

export const paymentInfoSchema = z.object({
  id: idSchema,
  basicSalary: z.number(),
  employeeCpfContributionRate: z.number().nullable(),
  employerCpfContributionRate: z.number().nullable(),
  cpfType: z.string(),
  cpfSection: z.string(),
  selfHelpGroup: z.string(),
  bankName: nullableString,
  bankCode: nullableString,
  branchCode: nullableString,
  accountNo: nullableString,
});

/** One user with the records of onboarding (null until onboarded). Lists mask NRIC and account numbers. */
export const userDetailSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  hireDate: nullableString,
  staffInfo: staffInfoSchema.nullable(),
  employmentInfo: employmentInfoSchema.nullable(),
  paymentInfo: paymentInfoSchema.nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userListSchema = z.array(userDetailSchema);

export const userListQuerySchema = z.object({
  search: text(MAX_LENGTH.search).optional(),
  role: roleSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

const ALL_REQUIRED = 'All fields are required.';
/** Profile edit (spec section 5: name and e-mail required; the e-mail stays in the company domain). */
export function userUpdateRequestSchema(companyDomain: string) {
  return z.object({
    fullName: z.string({ error: ALL_REQUIRED }).pipe(nameText().trim().min(1, ALL_REQUIRED)),
    email: z
      .string({ error: ALL_REQUIRED })
      .pipe(emailText().trim().min(1, ALL_REQUIRED))
      .refine((email) => isCompanyEmail(email, companyDomain), COMPANY_EMAIL_MESSAGE),
  });
}
export type UserUpdateRequest = z.infer<ReturnType<typeof userUpdateRequestSchema>>;
