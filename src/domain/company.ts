import * as z from 'zod/mini';
import { DEFAULT_CLAIM_WINDOW_DAYS } from './claims';
import { BANK_NAMES } from './enums';

import { freeText, text } from './fields';

/**
 * Issue 37: the claim window's range. An expense more than a year old is for the accounts, not a
 * claim; a leap year's 366 days keep "a year" whole.
 */
export const CLAIM_WINDOW_MIN_DAYS = 1;
export const CLAIM_WINDOW_MAX_DAYS = 366;
export const CLAIM_WINDOW_MESSAGE = `Claim window must be a whole number of days from ${CLAIM_WINDOW_MIN_DAYS} to ${CLAIM_WINDOW_MAX_DAYS}.`;
const isClaimWindow = (value: string) =>
  /^\d{1,3}$/.test(value) && Number(value) >= CLAIM_WINDOW_MIN_DAYS && Number(value) <= CLAIM_WINDOW_MAX_DAYS;

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
 * The employer's authorised person, who makes the IR8A's declaration (issue 32), with the widths of
 * IRAS's AIS header for the same fields (docs/statutory-files.md, IR8A).
 */
const AUTHORISED_PERSON_MAX = { name: 30, designation: 30, phone: 20, email: 60 } as const;
export const AUTHORISED_PHONE_MESSAGE =
  'Telephone number must contain digits, with spaces, +, - or brackets only.';
export const AUTHORISED_EMAIL_MESSAGE =
  "Please enter the authorised person's e-mail address, such as hr@example.com.";
const emailFormat = z.email();
const isPhone = (value: string) => value === '' || (/^[+\d\s()-]+$/.test(value) && /\d/.test(value));
const isEmail = (value: string) => value === '' || emailFormat.safeParse(value).success;

/** The authorised person's fields as text ('' for none), for the form and PUT /company alike. */
const authorisedPersonText = {
  authorisedPersonName: text(AUTHORISED_PERSON_MAX.name, { trim: true }),
  authorisedPersonDesignation: text(AUTHORISED_PERSON_MAX.designation, { trim: true }),
  authorisedPersonPhone: text(AUTHORISED_PERSON_MAX.phone, { trim: true }).check(
    z.refine(isPhone, AUTHORISED_PHONE_MESSAGE),
  ),
  authorisedPersonEmail: text(AUTHORISED_PERSON_MAX.email, { trim: true }).check(
    z.refine(isEmail, AUTHORISED_EMAIL_MESSAGE),
  ),
};
type AuthorisedPersonField = keyof typeof authorisedPersonText;
const AUTHORISED_PERSON_FIELDS = Object.keys(authorisedPersonText) as AuthorisedPersonField[];

/** The authorised person as stored: '' is none. */
const authorisedPersonOf = (value: Record<AuthorisedPersonField, string>) =>
  Object.fromEntries(AUTHORISED_PERSON_FIELDS.map((field) => [field, value[field] || null])) as Record<
    AuthorisedPersonField,
    string | null
  >;

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

/**
 * The company's accounts that salaries are paid from (issue 32): at most one per bank, since each
 * bank's salary file debits the company's account at that bank. POSB accounts are DBS accounts, so
 * DBS and POSB count as one bank. DBS IDEAL also needs the company's organisation ID (its UFF file's
 * header, docs/statutory-files.md), kept with the DBS account.
 */
export const BANK_NAME_MESSAGE = 'Bank name must be one of the listed banks.';
export const BANK_NAME_REQUIRED = 'Please choose the bank of this account.';
export const ORGANISATION_ID_MESSAGE =
  'Organisation ID must be 1 to 12 letters or digits, as DBS IDEAL shows it.';
/** DBS UFF H03 holds 12 characters (docs/statutory-files.md, section 3.2). */
export const ORGANISATION_ID_MAX = 12;
export const BANK_ACCOUNTS_MAX = BANK_NAMES.length;
/** How many account rows the Company form offers. */
export const COMPANY_FORM_ACCOUNT_ROWS = 4;

export type CompanyBankName = (typeof BANK_NAMES)[number];

export interface CompanyBankAccount {
  bankName: CompanyBankName;
  /** Not set yet: the bank's file is refused until it is. */
  accountNo: string | null;
  accountName: string | null;
  /** DBS IDEAL's organisation ID; the DBS file needs it. */
  organisationId: string | null;
}

/** The bank whose files an account serves: POSB accounts are DBS accounts. */
export const payingBankOf = (bankName: string): string => (bankName === 'POSB' ? 'DBS' : bankName);

export const duplicateBankMessage = (bankName: string) =>
  `There is already a ${payingBankOf(bankName)} account: keep one account per bank.`;

const isDigits = (value: string) => /^\d+$/.test(value);
const isOrganisationId = (value: string) => /^[A-Z0-9]{1,12}$/.test(value);
const codeOf = (value: string) => value.toUpperCase() || null;

/** The UEN's shape and the CSN made of it, for the form and the API alike. */
function checkIds(
  value: { uen: string; cpfSubmissionNumber: string },
  ctx: { addIssue: (issue: { code: 'custom'; path: PropertyKey[]; message: string }) => void },
) {
  const uen = codeOf(value.uen);
  if (uen !== null && !isUen(uen)) {
    ctx.addIssue({ code: 'custom', path: ['uen'], message: UEN_MESSAGE });
    return;
  }
  const csn = codeOf(value.cpfSubmissionNumber);
  if (csn !== null && (uen === null || !isCpfSubmissionNumberOf(csn, uen))) {
    ctx.addIssue({ code: 'custom', path: ['cpfSubmissionNumber'], message: CSN_MESSAGE });
  }
}

const idsOf = (value: { uen: string; cpfSubmissionNumber: string }) => {
  const uen = codeOf(value.uen);
  return {
    uen,
    cpfSubmissionNumber:
      codeOf(value.cpfSubmissionNumber) ?? (uen === null ? null : defaultCpfSubmissionNumber(uen)),
  };
};

/** One account as typed: text, '' for none. */
interface AccountText {
  bankName: string;
  accountNo: string;
  accountName: string;
  organisationId: string;
}

const isBlankAccount = (a: AccountText) =>
  a.bankName === '' && a.accountNo === '' && a.accountName === '' && a.organisationId === '';

/**
 * What is wrong with each account, by its field: a bank from the list, digits for the number, an
 * organisation ID's shape, and one account per bank. Blank rows are no account.
 */
function accountProblems(accounts: readonly AccountText[]) {
  const problems: Array<{ row: number; field: keyof AccountText; message: string }> = [];
  const seen = new Set<string>();
  accounts.forEach((account, row) => {
    if (isBlankAccount(account)) return;
    if (account.bankName === '') problems.push({ row, field: 'bankName', message: BANK_NAME_REQUIRED });
    else if (!(BANK_NAMES as readonly string[]).includes(account.bankName)) {
      problems.push({ row, field: 'bankName', message: BANK_NAME_MESSAGE });
    } else if (seen.has(payingBankOf(account.bankName))) {
      problems.push({ row, field: 'bankName', message: duplicateBankMessage(account.bankName) });
    } else seen.add(payingBankOf(account.bankName));
    if (account.accountNo !== '' && !isDigits(account.accountNo)) {
      problems.push({ row, field: 'accountNo', message: BANK_ACCOUNT_MESSAGE });
    }
    if (account.organisationId !== '' && !isOrganisationId(account.organisationId.toUpperCase())) {
      problems.push({ row, field: 'organisationId', message: ORGANISATION_ID_MESSAGE });
    }
  });
  return problems;
}

const toAccounts = (accounts: readonly AccountText[]): CompanyBankAccount[] =>
  accounts
    .filter((account) => !isBlankAccount(account))
    .map((account) => ({
      bankName: account.bankName as CompanyBankName,
      accountNo: account.accountNo || null,
      accountName: account.accountName || null,
      organisationId: codeOf(account.organisationId),
    }));

// ---------------------------------------------------------------------------------------------
// The Company form: flat text fields, the accounts as numbered rows
// ---------------------------------------------------------------------------------------------

/** A switch's value as the form holds it (its fields are text). */
const SWITCH_VALUES = ['yes', 'no'] as const;

/** The form's field names of account row `row` (0-based): the first row keeps the names of old. */
export const accountFieldNames = (row: number) => {
  const suffix = row === 0 ? '' : String(row + 1);
  return {
    bankName: `bankName${suffix}`,
    accountNo: `bankAccountNo${suffix}`,
    accountName: `bankAccountName${suffix}`,
    organisationId: `organisationId${suffix}`,
  } as const;
};
const ACCOUNT_ROWS = Array.from({ length: COMPANY_FORM_ACCOUNT_ROWS }, (_, row) => row);

const rowFields = Object.fromEntries(
  ACCOUNT_ROWS.flatMap((row) => {
    const names = accountFieldNames(row);
    return [
      [names.bankName, z.string()],
      [names.accountNo, text(34, { trim: true })],
      [names.accountName, text(COMPANY_NAME_MAX, { trim: true })],
      [names.organisationId, text(ORGANISATION_ID_MAX, { trim: true })],
    ];
  }),
) as Record<string, z.ZodMiniString<string>>;

/** Every field as the form's inputs hold it: text, '' for none. */
const companyFormFields = z.object({
  name: text(COMPANY_NAME_MAX, { trim: true, required: COMPANY_NAME_REQUIRED, error: COMPANY_NAME_REQUIRED }),
  uen: text(10, { trim: true }),
  cpfSubmissionNumber: text(15, { trim: true }),
  address: freeText(COMPANY_ADDRESS_MAX, { trim: true }),
  ...authorisedPersonText,
  protectEmailedPayslips: z.enum(SWITCH_VALUES),
  requirePayRunApproval: z.enum(SWITCH_VALUES),
  claimWindowDays: text(10, {
    trim: true,
    required: CLAIM_WINDOW_MESSAGE,
    error: CLAIM_WINDOW_MESSAGE,
  }).check(z.refine(isClaimWindow, CLAIM_WINDOW_MESSAGE)),
  ...rowFields,
});
type CompanyFields = { name: string; uen: string; cpfSubmissionNumber: string; address: string } & Record<
  AuthorisedPersonField,
  string
> &
  Record<string, string>;

const rowsOf = (value: Record<string, string>): AccountText[] =>
  ACCOUNT_ROWS.map((row) => {
    const names = accountFieldNames(row);
    return {
      bankName: value[names.bankName] ?? '',
      accountNo: value[names.accountNo] ?? '',
      accountName: value[names.accountName] ?? '',
      organisationId: value[names.organisationId] ?? '',
    };
  });

/**
 * The form's values read into what is stored: '' is none, codes upper-cased, the CPF submission
 * number the UEN's primary CSN unless another is given (one is only accepted when it starts with the
 * UEN, as the CPF Board issues it), and the filled account rows as the company's accounts.
 */
export const companyFormSchema = z.pipe(
  companyFormFields.check(
    z.superRefine((value, ctx) => {
      checkIds(value, ctx);
      for (const problem of accountProblems(rowsOf(value as CompanyFields))) {
        const names = accountFieldNames(problem.row);
        ctx.addIssue({ code: 'custom', path: [names[problem.field]], message: problem.message });
      }
    }),
  ),
  z.transform((value) => {
    const fields = value as CompanyFields;
    return {
      name: fields.name,
      ...idsOf(fields),
      address: fields.address || null,
      ...authorisedPersonOf(fields),
      protectEmailedPayslips: fields.protectEmailedPayslips !== 'no',
      requirePayRunApproval: fields.requirePayRunApproval !== 'no',
      claimWindowDays: Number(fields.claimWindowDays) as number | undefined,
      bankAccounts: toAccounts(rowsOf(fields)),
    };
  }),
);
/** What PUT /company stores; without `protectEmailedPayslips` or `requirePayRunApproval` the stored setting stays. */
export type CompanyBody = z.output<typeof companyBodySchema>;

// ---------------------------------------------------------------------------------------------
// PUT /company's body
// ---------------------------------------------------------------------------------------------

/** null, absent and '' all mean "not set" in PUT /company's body. */
const orNone = (schema: z.ZodMiniType<string, string>) =>
  z.pipe(
    z.nullish(schema),
    z.transform((value: string | null | undefined) => value ?? ''),
  );
const optionalText = (max: number) => orNone(text(max, { trim: true }));

const bankAccountBody = z.object({
  bankName: text(40, { trim: true, error: BANK_NAME_REQUIRED }),
  accountNo: optionalText(34),
  accountName: optionalText(COMPANY_NAME_MAX),
  organisationId: optionalText(ORGANISATION_ID_MAX),
});

/**
 * PUT /company's body: the company's particulars and `bankAccounts`, the accounts salaries are paid
 * from. The single account of old (`bankName`, `bankAccountNo`, `bankAccountName`) is still taken:
 * sent without `bankAccounts`, it means a list of that one account.
 */
export const companyBodySchema = z.pipe(
  z
    .object({
      name: text(COMPANY_NAME_MAX, {
        trim: true,
        required: COMPANY_NAME_REQUIRED,
        error: COMPANY_NAME_REQUIRED,
      }),
      uen: optionalText(10),
      cpfSubmissionNumber: optionalText(15),
      address: z.pipe(
        z.nullish(freeText(COMPANY_ADDRESS_MAX, { trim: true })),
        z.transform((value: string | null | undefined) => value ?? ''),
      ),
      authorisedPersonName: orNone(authorisedPersonText.authorisedPersonName),
      authorisedPersonDesignation: orNone(authorisedPersonText.authorisedPersonDesignation),
      authorisedPersonPhone: orNone(authorisedPersonText.authorisedPersonPhone),
      authorisedPersonEmail: orNone(authorisedPersonText.authorisedPersonEmail),
      protectEmailedPayslips: z.optional(z.boolean()),
      requirePayRunApproval: z.optional(z.boolean()),
      /** Issue 37: days after an expense its claim may be filed; absent, the stored setting stays. */
      claimWindowDays: z.optional(
        z
          .number()
          .check(
            z.int(CLAIM_WINDOW_MESSAGE),
            z.minimum(CLAIM_WINDOW_MIN_DAYS, CLAIM_WINDOW_MESSAGE),
            z.maximum(CLAIM_WINDOW_MAX_DAYS, CLAIM_WINDOW_MESSAGE),
          ),
      ),
      bankName: optionalText(40),
      bankAccountNo: optionalText(34),
      bankAccountName: optionalText(COMPANY_NAME_MAX),
      bankAccounts: z.nullish(
        z
          .array(bankAccountBody)
          .check(z.maxLength(BANK_ACCOUNTS_MAX, `must hold at most ${BANK_ACCOUNTS_MAX} accounts`)),
      ),
    })
    .check(
      z.superRefine((value, ctx) => {
        checkIds(value, ctx);
        if (value.bankAccounts) {
          for (const problem of accountProblems(value.bankAccounts)) {
            ctx.addIssue({
              code: 'custom',
              path: ['bankAccounts', problem.row, problem.field],
              message: problem.message,
            });
          }
          return;
        }
        const legacy = {
          bankName: value.bankName,
          accountNo: value.bankAccountNo,
          accountName: value.bankAccountName,
          organisationId: '',
        };
        const legacyFields = {
          bankName: 'bankName',
          accountNo: 'bankAccountNo',
          accountName: 'bankAccountName',
          organisationId: 'bankName',
        } as const;
        for (const problem of accountProblems([legacy])) {
          ctx.addIssue({ code: 'custom', path: [legacyFields[problem.field]], message: problem.message });
        }
      }),
    ),
  z.transform((value) => ({
    name: value.name,
    ...idsOf(value),
    address: value.address || null,
    ...authorisedPersonOf(value),
    protectEmailedPayslips: value.protectEmailedPayslips,
    requirePayRunApproval: value.requirePayRunApproval,
    claimWindowDays: value.claimWindowDays,
    bankAccounts: toAccounts(
      value.bankAccounts ?? [
        {
          bankName: value.bankName,
          accountNo: value.bankAccountNo,
          accountName: value.bankAccountName,
          organisationId: '',
        },
      ],
    ),
  })),
);

export const companyBankAccountSchema = z.object({
  bankName: z.enum(BANK_NAMES),
  accountNo: z.nullable(z.string()),
  accountName: z.nullable(z.string()),
  organisationId: z.nullable(z.string()),
});

/**
 * GET /company: the particulars and every account; `bankName`, `bankAccountNo` and `bankAccountName`
 * show the first account, as they did when the company had one.
 */
export const companySchema = z.object({
  name: z.string(),
  uen: z.nullable(z.string()),
  cpfSubmissionNumber: z.nullable(z.string()),
  address: z.nullable(z.string()),
  authorisedPersonName: z.nullable(z.string()),
  authorisedPersonDesignation: z.nullable(z.string()),
  authorisedPersonPhone: z.nullable(z.string()),
  authorisedPersonEmail: z.nullable(z.string()),
  /**
   * PDPA (issue 34): each e-mailed payslip PDF opens only with a password made of the person's NRIC/FIN
   * and date of birth (payroll/payslip-password.ts); downloads in the app are not protected.
   */
  protectEmailedPayslips: z.boolean(),
  /**
   * Issue 39: a second administrator approves each month's pay run before its files, e-mails and staff's
   * payslips are released. Takes effect only while the company has two or more administrators.
   */
  requirePayRunApproval: z.boolean(),
  /** Issue 37: a claim may be filed up to this many days after its expense. */
  claimWindowDays: z.number().check(z.int()),
  bankName: z.nullable(z.enum(BANK_NAMES)),
  bankAccountNo: z.nullable(z.string()),
  bankAccountName: z.nullable(z.string()),
  bankAccounts: z.array(companyBankAccountSchema),
});
export type Company = z.infer<typeof companySchema>;

/**
 * How the server delivers e-mail: through an SMTP server (its host only, never its credentials) or,
 * with no SMTP_URL, into the outbox table and the log (issue 34, item 2).
 */
export const mailDeliverySchema = z.object({
  mode: z.enum(['SMTP', 'OUTBOX']),
  host: z.optional(z.string()),
});
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

/** GET and PUT /company's answer (ADMIN): the particulars and how mail is delivered. */
export const companyPageSchema = z.extend(companySchema, { mailDelivery: mailDeliverySchema });
export type CompanyPage = z.infer<typeof companyPageSchema>;

/** The Company page's line on how mail is delivered. */
export const mailDeliveryText = (delivery: MailDelivery) =>
  delivery.mode === 'SMTP'
    ? `E-mail is sent through ${delivery.host ?? 'the SMTP server'}.`
    : 'E-mail is not set up: messages are kept in the outbox.';
/** What the company row holds, beside its accounts. */
export type CompanyParticulars = Omit<
  Company,
  'bankName' | 'bankAccountNo' | 'bankAccountName' | 'bankAccounts'
>;

/** The company's answer from what is stored: the accounts, the first of them in the fields of old. */
export function companyWithAccounts(
  particulars: CompanyParticulars,
  bankAccounts: CompanyBankAccount[],
): Company {
  const first = bankAccounts[0];
  return {
    ...particulars,
    bankName: first?.bankName ?? null,
    bankAccountNo: first?.accountNo ?? null,
    bankAccountName: first?.accountName ?? null,
    bankAccounts,
  };
}

/** The account a bank's salary file debits: the company's account at that bank (POSB counts as DBS). */
export const payingAccountOf = (company: Pick<Company, 'bankAccounts'>, bank: string) =>
  company.bankAccounts.find((account) => payingBankOf(account.bankName) === payingBankOf(bank)) ?? null;

/** The Company page's fields as the inputs hold them. */
export type CompanyFormValues = Record<string, string> & {
  name: string;
  uen: string;
  cpfSubmissionNumber: string;
  address: string;
  protectEmailedPayslips: string;
  requirePayRunApproval: string;
  claimWindowDays: string;
} & Record<AuthorisedPersonField, string>;

/** The account rows a company's form starts from: the stored accounts (older answers: the one account). */
function storedAccounts(company: Partial<Company>): CompanyBankAccount[] {
  if (company.bankAccounts) return company.bankAccounts;
  if (!company.bankName && !company.bankAccountNo) return [];
  return [
    {
      bankName: (company.bankName ?? '') as CompanyBankName,
      accountNo: company.bankAccountNo ?? null,
      accountName: company.bankAccountName ?? null,
      organisationId: null,
    },
  ];
}

export const emptyCompanyFormValues = (): CompanyFormValues => companyFormValues({ name: '' });

export function companyFormValues(company: Partial<Company> & { name: string }): CompanyFormValues {
  const accounts = storedAccounts(company);
  const values: CompanyFormValues = {
    name: company.name,
    uen: company.uen ?? '',
    cpfSubmissionNumber: company.cpfSubmissionNumber ?? '',
    address: company.address ?? '',
    authorisedPersonName: company.authorisedPersonName ?? '',
    authorisedPersonDesignation: company.authorisedPersonDesignation ?? '',
    authorisedPersonPhone: company.authorisedPersonPhone ?? '',
    authorisedPersonEmail: company.authorisedPersonEmail ?? '',
    protectEmailedPayslips: company.protectEmailedPayslips === false ? 'no' : 'yes',
    requirePayRunApproval: company.requirePayRunApproval === false ? 'no' : 'yes',
    claimWindowDays: String(company.claimWindowDays ?? DEFAULT_CLAIM_WINDOW_DAYS),
  };
  for (const row of ACCOUNT_ROWS) {
    const names = accountFieldNames(row);
    const account = accounts[row];
    values[names.bankName] = account?.bankName ?? '';
    values[names.accountNo] = account?.accountNo ?? '';
    values[names.accountName] = account?.accountName ?? '';
    values[names.organisationId] = account?.organisationId ?? '';
  }
  return values;
}
