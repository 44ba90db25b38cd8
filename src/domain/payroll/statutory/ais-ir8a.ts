import { isValidNric } from '../../nric';
import { foreignAddressLines } from '../../residential-address';
import type { Ir8aFigures } from '../ir8a';
import { StatutoryFileError } from './errors';
import { fixedRecord, joinRecords, numberField, quoteCharacters, textField } from './fixed-width';
import { toFileAlphabet } from './names';

/*
 * IRAS Auto-Inclusion Scheme (AIS) IR8A records for a year of income: the legacy text layout of
 * 1,200-character records (header 0, one detail 1 per employee, trailer 2), CRLF. Positions and codes:
 * shared/payroll/statutory-files.md sections 3.2 and 3.3, known from code (C6), not from an IRAS
 * document; the AIS-API 2.0 payload itself was not read. docs/statutory-files.md, "AIS".
 */

export const AIS_RECORD_LENGTH = 1200;

/**
 * IRAS nationality codes the sources confirm: only 301 for a Singapore citizen (facts 3.2; 300 for a
 * PR was removed from YA 2013, so a PR is coded by the country of citizenship, which the app does not
 * record). Any other nationality is reported as a problem rather than guessed.
 */
export const IRAS_NATIONALITY_CODES: Readonly<Record<string, string>> = { 'SINGAPORE CITIZEN': '301' };

/** Where the sources leave a choice, the file does this (docs/statutory-files.md, "AIS"). */
export const AIS_CHOICES = {
  /** Header source: 6, private sector (facts 3.2). */
  source: '6',
  /** Header payment type: 08, salary data; every generator writes it. */
  paymentType: '08',
  /** O, an original batch; an amendment (A) is not offered. */
  batchIndicator: 'O',
  /** The exempt/remission indicator's "none" (facts 3.2, C6's later revision). */
  exemptIndicatorNone: 'N',
  /** Gross commission paid with the monthly payroll (C6 writes M whenever there is commission). */
  commissionIndicator: 'M',
  /** The designated provident fund named when CPF was deducted (facts 3.3, e.g. "CPF"). */
  providentFundName: 'CPF',
} as const;

/** The employer's particulars the header carries. */
export interface AisEmployer {
  name: string;
  uen: string | null;
  authorisedPersonName: string | null;
  authorisedPersonDesignation: string | null;
  authorisedPersonPhone: string | null;
  authorisedPersonEmail: string | null;
}

/** One thing to fix before the file can be made; company-level problems have userId 0 and the company's name. */
export interface AisProblem {
  userId: number;
  name: string;
  field: string;
  message: string;
}

/**
 * The header's organisation ID type from the UEN's shape (facts 3.2; shapes as src/domain/company.ts
 * checks them): 7 for a business registered with ACRA (NNNNNNNNC), 8 for a local company (YYYYNNNNNC),
 * U for any other entity (TYYPQNNNNC, SYYPQNNNNC); null for anything else.
 */
export function organisationIdType(uen: string): '7' | '8' | 'U' | null {
  if (/^\d{8}[A-Z]$/.test(uen)) return '7';
  if (/^\d{9}[A-Z]$/.test(uen)) return '8';
  if (/^[TS]\d{2}[A-Z]{2}\d{4}[A-Z]$/.test(uen)) return 'U';
  return null;
}

/** The detail's ID type: 1 for an NRIC (S and T series), 2 for a FIN (F, G and M series). */
export const aisIdType = (idNumber: string): '1' | '2' => (/^[FGM]/i.test(idNumber.trim()) ? '2' : '1');

/** The detail's sex code, M or F; null when none is recorded. */
export const aisSex = (gender: string | null): 'M' | 'F' | null =>
  gender === 'Male' ? 'M' : gender === 'Female' ? 'F' : null;

/**
 * The unit as the staff form takes it (level and unit together, such as #05-12) split into the
 * record's level (3 characters) and unit (5); empty parts for no unit; null when it has no such shape.
 */
export function splitUnit(unit: string | null): { level: string; unit: string } | null {
  const text = (unit ?? '').trim();
  if (text === '') return { level: '', unit: '' };
  const match = /^#?\s*([0-9A-Z]{1,3})\s*-\s*([0-9A-Z]{1,5})$/i.exec(text);
  return match ? { level: (match[1] ?? '').toUpperCase(), unit: (match[2] ?? '').toUpperCase() } : null;
}

/** Whole dollars as the layout's dollar fields take them: the cents are dropped (C6 drops them too). */
export const wholeDollars = (cents: number): number => Math.floor(cents / 100);

/** Text in the file's alphabet (printable ASCII), cut to the field. */
const text = (value: string | null, length: number) =>
  textField(toFileAlphabet(value ?? '').text, length, { truncate: true });
const blank = (length: number) => ' '.repeat(length);
const yyyymmdd = (isoDate: string | null) => (isoDate ? isoDate.replaceAll('-', '') : '');
const date = (isoDate: string | null) => textField(yyyymmdd(isoDate), 8);
/** A commencement or cessation within the year, else empty (as the form asks). */
const withinYear = (isoDate: string | null, year: number) =>
  isoDate?.startsWith(`${year}-`) ? isoDate : null;

const ask = {
  frozen: 'then revert and process again their latest payslip of the year, which froze the old value.',
};

/** What stops an employee's detail record, one problem per field. */
function employeeProblems(
  row: Ir8aFigures,
  nationalityCodes: Readonly<Record<string, string>>,
): AisProblem[] {
  const { employee } = row;
  const problems: AisProblem[] = [];
  const add = (field: string, message: string) =>
    problems.push({ userId: employee.userId, name: employee.fullName, field, message });

  const refused = toFileAlphabet(employee.fullName).refused;
  if (refused.length > 0) {
    add(
      'name',
      `The name contains ${quoteCharacters(refused)}, which has no Latin spelling: enter it as on the identity card, ${ask.frozen}`,
    );
  }
  const id = employee.idNumber.trim();
  if (id === '') add('nric', `NRIC/FIN is missing: add it on the staff record, ${ask.frozen}`);
  else if (!isValidNric(id)) {
    add('nric', `NRIC/FIN ${id} is not a valid NRIC or FIN: correct it on the staff record, ${ask.frozen}`);
  }
  if (!employee.dateOfBirth) add('dateOfBirth', 'Date of birth is missing: add it on the staff record.');
  if (aisSex(employee.gender) === null)
    add('sex', 'Sex is missing: choose Male or Female on the staff record.');
  if (!employee.nationality) {
    add('nationality', `Nationality is missing: add it on the staff record, ${ask.frozen}`);
  } else if (nationalityCodes[employee.nationality] === undefined) {
    add(
      'nationality',
      `IRAS's nationality code for ${employee.nationality} is not known to the app (only 301, Singapore citizen, is confirmed): submit this employee's IR8A through IRAS's own channels.`,
    );
  }

  const address = employee.address;
  if (address.foreignAddress) {
    add(
      'residentialAddress',
      "A foreign address needs IRAS's country code, which the app does not have: record the Singapore address on the staff record if there is one.",
    );
  } else if (!address.addressPostalCode) {
    add('residentialAddress', 'Residential address is missing: add it on the staff record.');
  } else if (!address.addressBlock || !address.addressStreet) {
    add(
      'residentialAddress',
      'Residential address needs its block or house number and street: complete it on the staff record.',
    );
  } else if (splitUnit(address.addressUnit) === null) {
    add(
      'residentialAddress',
      `The unit "${address.addressUnit}" is not a level and unit such as #05-12: correct it on the staff record.`,
    );
  }

  if (row.provisional) {
    add(
      'payslips',
      `The year is not complete: process the payslip of the month their employment ends in (${row.periodTo.slice(0, 7)}) first.`,
    );
  }
  return problems;
}

/** What stops the header. */
function employerProblems(employer: AisEmployer): AisProblem[] {
  const problems: AisProblem[] = [];
  const add = (field: string, message: string) =>
    problems.push({ userId: 0, name: employer.name, field, message });
  if (!employer.uen)
    add('company.organisationId', "The company's UEN is not set: enter it on the Company page.");
  else if (organisationIdType(employer.uen) === null) {
    add(
      'company.organisationId',
      `The UEN ${employer.uen} has no shape IRAS codes: correct it on the Company page.`,
    );
  }
  const refused = toFileAlphabet(employer.name).refused;
  if (refused.length > 0) {
    add(
      'company.name',
      `The company name contains ${quoteCharacters(refused)}: enter it in Latin letters on the Company page.`,
    );
  }
  const missing = [
    ['name', employer.authorisedPersonName],
    ['designation', employer.authorisedPersonDesignation],
    ['telephone', employer.authorisedPersonPhone],
    ['e-mail', employer.authorisedPersonEmail],
  ].flatMap(([label, value]) => (value ? [] : [label as string]));
  if (missing.length > 0) {
    add(
      'company.authorisedPerson',
      `The authorised person's ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: add ${missing.length === 1 ? 'it' : 'them'} on the Company page.`,
    );
  }
  return problems;
}

/** Everything that stops the year's AIS file: the company's first, then each employee's in the rows' order. */
export const aisIr8aProblems = (
  employer: AisEmployer,
  rows: readonly Ir8aFigures[],
  nationalityCodes: Readonly<Record<string, string>> = IRAS_NATIONALITY_CODES,
): AisProblem[] => [
  ...employerProblems(employer),
  ...rows.flatMap((row) => employeeProblems(row, nationalityCodes)),
];

/** The dollar amounts of a detail record, which the trailer adds up. */
export interface AisAmounts {
  amount: number;
  salary: number;
  bonus: number;
  directorsFees: number;
  others: number;
  mbf: number;
  donations: number;
  cpf: number;
}

/** A detail's dollar fields: each item's cents dropped, and the total the sum of the items as written. */
export function aisAmounts(row: Ir8aFigures): AisAmounts {
  const salary = wholeDollars(row.salaryCents);
  const bonus = wholeDollars(row.bonusCents);
  const directorsFees = wholeDollars(row.directorsFeesCents);
  const others = wholeDollars(row.othersCents);
  return {
    amount: salary + bonus + directorsFees + others,
    salary,
    bonus,
    directorsFees,
    others,
    mbf: wholeDollars(row.mbfCents),
    donations: wholeDollars(row.donationsCents),
    cpf: wholeDollars(row.employeeCpfCents),
  };
}

/**
 * One employee's detail record (facts 3.3), written as far as the data allows: text in the file's
 * alphabet and cut to its field, so the record is always 1,200 characters. aisIr8aProblems says
 * whether the record may be submitted.
 */
export function aisDetailRecord(
  row: Ir8aFigures,
  nationalityCodes: Readonly<Record<string, string>> = IRAS_NATIONALITY_CODES,
): string {
  const { employee, year } = row;
  const money = aisAmounts(row);
  const address = employee.address;
  const local = !address.foreignAddress && Boolean(address.addressPostalCode);
  const foreign = foreignAddressLines(address.foreignAddress);
  const unit = local ? (splitUnit(address.addressUnit) ?? { level: '', unit: '' }) : { level: '', unit: '' };
  const cents = (value: number, what: string) => numberField(value, 11, what);
  const commission = row.commissionCents > 0;
  return fixedRecord(AIS_RECORD_LENGTH, [
    '1',
    aisIdType(employee.idNumber),
    text(employee.idNumber.trim().toUpperCase(), 12),
    text(employee.fullName, 80),
    address.foreignAddress ? 'F' : local ? 'L' : 'N',
    text(local ? address.addressBlock : '', 10),
    text(local ? address.addressStreet : '', 32),
    textField(unit.level, 3),
    textField(unit.unit, 5),
    text(local ? address.addressPostalCode : '', 6),
    text(foreign[0] ?? '', 30),
    text(foreign[1] ?? '', 30),
    text(foreign[2] ?? '', 30),
    blank(6), // unformatted (foreign) postal code: the app keeps none apart from the lines
    blank(3), // country code of a foreign address: the list was not found (a foreign address is a problem)
    textField(nationalityCodes[employee.nationality ?? ''] ?? '', 3),
    textField(aisSex(employee.gender) ?? '', 1),
    date(employee.dateOfBirth),
    numberField(money.amount, 9, 'Amount'),
    date(row.periodFrom),
    date(row.periodTo),
    numberField(money.mbf, 5, 'MBF'),
    numberField(money.donations, 5, 'Donations'),
    numberField(money.cpf, 7, 'CPF'),
    numberField(0, 5, 'Insurance'),
    numberField(money.salary, 9, 'Salary'),
    numberField(money.bonus, 9, 'Bonus'),
    numberField(money.directorsFees, 9, "Director's fees"),
    numberField(money.others, 9, 'Others'),
    numberField(0, 9, 'Share-option gains s10(1)(g)'),
    numberField(0, 9, 'Exempt income'),
    numberField(0, 9, 'Income for which tax is borne by employer'),
    numberField(0, 9, 'Income for which tax is borne by employee'),
    blank(6), // indicators 382-387: benefits-in-kind, s45, tax borne, gratuity, compensation, approval
    blank(8), // approval date
    blank(2), // cessation provisions, IR8S applicable
    AIS_CHOICES.exemptIndicatorNone,
    blank(1), // column 399, unexplained in the sources
    cents(row.commissionCents, 'Gross commission'),
    date(commission ? row.periodFrom : null),
    date(commission ? row.periodTo : null),
    commission ? AIS_CHOICES.commissionIndicator : ' ',
    cents(0, 'Pension'),
    cents(row.transportAllowanceCents, 'Transport allowance'),
    cents(0, 'Entertainment allowance'),
    cents(row.otherAllowancesCents, 'Other allowance'),
    cents(row.lumpSumCents, 'Gratuity'),
    cents(0, 'Compensation for loss of office'),
    cents(0, 'Retirement benefits up to 1992'),
    cents(0, 'Retirement benefits from 1993'),
    cents(0, 'Overseas pension fund'),
    cents(0, 'Excess CPF'),
    cents(0, 'Share-option gains s10(1)(b)'),
    cents(0, 'Benefits-in-kind'),
    blank(7), // employee's voluntary CPF: blank as in C6's later revision (the payroll takes none)
    text(employee.designation, 30),
    date(withinYear(employee.hireDate, year)),
    date(withinYear(employee.lastDayOfService, year)),
    date(row.bonusCents > 0 ? row.bonusDeclarationDate : null),
    blank(8), // director's fees approval date: not recorded
    blank(60), // retirement benefit fund
    text(row.employeeCpfCents > 0 ? AIS_CHOICES.providentFundName : '', 60),
    blank(1), // name of bank: the code list was not found
    blank(8), // date of payroll: not required (O10)
    blank(393 + 50),
  ]);
}

export interface AisIr8aInput {
  /** The year of income (the basis year); the year of assessment is the next. */
  year: number;
  employer: AisEmployer;
  rows: readonly Ir8aFigures[];
  /** The day the file is made, YYYY-MM-DD: the header's batch date. */
  batchDate: string;
  nationalityCodes?: Readonly<Record<string, string>>;
}

export interface AisIr8aFile {
  content: string;
  fileName: string;
  totals: AisAmounts & { records: number };
}

/**
 * The year's AIS IR8A file: header, one detail per employee in the rows' order, trailer, each record
 * followed by CRLF. Refused with every problem (StatutoryFileError) unless aisIr8aProblems finds none.
 */
export function aisIr8aFile(input: AisIr8aInput): AisIr8aFile {
  const codes = input.nationalityCodes ?? IRAS_NATIONALITY_CODES;
  const { employer, rows, year } = input;
  const problems = aisIr8aProblems(employer, rows, codes);
  if (problems.length > 0) throw new StatutoryFileError(problems.map((p) => `${p.name}: ${p.message}`));
  const uen = employer.uen ?? '';
  const header = fixedRecord(AIS_RECORD_LENGTH, [
    '0',
    AIS_CHOICES.source,
    numberField(year, 4, 'Basis year'),
    AIS_CHOICES.paymentType,
    organisationIdType(uen) ?? ' ',
    textField(uen, 12),
    text(employer.authorisedPersonName, 30),
    text(employer.authorisedPersonDesignation, 30),
    text(employer.name, 60),
    text(employer.authorisedPersonPhone, 20),
    text(employer.authorisedPersonEmail, 60),
    AIS_CHOICES.batchIndicator,
    date(input.batchDate),
    blank(30), // division or branch name
    blank(10 + 930),
  ]);
  const details = rows.map((row) => aisDetailRecord(row, codes));
  const totals = rows.map(aisAmounts).reduce(
    (sum, each) => ({
      amount: sum.amount + each.amount,
      salary: sum.salary + each.salary,
      bonus: sum.bonus + each.bonus,
      directorsFees: sum.directorsFees + each.directorsFees,
      others: sum.others + each.others,
      mbf: sum.mbf + each.mbf,
      donations: sum.donations + each.donations,
      cpf: sum.cpf + each.cpf,
    }),
    { amount: 0, salary: 0, bonus: 0, directorsFees: 0, others: 0, mbf: 0, donations: 0, cpf: 0 },
  );
  const total = (value: number, what: string) => numberField(value, 12, what);
  const trailer = fixedRecord(AIS_RECORD_LENGTH, [
    '2',
    numberField(rows.length, 6, 'Number of records'),
    total(totals.amount, 'Total payment'),
    total(totals.salary, 'Total salary'),
    total(totals.bonus, 'Total bonus'),
    total(totals.directorsFees, "Total director's fees"),
    total(totals.others, 'Total others'),
    total(0, 'Total exempt income'),
    total(0, 'Total income for tax borne by employer'),
    total(0, 'Total income for tax borne by employee'),
    total(totals.donations, 'Total donation'),
    total(totals.cpf, 'Total CPF'),
    total(0, 'Total insurance'),
    total(totals.mbf, 'Total MBF'),
    blank(1049),
  ]);
  return {
    content: joinRecords([header, ...details, trailer]),
    fileName: `IR8A_${year}_${uen}.txt`,
    totals: { ...totals, records: rows.length },
  };
}
