import { eq, sql } from 'drizzle-orm';
import type { AuditPage, AuditRow } from '../../src/domain/audit';
import { DEFAULT_LEAVE_TYPES } from '../../src/domain/enums';
import type { UserDetail } from '../../src/domain/users';
import { auditLog } from '../../src/server/db/system-schema';
import { insertLeaveTypes } from '../../src/server/factories';
import { createTestApp, type TestApp, testDatabaseKind } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

// Issue 39 items 5 and 7: who did what to which record when, before and after; the trail append-only.

let t: TestApp;
let api: ReturnType<typeof caller>;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  await insertLeaveTypes(t.db, DEFAULT_LEAVE_TYPES);
  const session = await adminSession(t);
  adminId = session.admin.id;
  api = caller(t, session.headers);
});
afterAll(async () => {
  await t.close();
});

const audit = async (query: string) => {
  const response = await api.get(`/audit?${query}`);
  expect(response.status).toBe(200);
  return response.body as AuditPage;
};
/** The one row of an action about a subject. */
const rowOf = async (action: string, userId: number): Promise<AuditRow> => {
  const page = await audit(`action=${action}&userId=${userId}`);
  expect(page.data).toHaveLength(1);
  return page.data[0] as AuditRow;
};
const detailOf = async (userId: number) => (await api.get(`/users/${userId}`)).body as UserDetail;

describe('every change of money, status, identity, bank account and role, with before and after', () => {
  it('a salary change: 4,000.00 to 4,500.00 is 400000 to 450000 cents, on the staff member', async () => {
    const staff = await createEmployee(t, { fullName: 'Salary Person', salaryCents: 400_000 });
    const { paymentInfo } = await detailOf(staff.id);
    const changed = await api.patch(`/payment-info/${paymentInfo?.id}`, {
      ...paymentInfo,
      basicSalary: 4500,
    });
    expect(changed.status).toBe(200);
    const row = await rowOf('paymentInfo.updated', staff.id);
    expect(row).toMatchObject({
      actor: { id: adminId },
      subject: { id: staff.id, name: 'Salary Person' },
      entity: 'user',
      entityId: String(staff.id),
      before: { basicSalaryCents: 400_000 },
      after: { basicSalaryCents: 450_000 },
    });
    // Only what changed.
    expect(Object.keys(row.after ?? {})).toEqual(['basicSalaryCents']);
  });

  it('a bank account change: the numbers masked to their last four', async () => {
    const staff = await createEmployee(t, { bank: ['DBS', '7171', '081', '0123456789'] });
    const { paymentInfo } = await detailOf(staff.id);
    expect(
      (await api.patch(`/payment-info/${paymentInfo?.id}`, { ...paymentInfo, accountNo: '9876543210' }))
        .status,
    ).toBe(200);
    const row = await rowOf('paymentInfo.updated', staff.id);
    expect(row.before).toEqual({ accountNo: '******6789' });
    expect(row.after).toEqual({ accountNo: '******3210' });
    const stored = await t.db.select().from(auditLog).where(eq(auditLog.id, row.id));
    const text = JSON.stringify(stored);
    expect(text).not.toContain('0123456789');
    expect(text).not.toContain('9876543210');
  });

  it("the company's bank account: masked, as the staff's", async () => {
    const body = (accountNo: string) => ({
      name: 'Audit Pte. Ltd.',
      uen: '201912345K',
      bankAccounts: [{ bankName: 'DBS', accountNo, organisationId: 'SGAUDIT1' }],
    });
    expect((await api.put('/company', body('0721234567'))).status).toBe(200);
    expect((await api.put('/company', body('0729999888'))).status).toBe(200);
    const [latest] = (await audit('action=company.updated&pageSize=1')).data;
    expect(latest?.before).toMatchObject({ bankAccounts: [{ accountNo: '******4567' }] });
    expect(latest?.after).toMatchObject({ bankAccounts: [{ accountNo: '******9888' }] });
  });

  it('a role: the registration records it as after.role (the app has no other role change)', async () => {
    const response = await api.post('/auth/register', {
      fullName: 'Role Person',
      email: `role.person@${t.config.companyEmailDomain}`,
      role: 'ADMIN',
      password: 'Temporary-123',
    });
    expect(response.status).toBe(201);
    const id = (response.body as { id: number }).id;
    const row = await rowOf('user.registered', id);
    expect(row.before).toBeNull();
    expect(row.after).toEqual({
      fullName: 'Role Person',
      email: `role.person@${t.config.companyEmailDomain}`,
      role: 'ADMIN',
    });
    expect(JSON.stringify(row)).not.toContain('Temporary-123');
  });

  it('an identity change: name before and after', async () => {
    const staff = await createEmployee(t, { fullName: 'Old Name' });
    const detail = await detailOf(staff.id);
    expect(
      (await api.patch(`/users/${staff.id}`, { fullName: 'New Name', email: detail.email })).status,
    ).toBe(200);
    const row = await rowOf('user.updated', staff.id);
    expect(row.before).toEqual({ fullName: 'Old Name' });
    expect(row.after).toEqual({ fullName: 'New Name' });
  });

  it('a leave approval: status PENDING to APPROVED, about the person on leave', async () => {
    const staff = await createEmployee(t, { fullName: 'Leave Person' });
    const created = await api.post('/leave-requests', {
      userId: staff.id,
      leaveType: 'Unpaid Leave',
      fromDate: '2031-03-03',
      fromDateIsAm: true,
      toDate: '2031-03-03',
      toDateIsAm: false,
      reason: '',
      fileUrl: '',
      days: 1,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    expect((await api.patch(`/leave-requests/${id}`, { status: 'APPROVED' })).status).toBe(200);
    const row = await rowOf('leaveRequest.approved', staff.id);
    expect(row).toMatchObject({
      entity: 'leaveRequest',
      entityId: String(id),
      actor: { id: adminId },
      subject: { id: staff.id, name: 'Leave Person' },
      before: { status: 'PENDING' },
      after: { status: 'APPROVED' },
    });
  });

  it('payslip processing: a row on each payslip, UNPROCESSED to PROCESSED with what it paid', async () => {
    // 5,000.00 a month, CPF 20% and 17%: the employee's share 1,000.00, net 4,000.00.
    const staff = await createEmployee(t, {
      salaryCents: 500_000,
      rates: [20, 17],
      dateOfBirth: '1990-06-15',
    });
    await api.get('/payslips/unprocessed-and-items-added?year=2025&month=3');
    const run = await api.post('/payslips/bulk-process', {
      payDate: '2025-03-28',
      payslips: [{ userId: staff.id, year: 2025, month: 3 }],
    });
    expect(run.status).toBe(200);
    const row = await rowOf('payslip.processed', staff.id);
    expect(row.entity).toBe('payslip');
    expect(row.before).toEqual({ status: 'UNPROCESSED' });
    expect(row.after).toMatchObject({
      status: 'PROCESSED',
      payDate: '2025-03-28',
      grossPayCents: 500_000,
      employeeCpfCents: 100_000,
      netPayCents: 400_000,
    });
    // The payslip's own history: what a Records row links to.
    const ofPayslip = await audit(`entity=payslip&entityId=${row.entityId}`);
    expect(ofPayslip.data.map((r) => r.action)).toEqual(['payslip.processed']);
  });
});

describe('GET /api/audit', () => {
  it('filters by actor, subject, entity, action and days, newest first, a page at a time', async () => {
    const staff = await createEmployee(t, { fullName: 'Paged Person' });
    const detail = await detailOf(staff.id);
    for (const name of ['Paged A', 'Paged B', 'Paged C']) {
      expect((await api.patch(`/users/${staff.id}`, { fullName: name, email: detail.email })).status).toBe(
        200,
      );
    }
    const first = await audit(`userId=${staff.id}&action=user.updated&pageSize=2`);
    expect(first).toMatchObject({ currentPage: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(first.data.map((row) => row.after?.fullName)).toEqual(['Paged C', 'Paged B']);
    const second = await audit(`userId=${staff.id}&action=user.updated&pageSize=2&page=2`);
    expect(second.data.map((row) => row.after?.fullName)).toEqual(['Paged A']);

    const byActor = await audit(`actorId=${adminId}&entity=user&userId=${staff.id}`);
    expect(byActor.total).toBe(3);
    expect((await audit(`actorId=${staff.id}&userId=${staff.id}`)).total).toBe(0);

    // Today in Singapore holds them; the day before does not.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await audit(`userId=${staff.id}&from=${today}&to=${today}`)).total).toBe(3);
    expect((await audit(`userId=${staff.id}&to=${yesterday}`)).total).toBe(0);
  });

  it('refuses an unknown entity or action, and from after to', async () => {
    expect((await api.get('/audit?entity=secrets')).status).toBe(400);
    expect((await api.get('/audit?action=user.hacked')).status).toBe(400);
    expect((await api.get('/audit?from=2025-02-02&to=2025-02-01')).status).toBe(400);
    expect((await api.get('/audit?from=01/02/2025')).status).toBe(400);
  });

  it('is for administrators only', async () => {
    const staff = await createEmployee(t);
    const staffApi = caller(t, await staffSession(t, staff));
    expect((await staffApi.get(`/audit?userId=${staff.id}`)).status).toBe(403);
    expect((await staffApi.get('/audit.csv')).status).toBe(403);
  });

  it('keeps the trail of a deleted user, who keeps their id without a name', async () => {
    const staff = await createEmployee(t, { fullName: 'Gone Person' });
    expect((await api.delete(`/users/${staff.id}`)).status).toBe(204);
    const rows = (await audit(`userId=${staff.id}`)).data;
    expect(rows.map((row) => row.action)).toContain('user.deleted');
    expect(rows[0]?.subject).toEqual({ id: staff.id, name: null });
    expect(rows[0]?.before).toMatchObject({ fullName: 'Gone Person' });
  });
});

describe('GET /api/audit.csv', () => {
  it('has the same rows, a formula-like name neutralised and account numbers masked', async () => {
    const staff = await createEmployee(t, {
      fullName: '=HYPERLINK("x")',
      bank: ['DBS', '7171', '081', '1112223334'],
    });
    const { paymentInfo } = await detailOf(staff.id);
    await api.patch(`/payment-info/${paymentInfo?.id}`, { ...paymentInfo, accountNo: '5556667778' });
    const response = await api.get(`/audit.csv?userId=${staff.id}`);
    expect(response.status).toBe(200);
    expect(response.raw.headers['content-type']).toContain('text/csv');
    const lines = response.raw.body.trim().split('\r\n');
    expect(lines[0]).toBe('At,Actor ID,Actor,Subject ID,Subject,Entity,Entity ID,Action,Changes,Details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${staff.id},"'=HYPERLINK(""x"")",user,`);
    expect(lines[1]).toContain('account no: ******3334 → ******7778');
    expect(response.raw.body).not.toContain('1112223334');
    expect(response.raw.body).not.toContain('5556667778');
  });
});

/** The database's own refusal, under the query wrapper's message. */
const refusal = async (statement: Promise<unknown>) => {
  const error = await statement.then(
    () => null,
    (e: Error & { cause?: Error }) => e,
  );
  return error ? `${error.message} ${error.cause?.message ?? ''}` : 'not refused';
};

describe('the trail is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit rows in the database itself', async () => {
    const [row] = (await audit('pageSize=1')).data;
    expect(row).toBeDefined();
    expect(await refusal(t.db.execute(sql`update audit_log set action = 'x' where id = ${row?.id}`))).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(t.db.execute(sql`delete from audit_log where id = ${row?.id}`))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(t.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    expect((await audit(`pageSize=1`)).data[0]).toEqual(row);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'holds on PostgreSQL for the role the app connects as',
    async () => {
      // The tests connect as the application does (DATABASE_URL's role): no grant makes a row editable.
      expect(await refusal(t.db.execute(sql`update audit_log set details = null`))).toMatch(/append-only/);
    },
  );
});
