import { csvField } from '../csv';
import { isIsoDate } from '../dates';
import { centsToAmount } from '../money';
import { addressTypeOf, foreignAddressLines, type ResidentialAddress } from '../residential-address';
import { parseEnum, type SelfHelpGroup, selfHelpGroupSchema } from './enums';
import { PayrollInputError } from './errors';
import { assertCents } from './money';
import { readPayItem } from './payslip';
import { mbmfSplitCents } from './shg';
import { StatutoryFileError } from './statutory/errors';
import { quoteCharacters } from './statutory/fixed-width';
import { toFileAlphabet } from './statutory/names';
import type { Ir8aItem, PayslipItem } from './treatment';

/**
 * Form IR8A, the IRAS "Return of Employee's Remuneration" for a year of income (its year of
 * assessment is the next year): one employee's processed payslips of the year added up into the
 * form's items, and the employer's CSV of those figures. Amounts are integer cents, as in the rest
 * of the engine. Sources: docs/statutory-files.md, IR8A.
 */

/** One processed payslip of the year, as the IR8A reads it. */
export interface Ir8aPayslip {
  month: number;
  basicSalaryCents: number;
  items: readonly PayslipItem[];
  employeeCpfCents: number;
  shgCents: number;
  /** The payslip's snapshot: the fund its self-help group contribution went to. */
  selfHelpGroup: SelfHelpGroup;
  /** The month's total wages (gross pay): the band of its self-help group contribution. */
  totalWageCents: number;
  /** The day the month was paid, YYYY-MM-DD. */
  payDate: string;
  /** The day the payslip was processed, in Singapore, YYYY-MM-DD. */
  processedOn: string;
}

export interface Ir8aEmployee {
  userId: number;
  fullName: string;
  idNumber: string;
  designation: string | null;
  dateOfBirth: string | null;
  gender: string | null;
  nationality: string | null;
  hireDate: string | null;
  lastDayOfService: string | null;
  /** The residential address (every part null when none is recorded). */
  address: ResidentialAddress;
}

export interface Ir8aFigures {
  /** The year of income; the year of assessment is year + 1. */
  year: number;
  employee: Ir8aEmployee & { idType: 'NRIC' | 'FIN' };
  /** The employment within the year: the later of 1 January and the hire date... */
  periodFrom: string;
  /** ...to the earlier of 31 December and the last day of service. */
  periodTo: string;
  /** (a) Gross salary, fees, leave pay, wages and overtime pay. */
  salaryCents: number;
  /** (b) Bonus. */
  bonusCents: number;
  /** (c) Director's fees. */
  directorsFeesCents: number;
  /** (d) Gross commission. */
  commissionCents: number;
  /** (d) Transport allowance. */
  transportAllowanceCents: number;
  /** (d) Other allowances. */
  otherAllowancesCents: number;
  /** (d)4 Gratuity, notice pay, ex-gratia payment and other lump sums. */
  lumpSumCents: number;
  /** (d) Others: commission + transport allowance + other allowances + lump sums. */
  othersCents: number;
  /** (a) + (b) + (c) + (d). */
  totalCents: number;
  /** The date the bonus was declared: the pay date of the year's last payslip carrying item (b). */
  bonusDeclarationDate: string | null;
  /** The employee's compulsory CPF contributions. */
  employeeCpfCents: number;
  /** Contributions deducted from salary to the Mosque Building Fund: the MBF part of MBMF contributions. */
  mbfCents: number;
  /** Donations deducted through salary: CDAC, SINDA, ECF and the Mendaki part of MBMF contributions. */
  donationsCents: number;
  /**
   * Reimbursements paid (medical claims, travel and other expenses repaid: the items the treatment
   * table calls not income), left out of every item: money given back rather than earned by the
   * employment, so not remuneration. Kept here so that the figures reconcile with the payslips.
   */
  excludedCents: number;
  /**
   * The year is not complete for this employee: the month the period ends in (December for one still
   * employed at year end) has no processed payslip yet, so the figures may still change.
   */
  provisional: boolean;
  /** The employer's declaration date: the day the year's last payslip was processed; null while provisional. */
  declarationDate: string | null;
}

const readDate = <T extends string | null>(name: string, value: T): T => {
  if (value === null) return value;
  if (typeof value !== 'string' || !isIsoDate(value)) {
    throw new PayrollInputError(`${name} must be a date YYYY-MM-DD or null, got ${JSON.stringify(value)}`);
  }
  return value;
};
/** The later of two dates (ISO dates compare as strings). */
const later = (a: string | null, b: string) => (a === null || b > a ? b : a);

/** 'FIN' for foreigners' numbers (F, G and M series), 'NRIC' otherwise (S and T series). */
const idTypeOf = (idNumber: string): 'NRIC' | 'FIN' => (/^[FGM]/i.test(idNumber.trim()) ? 'FIN' : 'NRIC');

/**
 * An opening year to date (issue 38 item 3): the months up to throughMonth paid before the company
 * used the product. Its ordinary wages count as salary and its additional wages as bonus; its
 * self-help group contributions as donations, since the split of an MBMF total by month is not known.
 */
export interface Ir8aOpening {
  throughMonth: number;
  ordinaryWageCents: number;
  additionalWageCents: number;
  employeeCpfCents: number;
  shgCents: number;
}

/**
 * An employee's IR8A figures for a year of income, from the processed payslips of that year and the
 * opening year to date, if any.
 *
 * A month's salary is not below zero, as its ordinary wages are not (computePayslip): its ordinary
 * part (basic salary + overtime, off-day and public-holiday pay − lateness and unpaid-leave
 * deductions) is floored at zero, then leave pay and back pay are added. Those two are additional
 * wages, which deductions never reduce in the payslip either.
 */
export function ir8aFigures(
  year: number,
  employee: Ir8aEmployee,
  payslips: readonly Ir8aPayslip[],
  opening?: Ir8aOpening,
): Ir8aFigures {
  if (!Number.isInteger(year) || year < 1900 || year > 9999) {
    throw new PayrollInputError(`year must be a whole year, got ${String(year)}`);
  }
  const hireDate = readDate('hireDate', employee.hireDate);
  const lastDay = readDate('lastDayOfService', employee.lastDayOfService);
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  // ISO dates compare as strings.
  const periodFrom = hireDate !== null && hireDate > yearStart ? hireDate : yearStart;
  const periodTo = lastDay !== null && lastDay < yearEnd ? lastDay : yearEnd;
  if (periodFrom > periodTo) {
    throw new PayrollInputError(
      `Employee ${employee.userId} was not employed in ${year} (hired ${hireDate ?? '-'}, last day ${lastDay ?? '-'})`,
    );
  }

  const sums: Record<Ir8aItem | 'excluded', number> = {
    salary: 0,
    bonus: 0,
    directorsFees: 0,
    commission: 0,
    transportAllowance: 0,
    otherAllowances: 0,
    lumpSum: 0,
    excluded: 0,
  };
  let employeeCpfCents = 0;
  let mbfCents = 0;
  let donationsCents = 0;
  let bonusDeclarationDate: string | null = null;
  let lastProcessedOn: string | null = null;
  const months = new Set<number>();

  payslips.forEach((payslip, index) => {
    const at = `payslips[${index}]`;
    if (!Number.isInteger(payslip.month) || payslip.month < 1 || payslip.month > 12) {
      throw new PayrollInputError(`${at}.month must be 1 to 12, got ${String(payslip.month)}`);
    }
    if (months.has(payslip.month)) {
      throw new PayrollInputError(`Two payslips for month ${payslip.month} of ${year}`);
    }
    months.add(payslip.month);
    const payDate = readDate(`${at}.payDate`, payslip.payDate);
    lastProcessedOn = later(lastProcessedOn, readDate(`${at}.processedOn`, payslip.processedOn));
    const bonusBefore = sums.bonus;

    // Ordinary salary (floored at zero) and what is added after the floor.
    let ordinary = assertCents(`${at}.basicSalaryCents`, payslip.basicSalaryCents);
    let leaveAndBackPay = 0;
    payslip.items.forEach((item, itemIndex) => {
      const { cents, treatment } = readPayItem(item, `${at}.items[${itemIndex}]`);
      // Not income: a reimbursement paid is set aside; a recovery from net pay is not read.
      if (treatment.ir8a === null) sums.excluded += Math.max(0, cents);
      else if (treatment.ir8a !== 'salary') sums[treatment.ir8a] += cents;
      else if (treatment.cpf === 'AW') leaveAndBackPay += cents;
      else ordinary += cents;
    });
    sums.salary += Math.max(0, ordinary) + leaveAndBackPay;
    if (sums.bonus > bonusBefore) bonusDeclarationDate = later(bonusDeclarationDate, payDate);

    employeeCpfCents += assertCents(`${at}.employeeCpfCents`, payslip.employeeCpfCents);
    const shg = assertCents(`${at}.shgCents`, payslip.shgCents);
    const fund = parseEnum(selfHelpGroupSchema, `self-help group at ${at}`, payslip.selfHelpGroup);
    // The Mosque Building Fund has its own line; Mendaki's part of MBMF and the other funds are donations.
    if (fund === 'MBMF') {
      const wages = assertCents(`${at}.totalWageCents`, payslip.totalWageCents);
      const split = mbmfSplitCents(wages);
      if (split.mbfCents + split.mendakiCents !== shg) {
        throw new PayrollInputError(
          `${at} has an MBMF contribution of ${shg} cents, not the ${split.mbfCents + split.mendakiCents} cents Muis's table gives for total wages of ${wages} cents`,
        );
      }
      mbfCents += split.mbfCents;
      donationsCents += split.mendakiCents;
    } else if (fund !== 'NONE') donationsCents += shg;
    else if (shg !== 0) {
      throw new PayrollInputError(`${at} has a self-help group contribution but no self-help group`);
    }
  });

  if (opening) {
    // The year so far paid before (issue 38): its months are not processed here.
    for (let month = 1; month <= opening.throughMonth; month += 1) {
      if (months.has(month))
        throw new PayrollInputError(`Month ${month} of ${year} is both opening and processed`);
      months.add(month);
    }
    sums.salary += assertCents('opening.ordinaryWageCents', opening.ordinaryWageCents);
    sums.bonus += assertCents('opening.additionalWageCents', opening.additionalWageCents);
    employeeCpfCents += assertCents('opening.employeeCpfCents', opening.employeeCpfCents);
    donationsCents += assertCents('opening.shgCents', opening.shgCents);
  }

  const othersCents = sums.commission + sums.transportAllowance + sums.otherAllowances + sums.lumpSum;
  const provisional = !months.has(Number(periodTo.slice(5, 7)));
  return {
    year,
    employee: { ...employee, idType: idTypeOf(employee.idNumber) },
    periodFrom,
    periodTo,
    salaryCents: sums.salary,
    bonusCents: sums.bonus,
    bonusDeclarationDate,
    directorsFeesCents: sums.directorsFees,
    commissionCents: sums.commission,
    transportAllowanceCents: sums.transportAllowance,
    otherAllowancesCents: sums.otherAllowances,
    lumpSumCents: sums.lumpSum,
    othersCents,
    totalCents: sums.salary + sums.bonus + sums.directorsFees + othersCents,
    employeeCpfCents,
    mbfCents,
    donationsCents,
    excludedCents: sums.excluded,
    provisional,
    declarationDate: provisional ? null : lastProcessedOn,
  };
}

/** A date of the year's employment as the form has it: a commencement or cessation within the year, else empty. */
const withinYear = (date: string | null, year: number): string => (date?.startsWith(`${year}-`) ? date : '');

/** Dollars with two decimals and no grouping: 123456 -> 1234.56. */
const dollars = (cents: number): string => centsToAmount(cents).toFixed(2);

/** The employer as the IR8A names it, with the authorised person who makes its declaration. */
export interface Ir8aEmployer {
  name: string;
  uen: string;
  address: string | null;
  authorisedPersonName: string | null;
  authorisedPersonDesignation: string | null;
  authorisedPersonPhone: string | null;
  authorisedPersonEmail: string | null;
}

const foreignLine = (row: Ir8aFigures, index: number) =>
  foreignAddressLines(row.employee.address.foreignAddress)[index] ?? '';

const csvColumns: ReadonlyArray<readonly [string, (row: Ir8aFigures, employer: Ir8aEmployer) => string]> = [
  ['Employer UEN', (_, employer) => employer.uen],
  ['Employer name', (_, employer) => employer.name],
  ['Authorised person', (_, employer) => employer.authorisedPersonName ?? ''],
  ['Authorised person designation', (_, employer) => employer.authorisedPersonDesignation ?? ''],
  ['Authorised person telephone', (_, employer) => employer.authorisedPersonPhone ?? ''],
  ['Authorised person e-mail', (_, employer) => employer.authorisedPersonEmail ?? ''],
  ['Year of assessment', (row) => String(row.year + 1)],
  ['Status', (row) => (row.provisional ? 'Provisional' : 'Final')],
  ['Declaration date', (row) => row.declarationDate ?? ''],
  ['ID type', (row) => row.employee.idType],
  ['ID number', (row) => row.employee.idNumber],
  // In the files' one alphabet (statutory/names.ts), as IRAS's forms take names in Latin letters.
  ['Full name', (row) => toFileAlphabet(row.employee.fullName).text],
  ['Designation', (row) => row.employee.designation ?? ''],
  ['Date of birth', (row) => row.employee.dateOfBirth ?? ''],
  ['Sex', (row) => row.employee.gender ?? ''],
  ['Nationality', (row) => row.employee.nationality ?? ''],
  ['Address type', (row) => addressTypeOf(row.employee.address)],
  ['Block/house no', (row) => row.employee.address.addressBlock ?? ''],
  ['Street name', (row) => row.employee.address.addressStreet ?? ''],
  ['Unit no', (row) => row.employee.address.addressUnit ?? ''],
  ['Postal code', (row) => row.employee.address.addressPostalCode ?? ''],
  ['Foreign address line 1', (row) => foreignLine(row, 0)],
  ['Foreign address line 2', (row) => foreignLine(row, 1)],
  ['Foreign address line 3', (row) => foreignLine(row, 2)],
  ['Date of commencement', (row) => withinYear(row.employee.hireDate, row.year)],
  ['Date of cessation', (row) => withinYear(row.employee.lastDayOfService, row.year)],
  ['Period from', (row) => row.periodFrom],
  ['Period to', (row) => row.periodTo],
  ['Salary', (row) => dollars(row.salaryCents)],
  ['Bonus', (row) => dollars(row.bonusCents)],
  ['Bonus declaration date', (row) => row.bonusDeclarationDate ?? ''],
  ["Director's fees", (row) => dollars(row.directorsFeesCents)],
  ['Gross commission', (row) => dollars(row.commissionCents)],
  ['Transport allowance', (row) => dollars(row.transportAllowanceCents)],
  ['Other allowances', (row) => dollars(row.otherAllowancesCents)],
  ['Others', (row) => dollars(row.othersCents)],
  ['Total income', (row) => dollars(row.totalCents)],
  ['Employee CPF', (row) => dollars(row.employeeCpfCents)],
  ['Donations', (row) => dollars(row.donationsCents)],
  ['Mosque Building Fund', (row) => dollars(row.mbfCents)],
  ['Reimbursements excluded', (row) => dollars(row.excludedCents)],
];

/**
 * The employer's CSV of the same figures, one row per employee, dollars with two decimals; header
 * row first; CRLF; fields quoted when needed (RFC 4180). Each row names the employer (UEN, name and
 * authorised person) so that rows stay attributable when files are merged, and says whether it is
 * provisional. Dates are YYYY-MM-DD; the dates of commencement and cessation are given when they
 * fall within the year, as the form asks. The address is in IRAS's parts: its type (L local, F
 * foreign, N not available), the Singapore parts, or up to three foreign lines. Names are written in
 * the files' alphabet; one without a Latin spelling stops the CSV, naming the employee.
 */
export function ir8aCsv(employer: Ir8aEmployer, rows: readonly Ir8aFigures[]): string {
  const problems = rows.flatMap(({ employee }) => {
    const { refused } = toFileAlphabet(employee.fullName);
    return refused.length === 0
      ? []
      : [
          `${employee.fullName}: the name contains ${quoteCharacters(refused)}, which has no Latin spelling; enter the name as on the identity card.`,
        ];
  });
  if (problems.length > 0) throw new StatutoryFileError(problems);
  const lines = [
    csvColumns.map(([header]) => csvField(header)).join(','),
    ...rows.map((row) => csvColumns.map(([, value]) => csvField(value(row, employer))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
