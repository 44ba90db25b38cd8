import { and, asc, eq, max, sql } from 'drizzle-orm';
import { type Company, payingAccountOf } from '../../../domain/company';
import { addDaysIso, todayIso } from '../../../domain/dates';
import { maskNric } from '../../../domain/masking';
import { centsToAmount } from '../../../domain/money';
import { PayrollError, type SelfHelpGroupFund, sdlPayableCents } from '../../../domain/payroll';
import {
  type CpfFileEmployee,
  cpfEmploymentStatus,
  cpfEzpayFile,
  cpfEzpayProblems,
  SALARY_FILE_BANKS,
  type SalaryFileBank,
  salaryFile,
} from '../../../domain/payroll/statutory';
import {
  type CpfSummary,
  defaultBankValueDate,
  type ValueDateSource,
  valueDateProblem,
} from '../../../domain/submissions';
import type { DbOrTx } from '../../db/client';
import { payslipIdentities } from '../../db/payslip-identity-schema';
import { employmentInfo, payslips } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { badRequest, conflict } from '../../lib/http-error';
import { renderPdfDocument } from '../../pdf/pool';
import type { Actor } from '../actor';
import { writeAudit } from '../audit';
import { type CompanyDefaults, companyOf } from '../company';
import { splitWithheld } from '../ir21';
import { recordReleasedFile, releasedPayments, releasedRows } from '../ir21-release';
import { holidaysBetween } from '../public-holidays';
import { assertPayRunReleased } from './pay-runs';
import { isPaidInPeriod } from './period-rows';
import { isProcessedRow, type Period, periodLabel } from './repository';

/**
 * The month's hand-over (issue 15): the CPF EZPay file, the CPF summary and the bank's salary file,
 * all from the processed payslips; the formats themselves are pure formatters in
 * src/domain/payroll/statutory.
 */

/** The funds in the order of their CPF payment codes (02 MBMF, 03 SINDA, 04 CDAC, 05 ECF), as the file lists them. */
const FUNDS_IN_PAYMENT_CODE_ORDER: readonly SelfHelpGroupFund[] = ['MBMF', 'SINDA', 'CDAC', 'ECF'];

/**
 * One processed payslip of the month with what the files need of its employee: who they were, and
 * the account paid, as frozen at processing (identities.ts), so the files stay as they were made.
 */
async function processedMonth(db: DbOrTx, { year, month }: Period) {
  return db
    .select({
      payslipId: payslips.id,
      userId: payslips.userId,
      name: payslipIdentities.fullName,
      idNumber: payslipIdentities.idNumber,
      hireDate: employmentInfo.hireDate,
      lastDayOfService: employmentInfo.lastDayOfService,
      payDate: payslips.payDate,
      ordinaryWageCents: payslips.ordinaryWageCents,
      additionalWageCents: payslips.additionalWageCents,
      employeeCpfCents: payslips.employeeCpfCents,
      employerCpfCents: payslips.employerCpfCents,
      shgCents: payslips.shgCents,
      selfHelpGroup: payslips.selfHelpGroupSnapshot,
      sdlCents: payslips.sdlCents,
      netPayableCents: payslips.netPayableCents,
      bankName: payslipIdentities.bankName,
      bankCode: payslipIdentities.bankCode,
      branchCode: payslipIdentities.branchCode,
      accountNo: payslipIdentities.accountNo,
    })
    .from(payslips)
    .innerJoin(payslipIdentities, eq(payslipIdentities.payslipId, payslips.id))
    .innerJoin(employmentInfo, eq(employmentInfo.userId, payslips.userId))
    .where(and(eq(payslips.year, year), eq(payslips.month, month), isProcessedRow()))
    .orderBy(asc(payslipIdentities.fullName), asc(payslips.userId));
}
type MonthRow = Awaited<ReturnType<typeof processedMonth>>[number];

/** Staff paid for the month whose payslip is not processed (or not even opened) yet. */
async function unprocessedCount(db: DbOrTx, { year, month }: Period): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n
      from users u
        join employment_info ei on ei.user_id = u.id
        join staff_info si on si.user_id = u.id
        join payment_info pi on pi.user_id = u.id
      where ${isPaidInPeriod(year, month)}
        and not exists (select 1 from payslips where payslips.user_id = u.id and payslips.year = ${year}
          and payslips.month = ${month} and ${isProcessedRow()})`,
  );
  return Number(row?.n ?? 0);
}

const fundOf = (group: MonthRow['selfHelpGroup']): SelfHelpGroupFund | null =>
  group === 'NONE' ? null : group;

const toCpfEmployee =
  ({ year, month }: Period) =>
  (row: MonthRow): CpfFileEmployee => {
    const fund = fundOf(row.selfHelpGroup);
    return {
      userId: row.userId,
      name: row.name,
      idNumber: row.idNumber ?? '',
      totalCpfCents: row.employeeCpfCents + row.employerCpfCents,
      ordinaryWageCents: row.ordinaryWageCents,
      additionalWageCents: row.additionalWageCents,
      status: cpfEmploymentStatus(row.hireDate, row.lastDayOfService, year, month),
      shg: fund && row.shgCents > 0 ? { fund, cents: row.shgCents } : null,
    };
  };

/** Singapore's date and time now, as the files' creation stamps take them. */
function createdAtNow(now = new Date()) {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Singapore',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  return { date: todayIso(now), time };
}

const uenMissing = "The company's UEN is not set: enter it on the Company page.";
const nothingProcessed = (period: Period) =>
  `No payslip is processed for ${periodLabel(period.year, period.month)}.`;

/** What stops the month's CPF file, as the check list and the refusal say it. */
function cpfProblems(company: Company, rows: readonly MonthRow[], period: Period, adviceCode = '01') {
  if (!company.uen || !company.cpfSubmissionNumber) return [uenMissing];
  if (rows.length === 0) return [nothingProcessed(period)];
  try {
    return cpfEzpayProblems(cpfInput(company.cpfSubmissionNumber, rows, period, adviceCode));
  } catch (error) {
    if (error instanceof PayrollError) return [error.message];
    throw error;
  }
}

function cpfInput(csn: string, rows: readonly MonthRow[], period: Period, adviceCode: string) {
  return {
    csn,
    adviceCode,
    ...period,
    createdAt: createdAtNow(),
    employees: rows.map(toCpfEmployee(period)),
    sdlCents: rows.map((row) => row.sdlCents),
  };
}

/** GET /payslips/cpf-summary: the month's CPF, SDL and self-help-group amounts, and what stops the file. */
export async function cpfSummary(db: DbOrTx, period: Period, defaults: CompanyDefaults): Promise<CpfSummary> {
  return (await summaryMonth(db, period, defaults)).summary;
}

/**
 * GET /payslips/cpf-summary/pdf: the same summary as a PDF for the finance file, with each
 * employee's contributions (NRIC/FIN masked).
 */
export async function cpfSummaryPdf(db: DbOrTx, period: Period, defaults: CompanyDefaults) {
  const { company, rows, summary } = await summaryMonth(db, period, defaults);
  // The checks name an employee's NRIC/FIN as stored; the PDF prints it masked, as everywhere else.
  const ids = rows.map((row) => (row.idNumber ?? '').trim().toUpperCase()).filter((id) => id.length >= 5);
  const masked = (text: string) => ids.reduce((out, id) => out.replaceAll(id, maskNric(id)), text);
  const pdf = await renderPdfDocument({
    kind: 'cpfSummary',
    data: {
      companyName: company.name,
      uen: company.uen,
      cpfSubmissionNumber: company.cpfSubmissionNumber,
      summary: { ...summary, problems: summary.problems.map(masked) },
      rows: rows.map((row) => ({
        name: row.name,
        maskedId: row.idNumber ? maskNric(row.idNumber) : '',
        ordinaryWageCents: row.ordinaryWageCents,
        additionalWageCents: row.additionalWageCents,
        employeeCpfCents: row.employeeCpfCents,
        employerCpfCents: row.employerCpfCents,
        fund: fundOf(row.selfHelpGroup),
        shgCents: row.shgCents,
      })),
    },
  });
  return { pdf, fileName: `cpf-summary-${period.year}-${String(period.month).padStart(2, '0')}.pdf` };
}

async function summaryMonth(db: DbOrTx, period: Period, defaults: CompanyDefaults) {
  const [company, rows, unprocessed] = await Promise.all([
    companyOf(db, defaults),
    processedMonth(db, period),
    unprocessedCount(db, period),
  ]);
  const sum = (pick: (row: MonthRow) => number, of: readonly MonthRow[] = rows) =>
    of.reduce((total, row) => total + pick(row), 0);
  const employeeCpf = sum((row) => row.employeeCpfCents);
  const employerCpf = sum((row) => row.employerCpfCents);
  const sdl = sdlPayableCents(rows.map((row) => row.sdlCents));
  const shg = FUNDS_IN_PAYMENT_CODE_ORDER.map((fund) => {
    const donors = rows.filter((row) => row.selfHelpGroup === fund && row.shgCents > 0);
    return { fund, donors: donors.length, cents: sum((row) => row.shgCents, donors) };
  });
  const shgTotal = shg.reduce((total, line) => total + line.cents, 0);
  const summary: CpfSummary = {
    ...period,
    employees: rows.length,
    employeeCpf: centsToAmount(employeeCpf),
    employerCpf: centsToAmount(employerCpf),
    totalCpf: centsToAmount(employeeCpf + employerCpf),
    sdl: centsToAmount(sdl),
    shg: shg.map(({ fund, donors, cents }) => ({ fund, donors, amount: centsToAmount(cents) })),
    totalPayable: centsToAmount(employeeCpf + employerCpf + shgTotal + sdl),
    unprocessed,
    problems: cpfProblems(company, rows, period),
    withheld: (await splitWithheld(db, period, rows)).withheld,
    released: await releasedPayments(db, period, rows),
  };
  return { company, rows, summary };
}

/**
 * Turns a formatter's refusal into the API's: a 409 that lists what to fix. A record the engine
 * cannot read (a payslip for a month outside the person's employment, after their dates changed)
 * is refused the same way, naming what it found.
 */
export function refusedWith<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof PayrollError) throw conflict(error.message);
    throw error;
  }
}

/** GET /payslips/cpf-file: the CPF EZPay (FTP) file of the month's processed payslips. */
export async function cpfFile(
  db: DbOrTx,
  actor: Actor,
  input: Period & { adviceCode: string },
  defaults: CompanyDefaults,
) {
  const period = { year: input.year, month: input.month };
  await assertPayRunReleased(db, period);
  const [company, rows] = await Promise.all([companyOf(db, defaults), processedMonth(db, period)]);
  const problems = cpfProblems(company, rows, period, input.adviceCode);
  if (problems.length > 0 || !company.cpfSubmissionNumber) throw conflict(problems.join(' '));
  const file = refusedWith(() =>
    cpfEzpayFile(cpfInput(company.cpfSubmissionNumber ?? '', rows, period, input.adviceCode)),
  );
  await writeAudit(db, {
    actorUserId: actor.id,
    action: 'cpfFile.downloaded',
    entity: 'payroll',
    entityId: `${input.year}-${input.month}`,
    details: { fileName: file.fileName, totalCents: file.totalCents, records: file.recordCount },
  });
  return file;
}

const isSalaryFileBank = (bank: string): bank is SalaryFileBank =>
  (SALARY_FILE_BANKS as readonly string[]).includes(bank);

/**
 * GET /payslips/bank-file: the salary file that pays each processed payslip's net payable; with
 * `payments: 'released'`, only the payments IRAS's IR21 clearance released (recorded, so Submissions
 * can say when).
 */
export async function bankFile(
  db: DbOrTx,
  actor: Actor,
  input: Period & { bank: string; valueDate?: string; sequence?: number; payments?: 'all' | 'released' },
  defaults: CompanyDefaults,
) {
  const bank = input.bank.toUpperCase();
  if (!isSalaryFileBank(bank)) {
    throw badRequest(
      `Unknown bank "${input.bank}": salary files are made for ${SALARY_FILE_BANKS.join(', ')}.`,
      { code: 'BANK_UNKNOWN' },
    );
  }
  const period = { year: input.year, month: input.month };
  await assertPayRunReleased(db, period);
  const today = todayIso();
  // The company's public holidays from today on (and from a chosen date, to name it): business days
  // are read from them, as the leave day counts are.
  const holidays = await holidaysBetween(db, today, addDaysIso(today, 400));
  if (input.valueDate !== undefined) {
    const problem = valueDateProblem(input.valueDate, today, holidays);
    if (problem) throw badRequest(problem, { code: 'VALUE_DATE_REFUSED' });
  }
  const [company, rows, [payDates]] = await Promise.all([
    companyOf(db, defaults),
    processedMonth(db, period),
    db
      .select({ payDate: max(payslips.payDate) })
      .from(payslips)
      .where(and(eq(payslips.year, period.year), eq(payslips.month, period.month), isProcessedRow())),
  ]);
  if (rows.length === 0) throw conflict(nothingProcessed(period));
  // A foreign leaver's pay waits for IRAS's clearance (IR21): listed, not paid.
  const { paid, withheld } = await splitWithheld(db, period, rows);
  const releasedOnly = input.payments === 'released';
  // Released payments alone: the month's file, if already uploaded, paid everyone else.
  const payable = releasedOnly ? await releasedRows(db, period, rows) : paid;
  if (releasedOnly && payable.length === 0) {
    throw conflict(
      `No payment of ${periodLabel(period.year, period.month)} is released after IR21 tax clearance: record IRAS's clearance on the staff record first.`,
    );
  }
  if (payable.every((row) => row.netPayableCents === 0)) {
    throw conflict(
      `Every payment of ${periodLabel(period.year, period.month)} is withheld for IR21 tax clearance.`,
    );
  }
  // Each bank's file debits the company's account at that bank, never another bank's.
  const account = payingAccountOf(company, bank);
  if (!account) {
    throw conflict(
      `The company has no ${bank} account: add its ${bank} account on the Company page to make a ${bank} salary file.`,
    );
  }
  const { valueDate, source } =
    input.valueDate !== undefined
      ? { valueDate: input.valueDate, source: 'chosen' as ValueDateSource }
      : defaultBankValueDate(payDates?.payDate ?? null, today, holidays);
  const file = refusedWith(() =>
    salaryFile({
      bank,
      originator: {
        name: account.accountName ?? company.name,
        bankName: account.bankName,
        accountNo: account.accountNo,
        organisationId: account.organisationId,
      },
      ...period,
      valueDate,
      createdAt: createdAtNow(),
      // The released file follows the month's: second of the month unless told (DBS and OCBC add -02).
      sequence: input.sequence ?? (releasedOnly ? 2 : 1),
      // Nothing to pay is no payment: a month of unpaid leave nets to zero.
      payments: payable
        .filter((row) => row.netPayableCents !== 0)
        .map((row) => ({
          userId: row.userId,
          name: row.name,
          bankName: row.bankName,
          bankCode: row.bankCode,
          branchCode: row.branchCode,
          accountNo: row.accountNo,
          amountCents: row.netPayableCents,
        })),
    }),
  );
  const details = {
    bank,
    valueDate,
    valueDateSource: source,
    count: file.count,
    totalCents: file.totalCents,
    withheld: withheld.map((row) => row.userId),
  };
  if (releasedOnly) {
    await recordReleasedFile(db, actor, {
      period,
      fileOn: today,
      fileName: file.fileName,
      rows: payable,
      details,
    });
  } else {
    await writeAudit(db, {
      actorUserId: actor.id,
      action: 'bankFile.downloaded',
      entity: 'payroll',
      entityId: `${input.year}-${input.month}`,
      details: { ...details, fileName: file.fileName },
    });
  }
  const released = releasedOnly ? payable.map((row) => row.userId) : [];
  return { ...file, valueDate, valueDateSource: source, withheld, released };
}
