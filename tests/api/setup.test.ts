import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, companyBankAccounts } from '../../src/server/db/company-schema';
import {
  leaveBalances,
  leaveRequests,
  leaveTypes,
  payslips,
  staffInfo,
  users,
} from '../../src/server/db/schema';
import { insertOnboarding, insertUser } from '../../src/server/factories';
import { seedIfEmpty } from '../../src/server/seed';
import { bearer, createTestApp, createUser, signIn, type TestApp } from './harness';

// Issue 38 item 1: DEMO_DATA=false starts an empty company with only the first administrator, whose
// first sign-in shows a setup checklist that knows what is done. Runs on PGlite and, with DATABASE_URL,
// on PostgreSQL.

const ADMIN_EMAIL = 'first.admin@company.test';
const FIRST_PASSWORD = 'Given@12345';
const OWN_PASSWORD = 'Chosen@67890';
let t: TestApp;
let token: string;

const steps = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/setup', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { steps: { key: string; done: boolean; detail: string }[] };
  return Object.fromEntries(body.steps.map((s) => [s.key, s]));
};

beforeAll(async () => {
  t = await createTestApp({
    DEMO_DATA: 'false',
    SEED_ADMIN_EMAIL: ADMIN_EMAIL,
    SEED_ADMIN_PASSWORD: FIRST_PASSWORD,
    COMPANY_NAME: 'Lim & Tan Trading Pte. Ltd.',
  });
  expect(await seedIfEmpty(t.db, t.config)).toBe(true);
});
afterAll(async () => {
  await t.close();
});

describe('DEMO_DATA=false: a clean company', () => {
  it('holds only the first administrator, the company record with empty particulars, and the leave types', async () => {
    const all = await t.db.select({ email: users.email, role: users.role }).from(users);
    expect(all).toEqual([{ email: ADMIN_EMAIL, role: 'ADMIN' }]);
    const [row] = await t.db.select().from(company);
    expect(row).toMatchObject({ name: 'Lim & Tan Trading Pte. Ltd.', uen: null, address: null });
    for (const table of [companyBankAccounts, staffInfo, leaveBalances, leaveRequests, payslips]) {
      const [n] = await t.db.select({ n: count() }).from(table);
      expect(n?.n).toBe(0);
    }
    // The spec's eight leave types, with which leave can be asked once staff exist.
    const [types] = await t.db.select({ n: count() }).from(leaveTypes);
    expect(types?.n).toBe(8);
  });

  it("makes the administrator choose a password of their own at first sign-in (the spec's new-user step)", async () => {
    const first = await signIn(t, ADMIN_EMAIL, FIRST_PASSWORD);
    expect(first.body).toMatchObject({ isNewUser: true, user: { role: 'ADMIN' } });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(first.accessToken),
      payload: { currentPassword: FIRST_PASSWORD, newPassword: OWN_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const again = await signIn(t, ADMIN_EMAIL, OWN_PASSWORD);
    expect(again.body).toMatchObject({ isNewUser: false });
    token = again.accessToken;
  });
});

describe('GET /api/setup', () => {
  it('on the empty company: every step but the public holidays (kept with the product) is left', async () => {
    const s = await steps();
    expect(Object.keys(s)).toEqual([
      'companyParticulars',
      'bankAccounts',
      'leavePolicies',
      'publicHolidays',
      'staff',
      'openingBalances',
      'payroll',
    ]);
    expect(s.companyParticulars).toMatchObject({ done: false });
    expect(s.companyParticulars?.detail).toMatch(/UEN/);
    expect(s.bankAccounts?.done).toBe(false);
    expect(s.leavePolicies?.done).toBe(false);
    expect(s.staff).toMatchObject({ done: false, detail: '0 staff members registered, 0 onboarded' });
    expect(s.openingBalances).toMatchObject({ done: false, detail: 'None recorded yet' });
    expect(s.payroll?.done).toBe(false);
    // The migrations carry the official holidays of 2025 to 2027.
    const year = new Date().getFullYear();
    expect(s.publicHolidays?.done).toBe(year >= 2025 && year <= 2027);
  });

  it('is for administrators only', async () => {
    const staff = await createUser(t, { role: 'STAFF', fullName: 'Ong Mei Ling' });
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const refused = await t.app.inject({ method: 'GET', url: '/api/setup', headers: bearer(accessToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusCode: 403 });
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).statusCode).toBe(401);
  });

  it('marks each step done as the administrator does it', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers: bearer(token),
      payload: {
        name: 'Lim & Tan Trading Pte. Ltd.',
        uen: '201912345K',
        address: '2 Example Road, Singapore 123456',
        bankAccounts: [{ bankName: 'DBS', accountNo: '0123456789', accountName: 'LIM & TAN TRADING' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    let s = await steps();
    // The CPF submission number defaults to the UEN with PTE01 (the company route's rule).
    expect(s.companyParticulars).toEqual({ key: 'companyParticulars', done: true, detail: 'UEN 201912345K' });
    expect(s.bankAccounts).toEqual({ key: 'bankAccounts', done: true, detail: '1 account: DBS' });
    // One staff member registered (the previous test) but none onboarded: not done yet.
    expect(s.staff).toMatchObject({ done: false, detail: '1 staff member registered, 0 onboarded' });

    const policies = await t.app.inject({
      method: 'GET',
      url: '/api/leave-policies',
      headers: bearer(token),
    });
    const annual = (policies.json() as { leaveTypeId: number; leaveType: { name: string } }[]).find(
      (p) => p.leaveType.name === 'Annual Leave',
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/leave-policies/${annual?.leaveTypeId}`,
      headers: bearer(token),
      payload: {
        entitlement: 'SERVICE',
        schedule: [14, 14, 14, 14, 14, 14, 14, 14],
        prorate: true,
        carryForwardMaxDays: 5,
        carryForwardExpiryMonths: 6,
      },
    });
    expect(put.statusCode, put.body).toBe(200);

    const person = await insertUser(t.db, {
      email: 'hired@company.test',
      fullName: 'Kumar Rajesh',
      role: 'STAFF',
      passwordHash: 'x',
    });
    await insertOnboarding(
      t.db,
      person.id,
      {
        nric: ['S', '8812345'],
        gender: 'Male',
        dateOfBirth: '1988-05-14',
        race: 'Indian',
        nationality: 'SINGAPORE CITIZEN',
        designation: 'Clerk',
        hireDate: '2025-01-02',
        confirmedDate: null,
        passType: 'Singapore',
        employmentType: 'Full Time',
        lastDayOfService: null,
        salary: 3000,
        cpfType: 'SINGAPORE CITIZEN',
        cpfSection: 'NONE',
        selfHelpGroup: 'NONE',
        bank: undefined,
      },
      { year: 2025, month: 1 },
    );
    s = await steps();
    expect(s.leavePolicies?.done).toBe(true);
    expect(s.staff).toEqual({ key: 'staff', done: true, detail: '2 staff members registered, 1 onboarded' });
    expect(s.payroll).toEqual({ key: 'payroll', done: false, detail: 'No month processed yet' });
  });
});
