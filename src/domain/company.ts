import * as z from 'zod/mini';
import { BANK_NAMES } from './enums';

import { freeText, text } from './fields';

/**
 * The company's own particulars, which the statutory files and the PDFs print: its name, its UEN
 * (the employer's id for the CPF Board and IRAS), the CPF submission number the CPF file is made
 * under, and the account salaries are paid from.
 */

export const COMPANY_NAME_REQUIRED = 'Please enter the company name.';
export const UEN_MESSAGE =
  'UEN must be 9 characters (such as 53123456A), 10 characters (such as 201912345K), or start with T or S (such as T08LL1234A).';
export const CSN_MESSAGE =
  'CPF submission number must be the UEN followed by a payment type and a serial number, such as 201912345KPTE01.';
export const BANK_ACCOUNT_MESSAGE = 'Bank account number must contain digits only.';

/** Longest the bank files take for an originator's name (UOB: 140 characters). */
export const COMPANY_NAME_MAX = 140;
export const COMPANY_ADDRESS_MAX = 500;

/**
 * The shapes of a Unique Entity Number: ROB businesses `NNNNNNNNC`, ROC local companies
 * `YYYYNNNNNC`, other entities `TYYPQNNNNC` or `SYYPQNNNNC` (T from 2000, S before; PQ the entity
 * type). The check letter's algorithm is not published, so only the shape is checked.
 */
const UEN_SHAPES = [/^\d{8}[A-Z]$/, /^\d{9}[A-Z]$/, /^[TS]\d{2}[A-Z]{2}\d{4}[A-Z]$/];
export const isUen = (value: string) => UEN_SHAPES.some((shape) => shape.test(value));

/** The primary CSN of a UEN: payment type PTE and serial 01 (the CPF Board's default). */
export const defaultCpfSubmissionNumber = (uen: string) => `${uen}PTE01`;

/** A CSN: the company's UEN, a 3-letter payment type (PTE, AMS, VCT ...) and a 2-digit serial. */
export const isCpfSubmissionNumberOf = (csn: string, uen: string) =>
  csn.startsWith(uen) && /^[A-Z]{3}\d{2}$/.test(csn.slice(uen.length));

/** Every field as the form's inputs hold it: text, '' for none. */
const companyFormFields = z.object({
  name: text(COMPANY_NAME_MAX, { trim: true, required: COMPANY_NAME_REQUIRED, error: COMPANY_NAME_REQUIRED }),
  uen: text(10, { trim: true }),
  cpfSubmissionNumber: text(15, { trim: true }),
  address: freeText(COMPANY_ADDRESS_MAX, { trim: true }),
  bankName: z.enum([...BANK_NAMES, ''], { error: 'Bank name must be one of the listed banks.' }),
  bankAccountNo: text(34, { trim: true }).check(
    z.refine((value: string) => value === '' || /^\d+$/.test(value), BANK_ACCOUNT_MESSAGE),
  ),
  bankAccountName: text(COMPANY_NAME_MAX, { trim: true }),
});
type CompanyFields = z.output<typeof companyFormFields>;

const codeOf = (value: string) => value.toUpperCase() || null;

/**
 * The form's values read into what is stored: '' is none, codes upper-cased, and the CPF submission
 * number the UEN's primary CSN unless another is given; one is only accepted when it starts with
 * the UEN (the CPF Board issues it so).
 */
export const companyFormSchema = z.pipe(
  companyFormFields.check(
    z.superRefine((value, ctx) => {
      const uen = codeOf(value.uen);
      if (uen !== null && !isUen(uen)) {
        ctx.addIssue({ code: 'custom', path: ['uen'], message: UEN_MESSAGE });
        return;
      }
      const csn = codeOf(value.cpfSubmissionNumber);
      if (csn !== null && (uen === null || !isCpfSubmissionNumberOf(csn, uen))) {
        ctx.addIssue({ code: 'custom', path: ['cpfSubmissionNumber'], message: CSN_MESSAGE });
      }
    }),
  ),
  z.transform((value: CompanyFields) => {
    const uen = codeOf(value.uen);
    return {
      name: value.name,
      uen,
      cpfSubmissionNumber:
        codeOf(value.cpfSubmissionNumber) ?? (uen === null ? null : defaultCpfSubmissionNumber(uen)),
      address: value.address || null,
      bankName: value.bankName || null,
      bankAccountNo: value.bankAccountNo || null,
      bankAccountName: value.bankAccountName || null,
    };
  }),
);
export type CompanyBody = z.output<typeof companyFormSchema>;

/** null, absent and '' all mean "not set" in PUT /company's body. */
const optionalText = z.pipe(
  z.nullish(z.string()),
  z.transform((value: string | null | undefined) => value ?? ''),
);

/** PUT /company's body: the form's rules, with null or absent for a field not set. */
export const companyBodySchema = z.pipe(
  z.object({
    name: z.string({ error: COMPANY_NAME_REQUIRED }),
    uen: optionalText,
    cpfSubmissionNumber: optionalText,
    address: optionalText,
    bankName: optionalText,
    bankAccountNo: optionalText,
    bankAccountName: optionalText,
  }),
  companyFormSchema,
);

export const companySchema = z.object({
  name: z.string(),
  uen: z.nullable(z.string()),
  cpfSubmissionNumber: z.nullable(z.string()),
  address: z.nullable(z.string()),
  bankName: z.nullable(z.enum(BANK_NAMES)),
  bankAccountNo: z.nullable(z.string()),
  bankAccountName: z.nullable(z.string()),
});
export type Company = z.infer<typeof companySchema>;

/** The Company page's fields as the inputs hold them. */
export interface CompanyFormValues {
  [field: string]: string;
  name: string;
  uen: string;
  cpfSubmissionNumber: string;
  address: string;
  bankName: string;
  bankAccountNo: string;
  bankAccountName: string;
}

export const companyFormValues = (company: Company): CompanyFormValues => ({
  name: company.name,
  uen: company.uen ?? '',
  cpfSubmissionNumber: company.cpfSubmissionNumber ?? '',
  address: company.address ?? '',
  bankName: company.bankName ?? '',
  bankAccountNo: company.bankAccountNo ?? '',
  bankAccountName: company.bankAccountName ?? '',
});
