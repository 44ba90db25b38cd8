import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidNric } from '../../src/domain/nric';
import type { Database } from '../../src/server/db/client';
import {
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
import { seedIfEmpty } from '../../src/server/seed';
import { openTestDatabase } from './harness';

const config = {
  seedAdminEmail: 'admin@company.test',
  seedAdminPassword: 'Admin@12345',
  companyEmailDomain: 'company.test',
};
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('demo seed', () => {
  it('seeds an empty database once, and a second start does nothing', async () => {
    expect(await seedIfEmpty(database.db, config)).toBe(true);
    const before = await database.db.select({ n: count() }).from(users);
    expect(await seedIfEmpty(database.db, config)).toBe(false);
    const after = await database.db.select({ n: count() }).from(users);
    expect(after).toEqual(before);
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
});

describe('demo payroll', () => {
  it('has three processed months: one with bonuses, one with unpaid leave', async () => {
    const processed = await database.db
      .select({ year: payslips.year, month: payslips.month, id: payslips.id, userId: payslips.userId })
      .from(payslips)
      .where(eq(payslips.status, 'PROCESSED'));
    const months = [...new Set(processed.map((p) => p.year * 100 + p.month))].sort();
    expect(months).toHaveLength(3);
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
    // Among the processed staff: one past 55 and a PR in the second year.
    const paid = new Set(processed.map((p) => p.userId));
    const people = await database.db
      .select({ id: users.id, dob: staffInfo.dateOfBirth, cpfType: paymentInfo.cpfType })
      .from(users)
      .innerJoin(staffInfo, eq(staffInfo.userId, users.id))
      .innerJoin(paymentInfo, eq(paymentInfo.userId, users.id));
    expect(people.some((p) => paid.has(p.id) && p.dob < '1971-01-01')).toBe(true);
    expect(people.some((p) => paid.has(p.id) && p.cpfType === 'SINGAPORE PR 2 YEAR')).toBe(true);
  });
});
