import { isValidNric } from '../../nric';
import { MONTH_NAMES } from '../../payslip-labels';
import type { SelfHelpGroupFund } from '../enums';
import { PayrollError, PayrollInputError } from '../errors';
import { assertPeriod } from '../period';
import { sdlPayableCents } from '../sdl';
import { StatutoryFileError } from './errors';
import {
  CRLF,
  collapseSpaces,
  fitsDigits,
  fixedRecord,
  forbiddenCharacters,
  joinRecords,
  nonAsciiCharacters,
  numberField,
  quoteCharacters,
  textField,
} from './fixed-width';
import { CPF_FORBIDDEN_CHARACTERS, CPF_NAME_LENGTH, toFileAlphabet } from './names';

/*
 * The CPF EZPay (FTP) contribution file: one payment advice (one CSN, one month) per file, uploaded
 * in the CPF Employer portal. Layout: shared/payroll/statutory-files.md section 1, which rests on
 * implementations quoting CPF's January 2025 specification (the PDF itself was not read).
 */

export const CPF_RECORD_LENGTH = 150;

/**
 * Where the sources are silent or disagree (facts section 5), the file does this. Only these
 * switches change the output; docs/statutory-files.md lists the rest of the reasoning.
 */
export const CPF_EZPAY_CHOICES = {
  /**
   * SHG detail lines carry the NRIC/FIN as stored, FIN holders included: T1 says SHG (and SDL) are
   * submitted for employees whose ID does not start with S/T, while O1 describes the account column
   * as starting with S or T. Unresolved; set to false to report such lines as problems instead.
   */
  shgLinesAcceptFin: true,
  /** O1's own example name ends in .DTL; vendors also ship .txt. */
  fileExtension: '.DTL',
} as const;

/** Payment codes of the funds (facts 1.8). */
const SHG_CODES: Readonly<Record<SelfHelpGroupFund, '02' | '03' | '04' | '05'>> = {
  MBMF: '02',
  SINDA: '03',
  CDAC: '04',
  ECF: '05',
};
const SHG_ORDER = ['MBMF', 'SINDA', 'CDAC', 'ECF'] as const;
const SUMMARY_LABELS = {
  '01': 'CPF contributions (employer and employee)',
  '02': 'MBMF',
  '03': 'SINDA',
  '04': 'CDAC',
  '05': 'ECF',
  '11': 'Skills Development Levy',
} as const;
/** Voluntary-contribution CSNs carry no SHG or SDL codes (facts 1.3, O1 p3 via C1). */
const VOLUNTARY_PAYMENT_TYPES = ['VCT', 'AMS', 'MSE'];
/** JAN ... DEC, as the file name writes the month. */
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3).toUpperCase());

export type CpfEmploymentStatus = 'E' | 'L' | 'N' | 'O';
const STATUSES: readonly string[] = ['E', 'L', 'N', 'O'];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}$/;

/** E existing, N joined this month, L left this month, O joined and left this month. */
export function cpfEmploymentStatus(
  hireDate: string,
  lastDayOfService: string | null,
  year: number,
  month: number,
): CpfEmploymentStatus {
  assertPeriod(year, month);
  if (!ISO_DATE.test(hireDate)) throw new PayrollInputError(`hireDate must be YYYY-MM-DD, got ${hireDate}`);
  if (lastDayOfService !== null && !ISO_DATE.test(lastDayOfService)) {
    throw new PayrollInputError(`lastDayOfService must be YYYY-MM-DD or null, got ${lastDayOfService}`);
  }
  const period = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  const joinedIn = hireDate.slice(0, 7);
  const leftIn = lastDayOfService?.slice(0, 7) ?? null;
  if (joinedIn > period || (leftIn !== null && leftIn < period)) {
    throw new PayrollInputError(
      `Someone employed from ${hireDate} to ${lastDayOfService ?? 'now'} was not employed in ${period}`,
    );
  }
  const joined = joinedIn === period;
  const left = leftIn === period;
  if (joined) return left ? 'O' : 'N';
  return left ? 'L' : 'E';
}

export interface CpfSubmissionNumber {
  uen: string;
  paymentType: string;
  serial: string;
}

// The UEN (or the employer's NRIC/FIN) ends in a check letter; 9 or 10 characters (facts 1.3).
const CSN = /^([0-9A-Z]{8,9}[A-Z])([A-Z]{3})(\d{2})$/;

/** Splits a CSN such as '201912345KPTE01' or '53123456APTE01' (UEN of 9 or 10 characters + 3-letter payment type + 2-digit serial); throws StatutoryFileError when it is not one. */
export function parseCpfSubmissionNumber(csn: string): CpfSubmissionNumber {
  const normalised = typeof csn === 'string' ? csn.trim().toUpperCase() : '';
  const match = CSN.exec(normalised);
  if (!match) {
    throw new StatutoryFileError([
      `"${String(csn)}" is not a CPF submission number: it is the UEN (9 or 10 characters), a 3-letter payment type and a 2-digit serial, such as 201912345KPTE01. Correct it in the company's settings.`,
    ]);
  }
  const [, uen = '', paymentType = '', serial = ''] = match;
  return { uen, paymentType, serial };
}

export interface CpfFileEmployee {
  userId: number;
  name: string;
  /** NRIC/FIN as stored (upper case). */
  idNumber: string;
  /** Employee + employer CPF of the month; 0 for someone without CPF (then no CPF detail line). */
  totalCpfCents: number;
  /** OW on which CPF was paid. */
  ordinaryWageCents: number;
  /** AW on which CPF was paid. */
  additionalWageCents: number;
  status: CpfEmploymentStatus;
  /** The self-help-group deduction of the month, or null. */
  shg: { fund: SelfHelpGroupFund; cents: number } | null;
}

export interface CpfFileInput {
  /** CPF submission number. */
  csn: string;
  /** '01'..'99'. */
  adviceCode: string;
  /** The relevant month. */
  year: number;
  month: number;
  /** Singapore time, given by the caller: date YYYY-MM-DD, time HH:MM:SS. */
  createdAt: { date: string; time: string };
  employees: readonly CpfFileEmployee[];
  /** Each employee's SDL in cents (may hold fractions, as sdlCents in ../sdl.ts returns); the file's code 11 summary is their sum rounded down to the dollar (use sdlPayableCents). */
  sdlCents: readonly number[];
}

export interface CpfFileSummaryLine {
  code: '01' | '02' | '03' | '04' | '05' | '11';
  label: string;
  amountCents: number;
  donors: number;
}

interface DetailLine {
  code: '01' | '02' | '03' | '04' | '05';
  account: string;
  amountCents: number;
  owCents: number;
  awCents: number;
  status: CpfEmploymentStatus | ' ';
  name: string;
}

interface Plan {
  csn: CpfSubmissionNumber;
  summaries: CpfFileSummaryLine[];
  details: DetailLine[];
}

const dollars = (cents: number): string =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const assertWholeCents = (what: string, value: unknown): number => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new PayrollInputError(`${what} must be a whole number of cents, got ${String(value)}`);
  }
  return value;
};

/** Checks the input and works out every line; problems in words, caller bugs thrown. */
function plan(input: CpfFileInput): { problems: string[]; plan: Plan | null } {
  assertPeriod(input.year, input.month);
  if (!ISO_DATE.test(input.createdAt?.date ?? '') || !TIME.test(input.createdAt?.time ?? '')) {
    throw new PayrollInputError('createdAt must be { date: YYYY-MM-DD, time: HH:MM:SS }');
  }
  const monthName = `${MONTH_NAMES[input.month - 1]} ${input.year}`;
  const problems: string[] = [];

  let csn: CpfSubmissionNumber | null = null;
  try {
    csn = parseCpfSubmissionNumber(input.csn);
  } catch (error) {
    if (!(error instanceof StatutoryFileError)) throw error;
    problems.push(...error.problems);
  }
  if (
    typeof input.adviceCode !== 'string' ||
    !/^\d{2}$/.test(input.adviceCode) ||
    input.adviceCode === '00'
  ) {
    problems.push(`The advice code "${String(input.adviceCode)}" must be two digits from 01 to 99.`);
  }

  const sdlTotal = sdlPayableCents(input.sdlCents);
  const cpfLines: DetailLine[] = [];
  const shgLines: Record<SelfHelpGroupFund, DetailLine[]> = { MBMF: [], SINDA: [], CDAC: [], ECF: [] };

  for (const employee of input.employees) {
    const who = `employees[userId ${employee.userId}]`;
    const cpf = assertWholeCents(`${who}.totalCpfCents`, employee.totalCpfCents);
    const ow = assertWholeCents(`${who}.ordinaryWageCents`, employee.ordinaryWageCents);
    const aw = assertWholeCents(`${who}.additionalWageCents`, employee.additionalWageCents);
    const shgCents = employee.shg ? assertWholeCents(`${who}.shg.cents`, employee.shg.cents) : 0;
    if (employee.shg && !Object.hasOwn(SHG_CODES, employee.shg.fund)) {
      throw new PayrollInputError(`${who}.shg.fund is not a self-help group: ${String(employee.shg.fund)}`);
    }
    const cleanName = collapseSpaces(employee.name ?? '');
    const label = cleanName || `Employee #${employee.userId}`;

    const negatives = [
      ['CPF contribution', cpf],
      ['ordinary wage', ow],
      ['additional wage', aw],
      ['self-help-group deduction', shgCents],
    ] as const;
    for (const [what, cents] of negatives) {
      if (cents < 0) {
        problems.push(
          `${label}: the ${what} of ${dollars(cents)} is negative, and the CPF file takes no negative amounts.`,
        );
      }
    }
    const hasCpf = cpf > 0;
    const hasShg = employee.shg !== null && shgCents > 0;
    if (!hasCpf && !hasShg) continue;

    // The one rule for names (names.ts), then capitals: José -> JOSE, Strauß -> STRAUSS.
    const written = toFileAlphabet(cleanName);
    const name = written.text.toUpperCase();
    if (name === '' && written.refused.length === 0) {
      problems.push(
        `Employee #${employee.userId} has no name; the CPF file needs the name as on the identity card.`,
      );
    } else {
      if (written.refused.length > 0) {
        problems.push(
          `${label}: the name contains ${quoteCharacters(written.refused)}, which has no Latin spelling the CPF file can carry; enter the name as on the identity card.`,
        );
      }
      const forbidden = forbiddenCharacters(name, CPF_FORBIDDEN_CHARACTERS);
      if (forbidden.length > 0) {
        problems.push(
          `${label}: the name contains ${quoteCharacters(forbidden)}, which CPF does not accept in the file; remove them from the staff record.`,
        );
      }
      if (name.length > CPF_NAME_LENGTH) {
        problems.push(
          `${label}: the name has ${name.length} characters and the CPF file holds at most ${CPF_NAME_LENGTH}; shorten it in the staff record the way CPF knows it.`,
        );
      }
    }

    const id = (employee.idNumber ?? '').trim().toUpperCase();
    const stAccount = /^[ST]/.test(id);
    if (!isValidNric(id)) {
      problems.push(
        id === ''
          ? `${label}: there is no NRIC/FIN; enter it in the staff record.`
          : `${label}: ${id} is not a valid NRIC/FIN (wrong length or check letter); correct it in the staff record.`,
      );
    } else if (hasCpf && !stAccount) {
      problems.push(`${label}: ${id} is not a CPF account number (it must start with S or T).`);
    } else if (hasShg && !stAccount && !CPF_EZPAY_CHOICES.shgLinesAcceptFin) {
      problems.push(
        `${label}: ${id} is not a CPF account number (it must start with S or T), so the self-help-group deduction cannot go in the CPF file.`,
      );
    }

    if (hasCpf) {
      if (!STATUSES.includes(employee.status)) {
        throw new PayrollInputError(`${who}.status must be E, L, N or O, got ${String(employee.status)}`);
      }
      if (!fitsDigits(cpf, 12) || !fitsDigits(ow, 10) || !fitsDigits(aw, 10)) {
        problems.push(`${label}: the CPF contribution or wages are too large for the CPF file's columns.`);
      }
      cpfLines.push({
        code: '01',
        account: id,
        amountCents: cpf,
        owCents: ow,
        awCents: aw,
        status: employee.status,
        name,
      });
    }
    if (hasShg && employee.shg) {
      if (!fitsDigits(shgCents, 12)) {
        problems.push(`${label}: the self-help-group deduction is too large for the CPF file's columns.`);
      }
      shgLines[employee.shg.fund].push({
        code: SHG_CODES[employee.shg.fund],
        account: id,
        amountCents: shgCents,
        owCents: 0,
        awCents: 0,
        status: ' ',
        name,
      });
    }
  }

  const byAccount = (a: DetailLine, b: DetailLine) =>
    a.account < b.account ? -1 : a.account > b.account ? 1 : 0;
  const groups = [cpfLines, ...SHG_ORDER.map((fund) => shgLines[fund])];
  const repeated = new Set<string>();
  for (const group of groups) {
    group.sort(byAccount);
    group.forEach((line, i) => {
      if (i > 0 && line.account === group[i - 1]?.account && isValidNric(line.account))
        repeated.add(line.account);
    });
  }
  for (const account of repeated) {
    problems.push(
      `${account} is the NRIC/FIN of more than one employee; each CPF account has one line per payment code, so correct it in the staff records.`,
    );
  }

  const summaries: CpfFileSummaryLine[] = [
    {
      code: '01',
      label: SUMMARY_LABELS['01'],
      amountCents: cpfLines.reduce((sum, line) => sum + line.amountCents, 0),
      donors: 0,
    },
  ];
  for (const fund of SHG_ORDER) {
    const lines = shgLines[fund];
    if (lines.length === 0) continue;
    const code = SHG_CODES[fund];
    summaries.push({
      code,
      label: SUMMARY_LABELS[code],
      amountCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
      donors: lines.length,
    });
  }
  if (sdlTotal > 0)
    summaries.push({ code: '11', label: SUMMARY_LABELS['11'], amountCents: sdlTotal, donors: 0 });

  const shgCount = SHG_ORDER.reduce((count, fund) => count + shgLines[fund].length, 0);
  if (cpfLines.length === 0 && shgCount === 0 && sdlTotal === 0) {
    problems.push(`There is nothing to submit for ${monthName}: no CPF, self-help-group or SDL amount.`);
  }
  if (csn && VOLUNTARY_PAYMENT_TYPES.includes(csn.paymentType) && (shgCount > 0 || sdlTotal > 0)) {
    problems.push(
      `The CPF submission number ${csn.uen}${csn.paymentType}${csn.serial} is for voluntary contributions (${csn.paymentType}); self-help-group and SDL amounts go under the company's PTE number.`,
    );
  }
  const total = summaries.reduce((sum, line) => sum + line.amountCents, 0);
  if (summaries.some((line) => !fitsDigits(line.amountCents, 12)) || !fitsDigits(total, 15)) {
    problems.push(`The totals for ${monthName} are too large for the CPF file's columns.`);
  }
  if (!fitsDigits(2 + summaries.length + cpfLines.length + shgCount, 7)) {
    problems.push(`There are too many lines for one CPF file; split the employees over several submissions.`);
  }

  if (problems.length > 0 || !csn) return { problems, plan: null };
  return { problems, plan: { csn, summaries, details: groups.flat() } };
}

/** Problems that would stop the file (for a pre-download check list); [] when it can be built. */
export function cpfEzpayProblems(input: CpfFileInput): string[] {
  return plan(input).problems;
}

export function cpfEzpayFile(input: CpfFileInput): {
  fileName: string;
  content: string;
  summaries: CpfFileSummaryLine[];
  totalCents: number;
  recordCount: number;
} {
  const { problems, plan: built } = plan(input);
  if (!built) throw new StatutoryFileError(problems);
  const { csn, summaries, details } = built;
  const relevantMonth = `${input.year}${String(input.month).padStart(2, '0')}`;
  // Columns 1-20 of every record: mode F, record type, UEN X(10), payment type, serial, filler, advice.
  const key = (recordType: string) =>
    `F${recordType}${textField(csn.uen, 10)}${csn.paymentType}${csn.serial} ${input.adviceCode}`;

  const header = fixedRecord(CPF_RECORD_LENGTH, [
    key(' '),
    input.createdAt.date.replaceAll('-', ''),
    input.createdAt.time.replaceAll(':', ''),
    textField('FTP.DTL', 13),
    ' '.repeat(103),
  ]);
  const summaryRecords = summaries.map((line) =>
    fixedRecord(CPF_RECORD_LENGTH, [
      key('0'),
      relevantMonth,
      line.code,
      numberField(line.amountCents, 12, 'Summary amount'),
      numberField(line.donors, 7, 'Donor count'),
      ' '.repeat(103),
    ]),
  );
  const detailRecords = details.map((line) =>
    fixedRecord(CPF_RECORD_LENGTH, [
      key('1'),
      relevantMonth,
      line.code,
      textField(line.account, 9, { what: 'CPF account number' }),
      numberField(line.amountCents, 12, 'Contribution amount'),
      numberField(line.owCents, 10, 'Ordinary wages'),
      numberField(line.awCents, 10, 'Additional wages'),
      line.status,
      textField(line.name, CPF_NAME_LENGTH, { what: 'Employee name' }),
      ' '.repeat(14),
    ]),
  );
  const recordCount = 1 + summaryRecords.length + detailRecords.length + 1;
  const totalCents = summaries.reduce((sum, line) => sum + line.amountCents, 0);
  const trailer = fixedRecord(CPF_RECORD_LENGTH, [
    key('9'),
    numberField(recordCount, 7, 'Record count'),
    numberField(totalCents, 15, 'Total amount'),
    ' '.repeat(108),
  ]);
  const content = joinRecords([header, ...summaryRecords, ...detailRecords, trailer]);

  const failures = cpfFileSelfCheck(content);
  if (failures.length > 0) {
    throw new PayrollError(`The CPF file failed its own checks (a bug): ${failures.join(' ')}`);
  }
  const fileName = `${csn.uen}${csn.paymentType}${csn.serial}${MONTHS[input.month - 1]}${input.year}${input.adviceCode}${CPF_EZPAY_CHOICES.fileExtension}`;
  return { fileName, content, summaries, totalCents, recordCount };
}

/** 1-based inclusive columns, as the specification numbers them. */
const cols = (record: string, from: number, to: number) => record.slice(from - 1, to);
const allDigits = (value: string) => /^\d*$/.test(value);

/** The facts' checks (1.12) on a finished file; returns what fails, [] when it passes. */
function cpfFileSelfCheck(content: string): string[] {
  const failures: string[] = [];
  if (!content.endsWith(CRLF)) failures.push('The file does not end with CRLF.');
  const records = content.slice(0, -CRLF.length).split(CRLF);
  const first = records[0] ?? '';
  const last = records[records.length - 1] ?? '';
  records.forEach((record, index) => {
    if (record.length !== CPF_RECORD_LENGTH) failures.push(`Record ${index + 1} is ${record.length} long.`);
    if (record[0] !== 'F') failures.push(`Record ${index + 1} does not start with F.`);
    if (nonAsciiCharacters(record).length > 0) failures.push(`Record ${index + 1} is not plain ASCII.`);
    if (forbiddenCharacters(record, CPF_FORBIDDEN_CHARACTERS).length > 0) {
      failures.push(`Record ${index + 1} holds a forbidden character.`);
    }
  });
  if (records.length < 3 || first[1] !== ' ' || last[1] !== '9') {
    failures.push('The file does not run from a header to a trailer.');
  }
  const middle = records.slice(1, -1);
  const types = middle.map((record) => record[1]).join('');
  if (!/^0+1*$/.test(types)) failures.push('Summary records do not all come before the detail records.');
  let summaryTotal = 0;
  for (const record of middle) {
    const numeric = record[1] === '0' ? [cols(record, 21, 47)] : [cols(record, 21, 28), cols(record, 38, 69)];
    // Digits only: no sign, so no negative amount can hide in a numeric field.
    if (!numeric.every(allDigits)) failures.push('A numeric field holds something other than digits.');
    if (record[1] === '0') summaryTotal += Number(cols(record, 29, 40));
  }
  if (!allDigits(cols(last, 21, 42))) failures.push('The trailer holds something other than digits.');
  if (Number(cols(last, 21, 27)) !== records.length)
    failures.push('The trailer count is not the number of records.');
  if (Number(cols(last, 28, 42)) !== summaryTotal)
    failures.push('The trailer total is not the sum of the summaries.');
  return failures;
}
