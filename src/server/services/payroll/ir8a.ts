import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { todayIso } from '../../../domain/dates';
import { IR8A_PDF_DIRECT_LIMIT } from '../../../domain/document-jobs';
import { PayrollError } from '../../../domain/payroll';
import {
  type Ir8aEmployer,
  type Ir8aFigures,
  type Ir8aPayslip,
  ir8aCsv,
  ir8aFigures,
} from '../../../domain/payroll/ir8a';
import type { DbOrTx } from '../../db/client';
import { openingYtd } from '../../db/opening-schema';
import { payslipIdentities } from '../../db/payslip-identity-schema';
import { employmentInfo, payItems, payslips, staffInfo } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { renderPdfDocument } from '../../pdf/pool';
import { type CompanyDefaults, companyOf } from '../company';
import { isProcessedRow, toEngineItem } from './repository';
import { refusedWith } from './statutory';

/**
 * Form IR8A (issue 15): each employee's processed payslips of a year added up into the form's
 * items (src/domain/payroll/ir8a.ts), as one PDF page per employee or as the employer's CSV.
 */

/** The engine refuses contradictory records (a payslip outside the employment's dates): a 409 naming whom. */
function figuresOf(...args: Parameters<typeof ir8aFigures>): Ir8aFigures {
  try {
    return ir8aFigures(...args);
  } catch (error) {
    if (error instanceof PayrollError) throw conflict(`${args[1].fullName}: ${error.message}`);
    throw error;
  }
}

// Map.groupBy arrives with Node 21; the product runs on Node 20.
function groupBy<T, K>(values: readonly T[], keyOf: (value: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const value of values) {
    const key = keyOf(value);
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

/**
 * The year's processed payslips, with their items, grouped by employee, and each one's opening year
 * to date (issue 38); an employee with an opening but no month processed here has no form from here.
 * Each form names the employee as their latest processed payslip of the year froze them
 * (identities.ts), and the forms are in the order of those names, so a rename after processing
 * changes neither.
 */
export async function yearOfPay(db: DbOrTx, year: number, userId?: number): Promise<Ir8aFigures[]> {
  const where = and(
    eq(payslips.year, year),
    isProcessedRow(),
    userId === undefined ? undefined : eq(payslips.userId, userId),
  );
  const latest = <T>(column: AnyPgColumn) =>
    sql<T>`first_value(${column}) over (partition by ${payslips.userId} order by ${payslips.month} desc)`;
  const rows = await db
    .select({
      payslipId: payslips.id,
      month: payslips.month,
      basicSalaryCents: payslips.basicSalarySnapshotCents,
      employeeCpfCents: payslips.employeeCpfCents,
      shgCents: payslips.shgCents,
      selfHelpGroup: payslips.selfHelpGroupSnapshot,
      totalWageCents: payslips.grossPayCents,
      payDate: payslips.payDate,
      processedAt: payslips.processedAt,
      userId: payslips.userId,
      fullName: latest<string>(payslipIdentities.fullName).as('latest_full_name'),
      idNumber: latest<string | null>(payslipIdentities.idNumber).as('latest_id_number'),
      nationality: latest<string | null>(payslipIdentities.nationality).as('latest_nationality'),
      dateOfBirth: staffInfo.dateOfBirth,
      gender: staffInfo.gender,
      addressBlock: staffInfo.addressBlock,
      addressStreet: staffInfo.addressStreet,
      addressUnit: staffInfo.addressUnit,
      addressPostalCode: staffInfo.addressPostalCode,
      foreignAddress: staffInfo.foreignAddress,
      designation: employmentInfo.designation,
      hireDate: employmentInfo.hireDate,
      lastDayOfService: employmentInfo.lastDayOfService,
    })
    .from(payslips)
    .innerJoin(payslipIdentities, eq(payslipIdentities.payslipId, payslips.id))
    .leftJoin(staffInfo, eq(staffInfo.userId, payslips.userId))
    .leftJoin(employmentInfo, eq(employmentInfo.userId, payslips.userId))
    .where(where)
    .orderBy(sql`latest_full_name`, asc(payslips.userId), asc(payslips.month));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(payItems)
    .where(inArray(payItems.payslipId, db.select({ id: payslips.id }).from(payslips).where(where)));
  const openings = await db
    .select()
    .from(openingYtd)
    .where(and(eq(openingYtd.year, year), userId === undefined ? undefined : eq(openingYtd.userId, userId)));
  const openingOf = new Map(openings.map((row) => [row.userId, row]));
  const itemsOf = groupBy(items, (item) => item.payslipId);
  const byEmployee = groupBy(rows, (row) => row.userId);
  return [...byEmployee.values()].map((months) => {
    const [first] = months as [(typeof months)[number]];
    const payslipsOfYear: Ir8aPayslip[] = months.map((row) => ({
      month: row.month,
      basicSalaryCents: row.basicSalaryCents,
      items: (itemsOf.get(row.payslipId) ?? []).map(toEngineItem),
      employeeCpfCents: row.employeeCpfCents,
      shgCents: row.shgCents,
      selfHelpGroup: row.selfHelpGroup,
      totalWageCents: row.totalWageCents,
      // A processed payslip has both (payslips_processed_check).
      payDate: row.payDate ?? '',
      processedOn: row.processedAt ? todayIso(row.processedAt) : '',
    }));
    return figuresOf(
      year,
      {
        userId: first.userId,
        fullName: first.fullName,
        idNumber: first.idNumber ?? '',
        designation: first.designation,
        dateOfBirth: first.dateOfBirth,
        gender: first.gender,
        nationality: first.nationality,
        hireDate: first.hireDate,
        lastDayOfService: first.lastDayOfService,
        address: {
          addressBlock: first.addressBlock,
          addressStreet: first.addressStreet,
          addressUnit: first.addressUnit,
          addressPostalCode: first.addressPostalCode,
          foreignAddress: first.foreignAddress,
        },
      },
      payslipsOfYear,
      openingOf.get(first.userId),
    );
  });
}

const UEN_NEEDED =
  "The company's UEN is not set: an IR8A names the employer by it. Enter it on the Company page.";

export async function employerOf(db: DbOrTx, defaults: CompanyDefaults): Promise<Ir8aEmployer> {
  const company = await companyOf(db, defaults);
  if (!company.uen) throw conflict(UEN_NEEDED);
  return {
    name: company.name,
    uen: company.uen,
    address: company.address,
    authorisedPersonName: company.authorisedPersonName,
    authorisedPersonDesignation: company.authorisedPersonDesignation,
    authorisedPersonPhone: company.authorisedPersonPhone,
    authorisedPersonEmail: company.authorisedPersonEmail,
  };
}

/** GET /payslips/ir8a: every employee paid in the year, as one PDF or as the employer's CSV. */
export async function companyIr8a(
  db: DbOrTx,
  { year, format }: { year: number; format: 'pdf' | 'csv' },
  defaults: CompanyDefaults,
) {
  const employer = await employerOf(db, defaults);
  const figures = await yearOfPay(db, year);
  if (figures.length === 0) throw conflict(`No payslip is processed for ${year}.`);
  if (format === 'csv') {
    // A name with no Latin spelling is a 409 naming the employee, as the month's files answer.
    const body = refusedWith(() => ir8aCsv(employer, figures));
    return { kind: 'csv' as const, body, fileName: `ir8a-${year}.csv` };
  }
  // A larger document is drawn as a job, written to storage as it is drawn (./ir8a-jobs.ts).
  if (figures.length > IR8A_PDF_DIRECT_LIMIT) {
    throw conflict(
      `${figures.length} employees were paid in ${year}: their IR8A forms are made in the background. ` +
        `Start the job with POST /api/payslips/ir8a/jobs and download the PDF when it is done.`,
      { code: 'IR8A_USE_JOB', field: 'year' },
    );
  }
  const pdf = await renderPdfDocument({
    kind: 'ir8a',
    data: { employer, figures },
  });
  return { kind: 'pdf' as const, body: pdf, fileName: `ir8a-${year}.pdf` };
}

/** GET /users/{id}/ir8a: one employee's form; STAFF only their own. */
export async function userIr8a(
  db: DbOrTx,
  { userId, year }: { userId: number; year: number },
  defaults: CompanyDefaults,
) {
  const figures = await yearOfPay(db, year, userId);
  if (figures.length === 0) throw notFound(`No payslip was processed for ${year}, so there is no IR8A.`);
  const employer = await employerOf(db, defaults);
  const pdf = await renderPdfDocument({
    kind: 'ir8a',
    data: { employer, figures },
  });
  return { pdf, fileName: `ir8a-${year}-${userId}.pdf` };
}
