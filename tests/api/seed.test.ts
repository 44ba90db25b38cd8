import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../../src/domain/dates';
import { RACES } from '../../src/domain/enums';
import { isValidNric } from '../../src/domain/nric';
import { lastRatedPeriod } from '../../src/domain/payroll';
import { nextPeriod } from '../../src/domain/payroll/period';
import { setupComplete } from '../../src/domain/setup';
import { staffInfoBodySchema } from '../../src/domain/staff-info';
import type { Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/db/client';
import {
  employmentInfo,
  leaveBalances,
  leaveRequestDays,
  leaveRequests,
  leaveTypes,
  payItems,
  paymentInfo,
  payslips,
  staffInfo,
  users,
} from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { seedIfEmpty } from '../../src/server/seed';
import { setupChecklist } from '../../src/server/services/setup';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk';
import { openTestDatabase, testDatabaseKind } from './harness';

const config = {
  seedAdminEmail: 'admin@company.test',
  seedAdminPassword: 'Admin@12345',
  companyEmailDomain: 'company.test',
  companyName: 'Demo Company Pte. Ltd.',
};
let database: Database;
const filesDir = mkdtempSync(path.join(tmpdir(), 'hr-seed-files-'));
const storage = createLocalDiskStorage({ dir: filesDir, secret: 'seed-test-secret-seed-test-secret' });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('seeds an empty database once, and a second start does nothing', async () => {
    expect(await seedIfEmpty(database.db, config, storage)).toBe(true);
    const before = await database.db.select({ n: count() }).from(users);
    expect(await seedIfEmpty(database.db, config)).toBe(false);
    const after = await database.db.select({ n: count() }).from(users);
    expect(after).toEqual(before);
  });

  it('is a company already set up: its administrator sees no setup step left (issue 38)', async () => {
    const setup = await setupChecklist(database.db, todayIso());
    // Opening balances are the one step it may leave: the demo's payroll did not start here mid-year.
    expect(setup.steps.filter((step) => !step.done).map((step) => step.key)).toEqual(['openingBalances']);
    expect(setupComplete(setup)).toBe(true);
  });

  it('has the admin, about a dozen staff, one not onboarded and one who must set a password', async () => {
    const all = await database.db.select().from(users);
    const admins = all.filter((u) => u.role === 'ADMIN');
    const staff = all.filter((u) => u.role === 'STAFF');
    expect(admins.map((a) => a.email)).toEqual(['admin@company.test']);
    expect(staff.length).toBeGreaterThanOrEqual(10);
    expect(staff.every((s) => s.email.endsWith('@company.test'))).toBe(true);
    expect(staff.filter((s) => s.mustChangePassword)).toHaveLength(1);

    const withStaffInfo = new Set(
      (await database.db.select({ id: staffInfo.userId }).from(staffInfo)).map((r) => r.id),
    );
    expect(staff.filter((s) => !withStaffInfo.has(s.id))).toHaveLength(1);
  });

  it('gives realistic Singapore records: valid NRIC/FIN, several races, CPF types and banks', async () => {
    const infos = await database.db.select().from(staffInfo);
    expect(infos.every((i) => isValidNric(i.nric))).toBe(true);
    expect(new Set(infos.map((i) => i.race)).size).toBeGreaterThanOrEqual(4);
    const payments = await database.db.select().from(paymentInfo);
    expect(new Set(payments.map((p) => p.cpfType)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(payments.map((p) => p.bankName)).size).toBeGreaterThanOrEqual(5);
    const citizen = payments.find((p) => p.cpfType === 'SINGAPORE CITIZEN');
    expect(citizen?.employeeCpfRate).toBeGreaterThan(0);
    expect(payments.filter((p) => p.cpfType === 'NONE').every((p) => p.employeeCpfRate === null)).toBe(true);
  });

  it('has staff in every state: active, resigned with a last day, of both genders and every race', async () => {
    const employment = await database.db.select().from(employmentInfo);
    const resigned = employment.filter((e) => e.employmentStatus === 'RESIGNED');
    expect(resigned.length).toBeGreaterThanOrEqual(1);
    expect(resigned.every((e) => e.lastDayOfService !== null && e.lastDayOfService >= e.hireDate)).toBe(true);
    expect(
      employment.filter((e) => e.employmentStatus === 'ACTIVE').every((e) => e.lastDayOfService === null),
    ).toBe(true);
    expect(new Set(employment.map((e) => e.passType)).size).toBeGreaterThanOrEqual(4);
    const infos = await database.db.select().from(staffInfo);
    expect(new Set(infos.map((i) => i.gender))).toEqual(new Set(['Male', 'Female']));
    expect(new Set(infos.map((i) => i.race))).toEqual(new Set(RACES));
    // Every record passes the same checks the API applies.
    for (const info of infos) expect(staffInfoBodySchema.safeParse(info).success, info.nric).toBe(true);
  });

  it('has the eight leave types, balances for this year and requests in all three statuses', async () => {
    const types = await database.db.select().from(leaveTypes);
    expect(types.map((t) => t.name).sort()).toEqual(
      [
        'Annual Leave',
        'Medical Leave',
        'Hospitalisation Leave',
        'Childcare Leave',
        'Maternity Leave',
        'Paternity Leave',
        'Compassionate Leave',
        'Unpaid Leave',
      ].sort(),
    );
    // Hospitalisation and maternity leave run in calendar days; the others in working days.
    expect(types.filter((t) => t.countsCalendarDays).map((t) => t.name)).toEqual([
      'Hospitalisation Leave',
      'Maternity Leave',
    ]);
    const unpaid = types.find((t) => t.name === 'Unpaid Leave');
    const balances = await database.db.select().from(leaveBalances);
    expect(balances.length).toBeGreaterThan(0);
    const unpaidBalances = balances.filter((b) => b.leaveTypeId === unpaid?.id);
    expect(unpaidBalances.every((b) => b.totalDays === null)).toBe(true);
    const requests = await database.db.select().from(leaveRequests);
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(['PENDING', 'APPROVED', 'REJECTED']));
    // Approved days are counted as used on the balance.
    const approved = requests.filter((r) => r.status === 'APPROVED');
    for (const request of approved) {
      const [balance] = await database.db
        .select()
        .from(leaveBalances)
        .where(eq(leaveBalances.userId, request.userId));
      expect(balance).toBeDefined();
    }
    // Every request's days are charged to the years they fall in.
    const charged = await database.db.select().from(leaveRequestDays);
    expect(charged.reduce((sum, c) => sum + c.days, 0)).toBe(requests.reduce((sum, r) => sum + r.days, 0));
  });

  it('gives each person the allowances the leave policies compute for their service and gender, not one typed figure', async () => {
    const year = Number(todayIso().slice(0, 4));
    const rows = await database.db
      .select({
        email: users.email,
        year: leaveBalances.year,
        type: leaveTypes.name,
        totalDays: leaveBalances.totalDays,
        gender: staffInfo.gender,
        status: employmentInfo.employmentStatus,
      })
      .from(leaveBalances)
      .innerJoin(users, eq(users.id, leaveBalances.userId))
      .innerJoin(leaveTypes, eq(leaveTypes.id, leaveBalances.leaveTypeId))
      .innerJoin(staffInfo, eq(staffInfo.userId, users.id))
      .innerJoin(employmentInfo, eq(employmentInfo.userId, users.id));
    const days = (who: string, type: string, inYear = year) =>
      rows.find((r) => r.email === `${who}@company.test` && r.type === type && r.year === inYear)?.totalDays;
    // MOM, EA s.88A: 7 days of annual leave in the 1st year of service, one more each year, 14 from the 8th.
    // Tan Wei Ming joined on 1 March 2021, so this calendar year is his (year - 2020)th: 12 days in 2026.
    expect(days('weiming.tan', 'Annual Leave')).toBe(Math.min(6 + (year - 2020), 14));
    expect(days('weiming.tan', 'Annual Leave', year - 1)).toBe(Math.min(6 + (year - 2021), 14));
    // Daniel Koh joined on the 1st of this month: (13 - month) completed months of the year, prorated as MOM
    // does (x/12 of 7 days, a half day or more rounded up); EA s.89: sick leave by months served by the
    // year's end, 14 days from 6 months (11, 8 and 5 from 5, 4 and 3; none before).
    const months = 13 - Number(todayIso().slice(5, 7));
    expect(days('daniel.koh', 'Annual Leave')).toBe(Math.floor((months * 7) / 12 + 0.5));
    expect(days('daniel.koh', 'Medical Leave')).toBe(
      months >= 6 ? 14 : months === 5 ? 11 : months === 4 ? 8 : months === 3 ? 5 : 0,
    );
    // Marcus Lee leaves on 30 September 2026, in his 7th year (13 days): 9 of 12 months = 9.75, so 10.
    if (year === 2026) expect(days('marcus.lee', 'Annual Leave')).toBe(10);
    // CDCA: maternity leave (16 weeks, 112 days) is a mother's, paternity leave (4 weeks, 20 days) a father's.
    const active = rows.filter((r) => r.year === year && r.status === 'ACTIVE');
    for (const row of active.filter((r) => r.type === 'Maternity Leave'))
      expect(row.totalDays, row.email).toBe(row.gender === 'Female' ? 112 : 0);
    for (const row of active.filter((r) => r.type === 'Paternity Leave'))
      expect(row.totalDays, row.email).toBe(row.gender === 'Male' ? 20 : 0);
    // Not one figure typed in for everybody.
    expect(
      new Set(active.filter((r) => r.type === 'Annual Leave').map((r) => r.totalDays)).size,
    ).toBeGreaterThan(3);
  });

  it('has half days, a request across the year end charged to both years, and one with a stored PDF', async () => {
    const requests = await database.db.select().from(leaveRequests);
    expect(requests.some((r) => !r.fromDateIsAm)).toBe(true);
    expect(requests.some((r) => r.toDateIsAm)).toBe(true);

    const year = Number(todayIso().slice(0, 4));
    const acrossYearEnd = requests.filter((r) => r.fromDate.slice(0, 4) < r.toDate.slice(0, 4));
    expect(acrossYearEnd).toHaveLength(1);
    const [yearEnd] = acrossYearEnd;
    expect(yearEnd?.fromDate).toBe(`${year - 1}-12-29`);
    expect(yearEnd?.toDate).toBe(`${year}-01-02`);
    const charges = await database.db
      .select()
      .from(leaveRequestDays)
      .where(eq(leaveRequestDays.leaveRequestId, yearEnd?.id ?? 0));
    expect(charges.map((c) => c.year).sort()).toEqual([year - 1, year]);
    // Last year has its allowance, so the request does not overdraw it.
    const lastYear = await database.db
      .select()
      .from(leaveBalances)
      .where(eq(leaveBalances.year, year - 1));
    expect(lastYear.some((b) => b.userId === yearEnd?.userId)).toBe(true);

    const withFile = requests.filter((r) => r.fileKey !== null);
    expect(withFile).toHaveLength(1);
    const [attached] = withFile;
    expect(attached?.status).toBe('PENDING');
    expect(attached?.fileKey).toMatch(
      new RegExp(`^leave/${attached?.userId}/[0-9a-f-]{36}/hospital-letter\\.pdf$`),
    );
    const stored = await storage.inspect(attached?.fileKey ?? '', 5);
    expect(Buffer.from(stored?.head ?? []).toString('latin1')).toBe('%PDF-');
    // Someone else is away on its days, so the approver sees a clash.
    const overlapping = requests.filter(
      (r) =>
        r.id !== attached?.id &&
        r.status !== 'REJECTED' &&
        r.fromDate <= (attached?.toDate ?? '') &&
        r.toDate >= (attached?.fromDate ?? ''),
    );
    expect(overlapping.length).toBeGreaterThan(0);
  });
});

describe('demo payroll', () => {
  it('has three processed months before this one (or before the CPF tables end): bonuses, unpaid leave prefilled', async () => {
    const processed = await database.db
      .select({ year: payslips.year, month: payslips.month, id: payslips.id, userId: payslips.userId })
      .from(payslips)
      .where(eq(payslips.status, 'PROCESSED'));
    const months = [...new Set(processed.map((p) => p.year * 100 + p.month))].sort();
    const today = todayIso();
    // After the last month the CPF tables cover, the demo's months are that month and the two before it.
    const anchor = today.slice(0, 7) <= lastRatedPeriod() ? today : `${nextPeriod(lastRatedPeriod())}-01`;
    const expected = [3, 2, 1].map((back) => {
      const start = new Date(Date.UTC(Number(anchor.slice(0, 4)), Number(anchor.slice(5, 7)) - 1 - back, 1));
      return start.getUTCFullYear() * 100 + start.getUTCMonth() + 1;
    });
    expect(months).toEqual(expected);
    // Every onboarded staff member employed in a month is paid in it: nobody is left unprocessed.
    const open = await database.db.select().from(payslips).where(ne(payslips.status, 'PROCESSED'));
    expect(open).toEqual([]);
    for (const month of months) {
      expect(processed.filter((p) => p.year * 100 + p.month === month).length).toBeGreaterThanOrEqual(9);
    }

    const items = await database.db
      .select({ kind: payItems.kind, type: payItems.type, payslipId: payItems.payslipId })
      .from(payItems);
    const monthOf = (payslipId: number) => {
      const found = processed.find((p) => p.id === payslipId);
      return found ? found.year * 100 + found.month : null;
    };
    expect(items.filter((i) => i.kind === 'BONUS').map((i) => monthOf(i.payslipId))).toContain(months[1]);
    expect(items.filter((i) => i.type === 'UNPAID_LEAVE').map((i) => monthOf(i.payslipId))).toEqual([
      months[2],
    ]);
    // The deduction comes from an approved Unpaid Leave of the same person.
    const [unpaid] = items.filter((i) => i.type === 'UNPAID_LEAVE');
    const owner = processed.find((p) => p.id === unpaid?.payslipId)?.userId;
    const unpaidType = (await database.db.select().from(leaveTypes)).find((t) => t.name === 'Unpaid Leave');
    const leave = await database.db
      .select()
      .from(leaveRequests)
      .where(and(eq(leaveRequests.userId, owner ?? 0), eq(leaveRequests.leaveTypeId, unpaidType?.id ?? 0)));
    expect(leave.map((l) => l.status)).toContain('APPROVED');

    // Seeded as a user would make it, so the audit trail tells who asked and who approved it.
    const approvedUnpaid = leave.find((l) => l.status === 'APPROVED');
    const trail = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leaveRequest'), eq(auditLog.entityId, String(approvedUnpaid?.id))));
    expect(trail.map((a) => a.action).sort()).toEqual(['leaveRequest.approved', 'leaveRequest.created']);

    // Among the processed staff: one past 55 and a PR in the second year.
    const paid = new Set(processed.map((p) => p.userId));
    const people = await database.db
      .select({ id: users.id, dob: staffInfo.dateOfBirth, cpfType: paymentInfo.cpfType })
      .from(users)
      .innerJoin(staffInfo, eq(staffInfo.userId, users.id))
      .innerJoin(paymentInfo, eq(paymentInfo.userId, users.id));
    const fiftyFiveYearsAgo = `${Number(today.slice(0, 4)) - 55}${today.slice(4)}`;
    expect(people.some((p) => paid.has(p.id) && p.dob < fiftyFiveYearsAgo)).toBe(true);
    expect(people.some((p) => paid.has(p.id) && p.cpfType === 'SINGAPORE PR 2 YEAR')).toBe(true);
  });
});

describe.runIf(testDatabaseKind === 'pglite')('npm run seed', () => {
  it('migrates and seeds the database under DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-seed-'));
    const root = path.resolve(import.meta.dirname, '../..');
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/seed.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 120_000,
      });
    try {
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain('Seeded the demo company');
      const seeded = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir) });
      try {
        const [row] = await seeded.db.select({ n: count() }).from(users);
        expect(row?.n).toBeGreaterThan(10);
        expect(await seedIfEmpty(seeded.db, config)).toBe(false);
      } finally {
        await seeded.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.runIf(testDatabaseKind === 'pglite')('a demo started after the CPF tables end', () => {
  it('still seeds, with the three months before the tables end processed', async () => {
    const last = lastRatedPeriod();
    const later = await openTestDatabase();
    vi.useFakeTimers({ toFake: ['Date'] });
    // Half a year after the last month the rates cover.
    vi.setSystemTime(new Date(`${Number(last.slice(0, 4)) + 1}-06-15T04:00:00Z`));
    try {
      expect(await seedIfEmpty(later.db, config)).toBe(true);
      const processed = await later.db
        .selectDistinct({ year: payslips.year, month: payslips.month })
        .from(payslips)
        .where(eq(payslips.status, 'PROCESSED'));
      const months = processed.map((p) => `${p.year}-${String(p.month).padStart(2, '0')}`).sort();
      expect(months.at(-1)).toBe(last);
      expect(months).toHaveLength(3);
    } finally {
      vi.useRealTimers();
      await later.close();
    }
  }, 180_000);
});
