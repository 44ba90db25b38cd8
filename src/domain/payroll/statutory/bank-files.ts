import { csvLine } from '../../csv';
import { MONTH_NAMES } from '../../payslip-labels';
import { SALARY_FILE_BANK_CODES } from '../../submissions';
import { PayrollInputError } from '../errors';
import { assertPeriod } from '../period';
import { type BankName, RECEIVING_BANKS, receivingBank } from './banks';
import { StatutoryFileError } from './errors';
import {
  collapseSpaces,
  fitsDigits,
  fixedRecord,
  joinRecords,
  numberField,
  quoteCharacters,
  textField,
} from './fixed-width';
import { toFileAlphabet } from './names';

/*
 * Bulk salary (GIRO) files for the company's bank. Sources: shared/payroll/statutory-files.md
 * section 4. UOB follows the bank's own v4.8 specification; the DBS and OCBC layouts come from
 * one unidentified repository's generators and are weak evidence (see the *_CHOICES constants).
 */

/** The banks whose salary files are made (the list the Submissions screen offers). */
export const SALARY_FILE_BANKS = SALARY_FILE_BANK_CODES;
export type SalaryFileBank = (typeof SALARY_FILE_BANKS)[number];

export interface SalaryPayment {
  userId: number;
  name: string;
  bankName: BankName | null;
  /** The stored bank code, if any: picks between a bank's two clearing codes (see banks.ts). */
  bankCode?: string | null;
  branchCode: string | null;
  accountNo: string | null;
  amountCents: number;
}

export interface SalaryFileInput {
  bank: SalaryFileBank;
  /** The company's account at the file's bank (DBS: with its IDEAL organisation ID). */
  originator: {
    name: string;
    bankName: string | null;
    accountNo: string | null;
    organisationId?: string | null;
  };
  /** The pay month (references say e.g. 'SALARY NOV 2026'). */
  year: number;
  month: number;
  /** YYYY-MM-DD, already checked by the caller. */
  valueDate: string;
  createdAt: { date: string; time: string };
  /** 1..99, the NN of the UOB file name. */
  sequence: number;
  payments: readonly SalaryPayment[];
}

export interface SalaryFile {
  fileName: string;
  content: string;
  mediaType: string;
  count: number;
  totalCents: number;
  /** UOB only: the Appendix 4 hash total written in the trailer. */
  hashTotal?: number;
}

/**
 * UOB Bulk FAST/GIRO v4.8 (official, O12). Most values are the specification's own; the ones we
 * picked where it leaves a choice are marked "choice".
 */
export const UOB_CHOICES = {
  /** Payroll (field 3); the hash's Payment Code for R is 22. */
  paymentType: 'R',
  /** GIRO Normal: NORMAL + B. Choice: GIRO rather than FAST, so no SGD 200,000 cap and a batch value date. */
  serviceType: 'NORMAL',
  processingMode: 'B',
  /** O12: payroll uses the file without payment advice (615-character records, UGBI file names). */
  recordLength: 615,
  fileNamePrefix: 'UGBI',
  purposeCode: 'SALA',
  /** Choice: Company ID (field 6) is only mandatory for FTS/FileAct; the file is meant for UOB Infinity upload, so it is blank. */
  companyId: '',
  /** Choice: no software label, remittance information, ultimate names or per-line customer reference (all optional). */
  softwareLabel: '',
  /** Appendix 6 characters are replaced by UOB anyway; choice: we write a space in their place so the hash covers what is sent. */
  replacedCharacters: '[]{}|~*!&\'@#$%^_=<>\\"',
  /** Field 12: a value date at most 30 calendar days after the file's creation date. */
  maxValueDateDays: 30,
  /** O12: up to 99 files a day (the NN of the file name). */
  maxSequence: 99,
} as const;

/**
 * DBS IDEAL Universal File Format (UFF) CSV, version 1.9.3 as cited by C12. Weak: the field numbers
 * come from that unidentified repository; DBS's current v2.1 (inside IDEAL only) was not read. Every
 * value below is a choice on that basis.
 */
export const DBS_UFF_CHOICES = {
  /** D02 product type: BPY, Bulk Payment (GIRO); GPP is FAST and PPY PayNow GIRO (C12, citing UFF v1.9.3). */
  productType: 'BPY',
  /** D33: 22 = salary credit in GIRO (facts 4.1). */
  transactionCode: '22',
  /** D09: the company bears the charges, so the salary arrives whole. */
  bankCharges: 'OUR',
  /** H03: the company's IDEAL organisation ID, 12 characters at most; kept with its DBS account and required. */
  organisationIdLength: 12,
  /**
   * D18: the receiving bank's 4-digit clearing code (e.g. 7171), D19 its branch code. The cited field
   * list has no BIC field for BPY and no purpose-code field, so neither is written.
   */
  bankCodeField: 18,
  /** D11 holds 35 characters for BPY; longer names are cut (a GIRO credit is not refused on the name). */
  nameLength: 35,
  /** H04 sender name: 35 characters, cut likewise. */
  senderNameLength: 35,
  /** D05 customer reference: at most 16 for BPY; we write SALyyyymm-<userId> (D34 particulars: SALARY NOV 2026). */
  customerReferenceLength: 16,
  /** Commas and double quotes would break the CSV: written as spaces (besides UOB's Appendix 6 set). */
  csvReplacedCharacters: ',"',
  /** D28 is 9(9).9(2); D28 and T03 are written without leading zeros (the source's example is 1234.56), T02 as 8 digits. */
  maxAmountCents: 99_999_999_999,
} as const;

/**
 * OCBC "GIRO/FAST WITH INV" v1.5 (With PayNow), the GIROFASTWITHINV format Velocity@OCBC uploads.
 * The header's fields are read in a copy of OCBC's specification (O13 in docs/statutory-files.md:
 * a document-hosting copy, not OCBC's own site); the detail record's positions past the account
 * (12-45) come from one unidentified repository citing the same document (C12) and stay weak.
 */
export const OCBC_CHOICES = {
  /** Header 1-2: Payment(10), Collection(20), Payroll(30), Management Payroll(40) (O13): payroll. */
  transactionType: '30',
  /** Header 202-205, "Charge Bearer": O13 says Blanks. */
  chargeBearer: '',
  /** Header 206-209: 'GIRO' or 'FAST', anything else fails the upload (O13). */
  clearing: 'GIRO',
  /** Header 234-237, "Value Time": only applicable for FAST (O13); blank for GIRO. */
  valueTime: '',
  /** Header 238, "Batch Booking": O13 says Blank. */
  batchBooking: '',
  purposeCode: 'SALA',
  /** No trailer record: neither O13's header and detail tables nor C12's generator have one. */
  trailer: false,
  recordLength: 1000,
} as const;

/** JAN ... DEC, as the references write the month. */
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3).toUpperCase());
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}$/;

const dollars = (cents: number): string =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Cents as a decimal amount without float arithmetic: 123456 -> "1234.56". */
const decimalAmount = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** YYYY-MM-DD -> DDMMYYYY. */
const ddmmyyyy = (iso: string): string => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

const dayNumber = (iso: string): number =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;

/**
 * A name as the bank files carry it: in the files' alphabet (names.ts: José -> Jose, Strauß ->
 * Strauss), the listed characters written as spaces, white space collapsed. A character with no Latin
 * spelling is reported in `refused`, not guessed.
 */
function bankText(value: string, replaced: string): { text: string; refused: string[] } {
  const { text: latin, refused } = toFileAlphabet(value);
  let out = '';
  for (const char of latin) out += replaced.includes(char) ? ' ' : char;
  return { text: collapseSpaces(out), refused };
}

/** The company's DBS IDEAL organisation ID as H03 takes it: upper-cased, '' when none is stored. */
const organisationIdOf = (input: SalaryFileInput): string =>
  (input.originator.organisationId ?? '').trim().toUpperCase();

const replacedFor = (bank: SalaryFileBank): string =>
  bank === 'DBS'
    ? UOB_CHOICES.replacedCharacters + DBS_UFF_CHOICES.csvReplacedCharacters
    : UOB_CHOICES.replacedCharacters;

// ---------------------------------------------------------------------------------------------
// UOB Appendix 4 hash
// ---------------------------------------------------------------------------------------------

/** Appendix 4 of UOB v4.8, exported so tests can check the worked example. */
export function uobFieldCheckSum(field: string): number {
  let sum = 0;
  for (let column = 1; column <= field.length; column += 1) {
    sum += column * field.charCodeAt(column - 1);
  }
  return sum;
}

export interface UobHashHeader {
  originatingBic: string;
  originatingAccount: string;
  originatingName: string;
  paymentType: 'P' | 'R' | 'C';
}

export interface UobHashDetail {
  receivingBic: string;
  receivingAccount: string;
  receivingName: string;
  currency: string;
  amountCents: number;
  purposeCode: string;
}

const UOB_PAYMENT_CODES = { P: 20, R: 22, C: 30 } as const;

/**
 * The trailer's hash total (UOB v4.8 Appendix 4). Each field is summed as written in the file,
 * padded to its full width: the trailing spaces count (the spec's 1013320075 gives 20,076 only so).
 */
export function uobHashTotal(
  header: UobHashHeader,
  details: readonly UobHashDetail[],
): { total1: number; sums: number[]; hash: number } {
  const total1 =
    uobFieldCheckSum(textField(header.originatingBic, 11)) +
    uobFieldCheckSum(textField(header.originatingAccount, 34)) +
    uobFieldCheckSum(textField(header.originatingName, 140));
  const paymentCode = UOB_PAYMENT_CODES[header.paymentType];
  let hashCode = 0;
  const sums = details.map((detail) => {
    hashCode = hashCode === 9 ? 1 : hashCode + 1;
    return (
      uobFieldCheckSum(textField(detail.receivingBic, 11)) +
      uobFieldCheckSum(textField(detail.receivingAccount, 34)) * hashCode +
      uobFieldCheckSum(textField(detail.receivingName, 140)) * hashCode +
      uobFieldCheckSum(textField(detail.currency, 3)) +
      uobFieldCheckSum(numberField(detail.amountCents, 18, 'Amount')) +
      uobFieldCheckSum(textField(detail.purposeCode, 4)) +
      paymentCode * hashCode
    );
  });
  return { total1, sums, hash: total1 + sums.reduce((sum, value) => sum + value, 0) };
}

// ---------------------------------------------------------------------------------------------
// Checking the input
// ---------------------------------------------------------------------------------------------

interface Line {
  userId: number;
  name: string;
  account: string;
  bankCode: string;
  bic: string;
  branchCode: string;
  amountCents: number;
}

interface Checked {
  problems: string[];
  lines: Line[];
  originatorName: string;
  originatorAccount: string;
  totalCents: number;
}

function check(input: SalaryFileInput): Checked {
  if (!SALARY_FILE_BANKS.includes(input.bank)) {
    throw new PayrollInputError(
      `bank must be one of ${SALARY_FILE_BANKS.join(', ')}, got ${String(input.bank)}`,
    );
  }
  assertPeriod(input.year, input.month);
  if (!ISO_DATE.test(input.valueDate ?? '')) throw new PayrollInputError('valueDate must be YYYY-MM-DD');
  if (!ISO_DATE.test(input.createdAt?.date ?? '') || !TIME.test(input.createdAt?.time ?? '')) {
    throw new PayrollInputError('createdAt must be { date: YYYY-MM-DD, time: HH:MM:SS }');
  }
  const bank = input.bank;
  const replaced = replacedFor(bank);
  const problems: string[] = [];

  // The company's side.
  const { text: originatorName, refused: companyRefused } = bankText(input.originator.name ?? '', replaced);
  if (companyRefused.length > 0) {
    problems.push(
      `The company's name contains ${quoteCharacters(companyRefused)}, which bank files cannot carry; enter it in Latin letters.`,
    );
  } else if (originatorName === '') {
    problems.push("The company's name is missing; enter it in the company's settings.");
  } else if (bank === 'UOB' && originatorName.length > 140) {
    problems.push("The company's name is longer than the 140 characters UOB's file holds.");
  }
  const originatorAccount = (input.originator.accountNo ?? '').replace(/[\s-]/g, '');
  // The file debits the company's account at the file's bank (POSB accounts are DBS accounts).
  const originatorBank = input.originator.bankName === 'POSB' ? 'DBS' : input.originator.bankName;
  if (originatorBank !== bank) {
    problems.push(
      `The company's account ${input.originator.accountNo ?? ''} is at ${input.originator.bankName ?? 'no bank'}, not ${bank}: a ${bank} salary file must debit the company's ${bank} account.`.replace(
        '  ',
        ' ',
      ),
    );
  } else if (originatorAccount === '') {
    problems.push(`The company's ${bank} account number is missing; enter it in the company's settings.`);
  } else if (!/^\d+$/.test(originatorAccount)) {
    problems.push(`The company's account number ${input.originator.accountNo} must contain digits only.`);
  } else if (bank === 'UOB' && originatorAccount.length !== 10) {
    problems.push(
      `The company's UOB account number ${originatorAccount} must have 10 digits (UOB's file takes the 10-digit account number).`,
    );
  } else if (originatorAccount.length > 34) {
    problems.push(`The company's account number ${originatorAccount} is longer than 34 digits.`);
  }

  if (bank === 'DBS') {
    const organisationId = organisationIdOf(input);
    if (organisationId === '') {
      problems.push(
        "The company's DBS account has no DBS IDEAL organisation ID, which the DBS file's header needs; enter it with the DBS account on the Company page.",
      );
    } else if (
      !/^[A-Z0-9]+$/.test(organisationId) ||
      organisationId.length > DBS_UFF_CHOICES.organisationIdLength
    ) {
      problems.push(
        `The company's DBS IDEAL organisation ID ${organisationId} must be at most 12 letters or digits.`,
      );
    }
  }

  // The file's own limits.
  if (!Number.isInteger(input.sequence) || input.sequence < 1 || input.sequence > UOB_CHOICES.maxSequence) {
    problems.push(
      `The file's sequence number ${String(input.sequence)} must be from 1 to 99 (the bank takes at most 99 salary files a day).`,
    );
  }
  if (bank === 'UOB') {
    const days = dayNumber(input.valueDate) - dayNumber(input.createdAt.date);
    if (days < 0) {
      problems.push(
        `The value date ${input.valueDate} is before the file's creation date ${input.createdAt.date}.`,
      );
    } else if (days > UOB_CHOICES.maxValueDateDays) {
      problems.push(
        `The value date ${input.valueDate} is more than 30 days after the file's creation date ${input.createdAt.date}; UOB accepts at most 30.`,
      );
    }
  }
  if (input.payments.length === 0) problems.push('There is no salary payment to put in the file.');

  // The employees' side.
  const lines: Line[] = [];
  for (const payment of input.payments) {
    if (typeof payment.amountCents !== 'number' || !Number.isSafeInteger(payment.amountCents)) {
      throw new PayrollInputError(
        `payments[userId ${payment.userId}].amountCents must be a whole number of cents, got ${String(payment.amountCents)}`,
      );
    }
    const stored = collapseSpaces(payment.name ?? '');
    const label = stored || `Employee #${payment.userId}`;
    const before = problems.length;

    const written = bankText(stored, replaced);
    let name = written.text;
    if (stored === '') {
      problems.push(`Employee #${payment.userId} has no name; the bank needs the account holder's name.`);
    } else if (written.refused.length > 0) {
      problems.push(
        `${label}: the name contains ${quoteCharacters(written.refused)}, which bank files cannot carry; enter the name in Latin letters.`,
      );
    } else if (name === '') {
      problems.push(
        `${label}: nothing of the name is left once the characters banks refuse are removed; enter the account holder's name in the staff record.`,
      );
    } else if (bank === 'DBS') {
      name = name.slice(0, DBS_UFF_CHOICES.nameLength).trimEnd();
    } else if (name.length > 140) {
      problems.push(
        `${label}: the name is longer than the 140 characters the ${bank} file holds; shorten it.`,
      );
    }

    if (payment.amountCents <= 0) {
      problems.push(
        `${label}: the amount to pay is ${dollars(payment.amountCents)}, and a bank transfer must be more than $0.00; correct the payslip or leave them out of the file.`,
      );
    }

    let account = (payment.accountNo ?? '').replace(/[\s-]/g, '');
    const branchCode = (payment.branchCode ?? '').trim();
    const known = payment.bankName !== null && Object.hasOwn(RECEIVING_BANKS, payment.bankName);
    const target = known && payment.bankName ? receivingBank(payment.bankName, payment.bankCode) : null;
    if (!known || !payment.bankName) {
      problems.push(`${label}: no bank is stored; add the bank in the employee's payment information.`);
    } else if (!target) {
      const bankEntry = RECEIVING_BANKS[payment.bankName];
      const codes = [bankEntry.bankCode, bankEntry.alternative?.bankCode].filter(Boolean).join(' or ');
      problems.push(
        `${label}: the stored bank code ${String(payment.bankCode)} is not ${payment.bankName}'s (${codes}); correct the payment information.`,
      );
    }
    if (account === '') {
      problems.push(
        `${label}: no bank account number is stored; add it in the employee's payment information.`,
      );
    } else if (!/^\d+$/.test(account)) {
      problems.push(`${label}: the account number ${payment.accountNo} must contain digits only.`);
    } else if (bank === 'UOB' && target?.branchPrefixInUob) {
      // O12: OCBC and HSBC accounts go with their 3-digit branch code in front. Choice: an account that
      // already starts with the stored branch code is taken as prefixed.
      if (!/^\d{3}$/.test(branchCode)) {
        problems.push(
          branchCode === ''
            ? `${label}: UOB needs the 3-digit ${payment.bankName} branch code in front of the account number, and none is stored; add it in the payment information.`
            : `${label}: the branch code ${branchCode} must be 3 digits for UOB to put it in front of the ${payment.bankName} account number.`,
        );
      } else if (!account.startsWith(branchCode)) {
        account = branchCode + account;
      }
    }
    if (account.length > 34) {
      problems.push(`${label}: the account number ${account} is longer than the 34 digits bank files hold.`);
    }

    const amountFits =
      bank === 'UOB'
        ? fitsDigits(payment.amountCents, 18)
        : bank === 'OCBC'
          ? fitsDigits(payment.amountCents, 17)
          : payment.amountCents <= DBS_UFF_CHOICES.maxAmountCents;
    if (payment.amountCents > 0 && !amountFits) {
      problems.push(
        `${label}: the amount ${dollars(payment.amountCents)} is too large for the ${bank} file.`,
      );
    }
    if (
      bank === 'DBS' &&
      customerReference(input, payment.userId).length > DBS_UFF_CHOICES.customerReferenceLength
    ) {
      problems.push(`${label}: the payment reference is longer than the 16 characters DBS takes.`);
    }

    if (problems.length === before && target) {
      lines.push({
        userId: payment.userId,
        name,
        account,
        bankCode: target.bankCode,
        bic: target.bic,
        branchCode: /^\d{3}$/.test(branchCode) ? branchCode : '',
        amountCents: payment.amountCents,
      });
    }
  }

  const totalCents = input.payments.reduce((sum, payment) => sum + Math.max(0, payment.amountCents), 0);
  const totalFits =
    bank === 'DBS'
      ? fitsDigits(totalCents, 20) && fitsDigits(lines.length, 8)
      : fitsDigits(totalCents, 18) && fitsDigits(lines.length, 7);
  if (!totalFits) {
    problems.push(
      `The total of ${dollars(totalCents)} is too large for one ${bank} file; split the payments.`,
    );
  }
  return { problems, lines, originatorName, originatorAccount, totalCents };
}

const monthTag = (input: SalaryFileInput) => `${input.year}${String(input.month).padStart(2, '0')}`;
/** E.g. SAL202611-42: the reference of one employee's payment. */
const endToEndId = (input: SalaryFileInput, userId: number) => `SAL${monthTag(input)}-${userId}`;
const customerReference = endToEndId;
/** E.g. "SALARY NOV2026" (UOB's bulk reference, 16 characters at most). */
const bulkReference = (input: SalaryFileInput) => `SALARY ${MONTHS[input.month - 1]}${input.year}`;
/** E.g. "SALARY NOV 2026". */
const particulars = (input: SalaryFileInput) => `SALARY ${MONTHS[input.month - 1]} ${input.year}`;
const sequenceSuffix = (input: SalaryFileInput) =>
  input.sequence > 1 ? `-${String(input.sequence).padStart(2, '0')}` : '';

/** Problems that would stop the file, each a sentence naming the employee where one is at fault. */
export function salaryFileProblems(input: SalaryFileInput): string[] {
  return check(input).problems;
}

export function salaryFile(input: SalaryFileInput): SalaryFile {
  const checked = check(input);
  if (checked.problems.length > 0) throw new StatutoryFileError(checked.problems);
  if (input.bank === 'UOB') return uobFile(input, checked);
  if (input.bank === 'DBS') return dbsFile(input, checked);
  return ocbcFile(input, checked);
}

// ---------------------------------------------------------------------------------------------
// UOB: Bulk FAST/GIRO v4.8 without payment advice
// ---------------------------------------------------------------------------------------------

function uobFile(input: SalaryFileInput, checked: Checked): SalaryFile {
  const { lines, originatorAccount, originatorName, totalCents } = checked;
  const length = UOB_CHOICES.recordLength;
  const fileStem = `${UOB_CHOICES.fileNamePrefix}${input.createdAt.date.slice(8, 10)}${input.createdAt.date.slice(5, 7)}${String(input.sequence).padStart(2, '0')}`;
  const originatingBic = RECEIVING_BANKS.UOB.bic;

  const header = fixedRecord(length, [
    '1',
    textField(fileStem, 10),
    UOB_CHOICES.paymentType,
    textField(UOB_CHOICES.serviceType, 10),
    UOB_CHOICES.processingMode,
    textField(UOB_CHOICES.companyId, 12),
    textField(originatingBic, 11),
    'SGD',
    textField(originatorAccount, 34),
    textField(originatorName, 140),
    input.createdAt.date.replaceAll('-', ''),
    input.valueDate.replaceAll('-', ''),
    ' '.repeat(140), // ultimate originating customer
    textField(bulkReference(input), 16),
    textField(UOB_CHOICES.softwareLabel, 10),
    ' '.repeat(210),
  ]);
  const details = lines.map((line) =>
    fixedRecord(length, [
      '2',
      textField(line.bic, 11),
      textField(line.account, 34),
      textField(line.name, 140),
      'SGD',
      numberField(line.amountCents, 18, 'Amount'),
      textField(endToEndId(input, line.userId), 35),
      ' '.repeat(35), // mandate ID: collections only
      UOB_CHOICES.purposeCode,
      ' '.repeat(140), // remittance information
      ' '.repeat(140), // ultimate payer/beneficiary
      ' '.repeat(16), // customer reference
      ' '.repeat(38),
    ]),
  );
  const { hash } = uobHashTotal(
    {
      originatingBic,
      originatingAccount: originatorAccount,
      originatingName: originatorName,
      paymentType: UOB_CHOICES.paymentType,
    },
    lines.map((line) => ({
      receivingBic: line.bic,
      receivingAccount: line.account,
      receivingName: line.name,
      currency: 'SGD',
      amountCents: line.amountCents,
      purposeCode: UOB_CHOICES.purposeCode,
    })),
  );
  const trailer = fixedRecord(length, [
    '9',
    numberField(totalCents, 18, 'Total amount'),
    numberField(lines.length, 7, 'Number of transactions'),
    numberField(hash, 16, 'Hash total'),
    ' '.repeat(573),
  ]);
  return {
    fileName: `${fileStem}.txt`,
    content: joinRecords([header, ...details, trailer]),
    mediaType: 'text/plain',
    count: lines.length,
    totalCents,
    hashTotal: hash,
  };
}

// ---------------------------------------------------------------------------------------------
// DBS: IDEAL UFF (CSV)
// ---------------------------------------------------------------------------------------------

function dbsFile(input: SalaryFileInput, checked: Checked): SalaryFile {
  const { lines, originatorAccount, originatorName, totalCents } = checked;
  const header = [
    'HEADER',
    ddmmyyyy(input.createdAt.date),
    organisationIdOf(input),
    originatorName.slice(0, DBS_UFF_CHOICES.senderNameLength).trimEnd(),
  ];
  const payments = lines.map((line) => {
    // D01..D34 by position; the fields we do not use stay empty, and nothing follows D34.
    const fields = new Array<string>(34).fill('');
    fields[0] = 'PAYMENT';
    fields[1] = DBS_UFF_CHOICES.productType;
    fields[2] = originatorAccount;
    fields[3] = 'SGD';
    fields[4] = customerReference(input, line.userId);
    fields[5] = 'SGD';
    fields[6] = String(input.sequence).padStart(5, '0');
    fields[7] = ddmmyyyy(input.valueDate);
    fields[8] = DBS_UFF_CHOICES.bankCharges;
    fields[10] = line.name;
    fields[15] = line.account;
    fields[17] = line.bankCode;
    fields[18] = line.branchCode;
    fields[27] = decimalAmount(line.amountCents);
    fields[32] = DBS_UFF_CHOICES.transactionCode;
    fields[33] = particulars(input);
    return fields;
  });
  const trailer = ['TRAILER', numberField(lines.length, 8, 'Total transactions'), decimalAmount(totalCents)];
  return {
    fileName: `DBS-UFF-SALARY-${monthTag(input)}${sequenceSuffix(input)}.csv`,
    // Every cell through the shared CSV rule: a name such as "-SUM(A1) Tan" cannot run as a formula.
    content: joinRecords([header, ...payments, trailer].map(csvLine)),
    mediaType: 'text/csv',
    count: lines.length,
    totalCents,
  };
}

// ---------------------------------------------------------------------------------------------
// OCBC: GIRO/FAST WITH INV v1.5, fixed width (1,000 characters, no trailer)
// ---------------------------------------------------------------------------------------------

function ocbcFile(input: SalaryFileInput, checked: Checked): SalaryFile {
  const { lines, originatorAccount, totalCents } = checked;
  const length = OCBC_CHOICES.recordLength;
  const header = fixedRecord(length, [
    OCBC_CHOICES.transactionType,
    numberField(input.sequence, 3, 'Batch number'),
    // Submission date: YYYYMMDD (O13), unlike the value date below.
    input.createdAt.date.replaceAll('-', ''),
    RECEIVING_BANKS.OCBC.bic,
    textField(originatorAccount, 34),
    ' '.repeat(3),
    ' '.repeat(20), // on behalf of
    ' '.repeat(120),
    textField(OCBC_CHOICES.chargeBearer, 4),
    OCBC_CHOICES.clearing,
    textField(bulkReference(input), 16),
    ddmmyyyy(input.valueDate),
    textField(OCBC_CHOICES.valueTime, 4),
    textField(OCBC_CHOICES.batchBooking, 1),
    ' '.repeat(762),
  ]);
  const details = lines.map((line) =>
    fixedRecord(length, [
      textField(line.bic, 11),
      textField(line.account, 34),
      textField(line.name, 140),
      'SGD',
      numberField(line.amountCents, 17, 'Amount'),
      textField(particulars(input), 35),
      OCBC_CHOICES.purposeCode,
      textField(endToEndId(input, line.userId), 35),
      ' '.repeat(140), // ultimate creditor
      ' '.repeat(140), // ultimate debtor
      ' ', // send remittance via: none
      ' '.repeat(255),
      ' '.repeat(12), // PayNow proxy type
      ' '.repeat(140), // PayNow proxy value
      ' '.repeat(33),
    ]),
  );
  return {
    fileName: `OCBC-GIRO-SALARY-${monthTag(input)}${sequenceSuffix(input)}.txt`,
    content: joinRecords([header, ...details]),
    mediaType: 'text/plain',
    count: lines.length,
    totalCents,
  };
}
