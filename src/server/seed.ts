import { count, sql } from 'drizzle-orm';
import { addDaysIso, todayIso } from '../domain/dates';
import { DEFAULT_LEAVE_TYPES } from '../domain/enums';
import { leaveDays, MINIMUM_LEAVE_DAYS } from '../domain/leave-days';
import { entitledDays, type Service } from '../domain/leave-entitlement';
import { leaveDecisionStatus } from '../domain/lifecycles/leave-request.lifecycle';
import type { Config } from './config';
import type { Db, DbOrTx } from './db/client';
import { company, companyBankAccounts } from './db/company-schema';
import { users } from './db/schema';
import { insertLeaveBalances, insertLeaveTypes, insertOnboarding, insertUser } from './factories';
import { hashPassword } from './lib/secrets';
import {
  DEMO_ADMIN_NAME,
  DEMO_COMPANY_ACCOUNT,
  DEMO_COMPANY_PARTICULARS,
  DEMO_LEAVE_REQUESTS,
  DEMO_STAFF,
  DEMO_STAFF_PASSWORD,
  type DemoLeaveRequest,
} from './seed/demo-company';
import { seedPayroll } from './seed-payroll';
import { writeAudit } from './services/audit';
import { leavePoliciesOf, updateLeavePolicy } from './services/leave-entitlements';
import { createLeaveRequest, decideLeaveRequest } from './services/leave-requests';
import { holidaysBetween } from './services/public-holidays';
import { type FileStorage, newAttachmentKey } from './storage/storage';

export { DEMO_STAFF_PASSWORD };

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

type SeedConfig = Pick<
  Config,
  'seedAdminEmail' | 'seedAdminPassword' | 'companyEmailDomain' | 'companyName'
> &
  Partial<Pick<Config, 'demoData'>>;

/**
 * Seeds an empty database once: the demo company, or with DEMO_DATA=false (demoData false) a clean one.
 * A second start finds users and does nothing.
 */
export async function seedIfEmpty(db: Db, config: SeedConfig, storage?: FileStorage): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  const demo = config.demoData ?? true;
  const adminHash = await hashPassword(config.seedAdminPassword);
  const staffHash = demo ? await hashPassword(DEMO_STAFF_PASSWORD) : '';
  return db.transaction(async (tx) => {
    // Two starts racing on one empty database: the second waits here and then finds the seed done.
    await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return false;
    if (demo) await seedDemoCompany(tx, config, { adminHash, staffHash }, storage);
    else await seedCleanCompany(tx, config, adminHash);
    return true;
  });
}

/** The first administrator's name until they change it (a clean company has no one else to name). */
export const FIRST_ADMIN_NAME = 'Administrator';

/**
 * DEMO_DATA=false (issue 38): the company record, named COMPANY_NAME with its particulars left for the
 * administrator, the leave types with their statutory policies (the product's, not demo data), and the
 * first administrator, who sets a password of their own at first sign-in. No staff, leave or pay.
 */
export async function seedCleanCompany(
  db: DbOrTx,
  config: Pick<SeedConfig, 'seedAdminEmail' | 'companyName'>,
  adminHash: string,
) {
  await db.insert(company).values({ name: config.companyName });
  await insertLeaveTypes(db, DEFAULT_LEAVE_TYPES);
  await insertUser(db, {
    email: config.seedAdminEmail,
    fullName: FIRST_ADMIN_NAME,
    role: 'ADMIN',
    passwordHash: adminHash,
    mustChangePassword: true,
  });
  await writeAudit(db, {
    actorUserId: null,
    action: 'company.created',
    entity: 'company',
    details: { demoData: false },
  });
}

/**
 * A small PDF letter for a demo attachment. pdfkit is loaded only here, on the start that seeds: at
 * every start it was the largest package the server loaded (docs/performance.md, start-up).
 */
async function demoLetter(letter: NonNullable<DemoLeaveRequest['pdfAttachment']>) {
  const { renderPdf } = await import('./pdf/document');
  return renderPdf({ title: letter.title }, (doc) => {
    doc.fontSize(16).text(letter.title);
    doc.moveDown();
    doc.fontSize(11);
    for (const line of letter.lines) doc.text(line);
  });
}

/**
 * The demo company of `seed/demo-company.ts`, for today's date. With a storage the demo attachments are
 * stored too; without one (tests of other things) those requests go without their file.
 */
export async function seedDemoCompany(
  db: DbOrTx,
  config: Pick<SeedConfig, 'seedAdminEmail' | 'companyEmailDomain' | 'companyName'>,
  hashes: { adminHash: string; staffHash: string },
  storage?: FileStorage,
) {
  const today = todayIso();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));

  // The demo administrator makes the IR8A's declaration.
  await db.insert(company).values({
    name: config.companyName,
    ...DEMO_COMPANY_PARTICULARS,
    authorisedPersonName: DEMO_ADMIN_NAME,
    authorisedPersonDesignation: 'HR Manager',
    authorisedPersonEmail: config.seedAdminEmail,
  });
  await db
    .insert(companyBankAccounts)
    .values({ position: 0, ...DEMO_COMPANY_ACCOUNT, accountName: config.companyName });
  await insertLeaveTypes(db, DEFAULT_LEAVE_TYPES);
  const policies = await leavePoliciesOf(db);
  const admin = await insertUser(db, {
    email: config.seedAdminEmail,
    fullName: DEMO_ADMIN_NAME,
    role: 'ADMIN',
    passwordHash: hashes.adminHash,
  });
  const adminActor = { id: admin.id, role: 'ADMIN' as const };
  // A demo company is one already set up: its administrator has reviewed the statutory policies
  // (the setup checklist's step), keeping Annual Leave's as the Act gives it.
  const annual = policies.find((p) => p.leaveType.name === 'Annual Leave');
  if (annual) await updateLeavePolicy(db, adminActor, annual.leaveTypeId, annual);

  const staffIds = new Map<string, number>();
  for (const person of DEMO_STAFF) {
    const user = await insertUser(db, {
      email: `${person.email}@${config.companyEmailDomain}`,
      fullName: person.fullName,
      role: 'STAFF',
      passwordHash: hashes.staffHash,
      mustChangePassword: person.mustChangePassword ?? false,
    });
    if (person.onboarded === false) continue;
    staffIds.set(person.email, user.id);
    await insertOnboarding(
      db,
      user.id,
      {
        nric: person.nric ?? ['S', '0000000'],
        gender: person.gender ?? null,
        dateOfBirth: person.dateOfBirth ?? '1990-01-01',
        race: person.race ?? 'Others',
        nationality: person.nationality ?? 'SINGAPORE CITIZEN',
        designation: person.designation ?? 'Staff',
        hireDate: person.hireDate ?? '2024-01-02',
        confirmedDate: person.confirmedDate ?? null,
        passType: person.passType ?? 'Singapore',
        employmentType: person.employmentType ?? 'Full Time',
        lastDayOfService: person.resigned?.lastDayOfService ?? null,
        salary: person.salary ?? 3000,
        cpfType: person.cpfType ?? 'NONE',
        cpfSection: person.cpfSection ?? 'NONE',
        selfHelpGroup: person.selfHelpGroup ?? 'NONE',
        bank: person.bank,
      },
      { year, month },
    );
    // The allowances onboarding would have prefilled: what the policies give for the person's service and
    // gender, so the demo teaches that they follow the policies (issue 34).
    const service: Service = {
      hireDate: person.hireDate ?? '2024-01-02',
      lastDate: person.resigned?.lastDayOfService ?? null,
      gender: person.gender ?? null,
    };
    const allowancesIn = (y: number) =>
      policies.map((policy) => ({
        leaveTypeId: policy.leaveTypeId,
        totalDays: entitledDays(policy, policy.statute, service, y),
      }));
    await insertLeaveBalances(db, user.id, year, allowancesIn(year));
    // Last year's too for those hired before it ended, so leave across the year end has an allowance there.
    if (service.hireDate < `${year}-01-01`)
      await insertLeaveBalances(db, user.id, year - 1, allowancesIn(year - 1));
  }

  // The demo's dates are counted as the server counts them: with the holidays in the table.
  const holidays = await holidaysBetween(db, `${year - 1}-01-01`, `${year + 1}-12-31`);
  for (const request of DEMO_LEAVE_REQUESTS) {
    const userId = staffIds.get(request.who);
    if (userId === undefined) throw new Error(`seed: ${request.who} is not onboarded demo staff`);
    // Days are counted from today, so a date may fall on a weekend or holiday: move the whole request on
    // until it takes at least half a day.
    const anchor = request.aroundYearEnd ? `${year - 1}-12-31` : today;
    let shift = 0;
    const period = () => ({
      fromDate: addDaysIso(anchor, request.from + shift),
      fromDateIsAm: request.fromAm,
      toDate: addDaysIso(anchor, request.to + shift),
      toDateIsAm: request.toAm,
    });
    const counted = () => leaveDays(period(), { calendarDays: false, holidays });
    while (shift < 7 && counted() < MINIMUM_LEAVE_DAYS) shift += 1;
    if (counted() < MINIMUM_LEAVE_DAYS) continue;
    const { fromDate, toDate } = period();
    // Keep the demo inside the years that have balances: this one, and last year for the year-end request.
    const earliest = String(request.aroundYearEnd ? year - 1 : year);
    if (fromDate.slice(0, 4) < earliest || toDate.slice(0, 4) !== String(year)) continue;
    let fileUrl: string | undefined;
    if (request.pdfAttachment && storage) {
      fileUrl = newAttachmentKey(userId, request.pdfAttachment.fileName, 'application/pdf');
      await storage.put(fileUrl, await demoLetter(request.pdfAttachment), 'application/pdf');
    }
    // Through the services, as users would: the staff member asks, the administrator decides.
    const created = await createLeaveRequest(
      db,
      { id: userId, role: 'STAFF' },
      {
        userId,
        leaveType: request.type,
        reason: request.reason,
        fromDate,
        fromDateIsAm: request.fromAm,
        toDate,
        toDateIsAm: request.toAm,
        fileUrl,
      },
      { storage },
    );
    if (request.decision) {
      await decideLeaveRequest(db, adminActor, {
        id: created.id,
        status: leaveDecisionStatus[request.decision],
      });
    }
  }
  await seedPayroll(db, adminActor, today, staffIds);
  await writeAudit(db, {
    actorUserId: null,
    action: 'company.seeded',
    entity: 'company',
    details: { staff: DEMO_STAFF.length },
  });
}
