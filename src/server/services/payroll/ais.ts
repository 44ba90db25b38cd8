import { todayIso } from '../../../domain/dates';
import {
  type AisEmployer,
  type AisProblem,
  aisIr8aFile,
  aisIr8aProblems,
} from '../../../domain/payroll/statutory';
import type { AisCheck } from '../../../domain/submissions';
import type { DbOrTx } from '../../db/client';
import { conflict } from '../../lib/http-error';
import type { Actor } from '../actor';
import { writeAudit } from '../audit';
import { type CompanyDefaults, companyOf } from '../company';
import { yearOfPay } from './ir8a';
import { refusedWith } from './statutory';

/**
 * The year's IR8A records for IRAS's Auto-Inclusion Scheme (issue 32.13): what stops them, per
 * employee, and the file itself (src/domain/payroll/statutory/ais-ir8a.ts), from the same figures
 * as the IR8A PDF and CSV.
 */

async function employerOf(db: DbOrTx, defaults: CompanyDefaults): Promise<AisEmployer> {
  const company = await companyOf(db, defaults);
  return {
    name: company.name,
    uen: company.uen,
    authorisedPersonName: company.authorisedPersonName,
    authorisedPersonDesignation: company.authorisedPersonDesignation,
    authorisedPersonPhone: company.authorisedPersonPhone,
    authorisedPersonEmail: company.authorisedPersonEmail,
  };
}

const noPayslips = (year: number) => `No payslip is processed for ${year}.`;

/** GET /payslips/ir8a/ais-check: every problem, the company's under user 0; a year without payslips is one. */
export async function aisCheck(db: DbOrTx, year: number, defaults: CompanyDefaults): Promise<AisCheck> {
  const [employer, figures] = await Promise.all([employerOf(db, defaults), yearOfPay(db, year)]);
  const problems: AisProblem[] = aisIr8aProblems(employer, figures);
  if (figures.length === 0) {
    problems.push({ userId: 0, name: employer.name, field: 'payslips', message: noPayslips(year) });
  }
  return { year, employees: figures.length, problems };
}

/** GET /payslips/ir8a?format=ais: the file, or a 409 while the check lists anyone to fix. */
export async function aisFile(db: DbOrTx, actor: Actor, year: number, defaults: CompanyDefaults) {
  const [employer, figures] = await Promise.all([employerOf(db, defaults), yearOfPay(db, year)]);
  // The CSV's answer for an empty year.
  if (figures.length === 0) throw conflict(noPayslips(year));
  const problems = aisIr8aProblems(employer, figures);
  if (problems.length > 0) {
    // The company counts as one when it has problems of its own.
    const count = new Set(problems.map((problem) => problem.userId)).size;
    throw conflict(`${count} employees need fixing before the AIS file can be made: see the AIS check.`);
  }
  const file = refusedWith(() => aisIr8aFile({ year, employer, rows: figures, batchDate: todayIso() }));
  await writeAudit(db, {
    actorUserId: actor.id,
    action: 'aisFile.downloaded',
    entity: 'payroll',
    entityId: String(year),
    details: { fileName: file.fileName, records: file.totals.records, totalDollars: file.totals.amount },
  });
  return file;
}
