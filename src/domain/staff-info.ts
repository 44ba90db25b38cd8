import * as z from 'zod/mini';
import { requiredDateSchema } from './date-fields';
import { EARLIEST_DATE, isIsoDate, todayIso } from './dates';
import { GENDERS, RACES } from './enums';
import { choiceError, freeText, idSchema, text } from './fields';
import { NATIONALITIES } from './nationalities';
import { isValidNric } from './nric';
import {
  ADDRESS_FIELDS,
  ADDRESS_LIMITS,
  addressProblems,
  foreignAddressLines,
  POSTAL_CODE_MESSAGE,
} from './residential-address';

/** Spec section 5: NRIC/FIN, date of birth, race and nationality are compulsory; gender is not. */
export const STAFF_INFO_REQUIRED = 'Please fill in all compulsory fields.';
export const NRIC_INVALID = 'Please enter a valid NRIC/FIN.';
export const NRIC_TAKEN = 'This NRIC/FIN is already registered to another staff member.';
export const NRIC_ADMIN_ONLY = 'Only an administrator can change an NRIC/FIN. Please ask HR.';
export const DATE_OF_BIRTH_RANGE = 'Date of birth must be between 1900 and today.';

/** An optional part of the address: absent, null and '' (once trimmed) are none (null). */
const addressPart = (schema: z.ZodMiniType<string, string>) =>
  z.pipe(
    z.nullish(schema),
    z.transform((value: string | null | undefined) => value || null),
  );

/** Spec section 3's fields, and the residential address the IR8A asks for (issue 32, optional). */
const staffInfoFields = z.object({
  gender: z.pipe(
    z.nullish(z.union([z.enum(GENDERS, { error: 'Gender must be Male or Female.' }), z.literal('')])),
    z.transform((value: (typeof GENDERS)[number] | '' | null | undefined) => value || null),
  ),
  nric: z.string({ error: STAFF_INFO_REQUIRED }).check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, STAFF_INFO_REQUIRED),
    z.maxLength(9, NRIC_INVALID),
    z.refine((value: string) => value === '' || isValidNric(value), NRIC_INVALID),
  ),
  dateOfBirth: requiredDateSchema(STAFF_INFO_REQUIRED).check(
    z.refine(
      (value: string) => !isIsoDate(value) || (value >= EARLIEST_DATE && value <= todayIso()),
      DATE_OF_BIRTH_RANGE,
    ),
  ),
  race: z.enum(RACES, { error: choiceError('Race', STAFF_INFO_REQUIRED) }),
  nationality: z.enum(NATIONALITIES, { error: choiceError('Nationality', STAFF_INFO_REQUIRED) }),
  addressBlock: addressPart(text(ADDRESS_LIMITS.addressBlock, { trim: true })),
  addressStreet: addressPart(text(ADDRESS_LIMITS.addressStreet, { trim: true })),
  addressUnit: addressPart(text(ADDRESS_LIMITS.addressUnit, { trim: true })),
  addressPostalCode: addressPart(text(6, { trim: true, tooLong: POSTAL_CODE_MESSAGE })),
  // Stored as its lines, trimmed, without empty ones.
  foreignAddress: z.pipe(
    addressPart(freeText(200, { trim: true })),
    z.transform((value: string | null) => foreignAddressLines(value).join('\n') || null),
  ),
});

/** Staff info as the forms and PATCH /staff-info send it; the address's parts are checked together. */
export const staffInfoBodySchema = staffInfoFields.check(
  z.superRefine(
    (value, ctx) => {
      for (const problem of addressProblems(value)) {
        ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
      }
    },
    // Checked whatever else is wrong, so that a submit shows every message at once.
    { when: ({ value }) => typeof value === 'object' && value !== null },
  ),
);
export type StaffInfoBody = z.infer<typeof staffInfoBodySchema>;
export type StaffInfoInput = z.input<typeof staffInfoBodySchema>;

/** Staff info as the API answers it (spec section 3). */
export const staffInfoSchema = z.object({
  id: idSchema,
  gender: z.nullable(z.enum(GENDERS)),
  nric: z.string(),
  dateOfBirth: z.iso.date(),
  race: z.enum(RACES),
  nationality: z.string(),
  addressBlock: z.nullable(z.string()),
  addressStreet: z.nullable(z.string()),
  addressUnit: z.nullable(z.string()),
  addressPostalCode: z.nullable(z.string()),
  foreignAddress: z.nullable(z.string()),
});
export type StaffInfo = z.infer<typeof staffInfoSchema>;

/** Stored staff info as the form's text values. */
export const staffInfoFormValues = (info: StaffInfo): Record<string, string> => ({
  gender: info.gender ?? '',
  nric: info.nric,
  dateOfBirth: info.dateOfBirth,
  race: info.race,
  nationality: info.nationality,
  // The address parts, '' for none.
  ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, info[field] ?? ''])),
});
