import { and, eq } from 'drizzle-orm';
import type { PayslipAggregate, PayslipDetail, UnprocessedRow } from '../../src/domain/payslips';
import { payItems, payslips } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { adminSession, approvedLeave, caller, createEmployee, staffSession } from './payroll-fixtures';

let t: TestApp;
let api: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  const { headers } = await adminSession(t);
  api = caller(t, headers);
});
afterAll(async () => {
  await t.close();
});

const unprocessed = async (year: number, month: number) => {
  const response = await api.get(`/payslips/unprocessed-and-items-added?year=${year}&month=${month}`);
  expect(response.status).toBe(200);
  return response.body as UnprocessedRow[];
};
const processed = async (year: number, month: number) =>
  (await api.get(`/payslips/processed/aggregates?year=${year}&month=${month}`)).body as PayslipAggregate[];
const payslipOf = async (userId: number, year: number, month: number) =>
  (await api.get(`/users/${userId}/payslips?year=${year}&month=${month}`)).body as PayslipDetail;
const process = (payDate: string, entries: Array<{ userId: number; year: number; month: number }>) =>
  api.post('/payslips/bulk-process', { payDate, payslips: entries });

describe('payslip rows', () => {
  it('are created once, on first listing, for eligible staff only, with snapshots', async () => {
    const active = await createEmployee(t, {
      fullName: 'Aaron Active',
      salaryCents: 420_050,
      rates: [20, 17],
      selfHelpGroup: 'CDAC',
      dateOfBirth: '1991-02-03',
    });
    const leaving = await createEmployee(t, {
      fullName: 'Betty Leaving',
      employmentStatus: 'RESIGNED',
      lastDayOfService: '2025-02-01',
      hireDate: '2019-01-01',
    });
    const gone = await createEmployee(t, {
      employmentStatus: 'RESIGNED',
      lastDayOfService: '2025-01-31',
      hireDate: '2019-01-01',
    });
    const future = await createEmployee(t, { hireDate: '2025-03-01' });
    const notOnboarded = await createEmployee(t, { onboarded: false });

    const rows = await unprocessed(2025, 2);
    const ids = rows.map((row) => row.user.id);
    expect(ids).toContain(active.id);
    expect(ids).toContain(leaving.id);
    for (const user of [gone, future, notOnboarded]) expect(ids).not.toContain(user.id);
    const row = rows.find((r) => r.user.id === active.id);
    expect(row).toMatchObject({
      processingStatus: 'UNPROCESSED',
      basicSalarySnapshot: 4200.5,
      employeeCpfRateSnapshot: 20,
      employerCpfRateSnapshot: 17,
      rateFlag: null,
      user: { fullName: 'Aaron Active', employmentInfo: { employmentStatus: 'ACTIVE' } },
    });
    expect(await unprocessed(2025, 2)).toHaveLength(rows.length);
    const stored = await t.db
      .select()
      .from(payslips)
      .where(and(eq(payslips.userId, active.id), eq(payslips.year, 2025), eq(payslips.month, 2)));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ selfHelpGroupSnapshot: 'CDAC', dateOfBirthSnapshot: '1991-02-03' });
  });

  it('flag rates that are not the official ones, with the official rates', async () => {
    // 55th birthday in April 2025: from May 2025 the official rates are 17% / 15.5%.
    const older = await createEmployee(t, { dateOfBirth: '1970-04-20', rates: [20, 17] });
    const rows = await unprocessed(2025, 5);
    expect(rows.find((r) => r.user.id === older.id)?.rateFlag).toEqual({
      official: { employeePercent: 17, employerPercent: 15.5 },
    });
  });

  it('prefill an UNPAID_LEAVE deduction from approved Unpaid Leave of the month', async () => {
    const user = await createEmployee(t, { salaryCents: 300_000 });
    // Monday 2 to Tuesday 3 March 2026, two working days of 22: $3,000 x 2 / 22 = $272.72.
    await approvedLeave(t, user.id, 'Unpaid Leave', {
      fromDate: '2026-03-02',
      toDate: '2026-03-03',
      days: 2,
    });
    // Another type of leave does not count.
    await approvedLeave(t, user.id, 'Annual Leave', {
      fromDate: '2026-03-10',
      toDate: '2026-03-10',
      days: 1,
    });
    const row = (await unprocessed(2026, 3)).find((r) => r.user.id === user.id);
    expect(row?.processingStatus).toBe('ITEMS_ADDED');
    const items = await api.get(`/users/${user.id}/deduction-items?year=2026&month=3`);
    expect(items.body).toEqual([
      { id: expect.any(Number), type: 'UNPAID_LEAVE', amount: 272.72, treatment: null },
    ]);
  });
});

describe('pay items', () => {
  it('stop at $20,000,000 for a payslip, so its processed amounts always fit, and a pay date must fit the month', async () => {
    const user = await createEmployee(t, { salaryCents: 500_000 });
    const { id: payslipId } = await payslipOf(user.id, 2025, 8);
    const base = { userId: user.id, year: 2025, month: 8, payslipId };
    expect((await api.post('/bonus-items', { ...base, type: 'BONUS', amount: 10_000_000 })).status).toBe(201);
    // $5,000 salary + $10,000,000 + $9,995,000 = $20,000,000: the most a payslip may add up to.
    expect((await api.post('/bonus-items', { ...base, type: 'AWS', amount: 9_995_000 })).status).toBe(201);
    const third = await api.post('/bonus-items', { ...base, type: 'BONUS', amount: 0.01 });
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({
      message: "A payslip's salary and items together must be at most 20,000,000.",
    });
    const raised = await api.put(`/payslips/${user.id}/2025/8`, {
      basicSalarySnapshot: 5000.01,
      employeeCpfRateSnapshot: 20,
      employerCpfRateSnapshot: 17,
      selfHelpGroupSnapshot: 'NONE',
    });
    expect(raised.status).toBe(400);

    const longAgo = await process('1899-12-31', [{ userId: user.id, year: 2025, month: 8 }]);
    expect(longAgo.status).toBe(400);
    expect(longAgo.body).toMatchObject({
      message: 'Pay date must be between 01/07/2025 and 31/12/2026 for the selected months.',
    });
    const ran = await process('2025-08-29', [{ userId: user.id, year: 2025, month: 8 }]);
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    expect((await payslipOf(user.id, 2025, 8)).totals?.grossPay).toBe(20_000_000);
  });

  it('move the payslip between UNPROCESSED and ITEMS_ADDED and write audit rows', async () => {
    const user = await createEmployee(t);
    const { id: payslipId } = await payslipOf(user.id, 2025, 6);
    const base = { userId: user.id, year: 2025, month: 6, payslipId };
    const overtime = await api.post('/adhoc-items', { ...base, type: 'OVERTIME', amount: 150.25 });
    expect(overtime.status).toBe(201);
    // A type treated one way carries no treatment (issue 32).
    expect(overtime.body).toEqual({
      id: expect.any(Number),
      type: 'OVERTIME',
      amount: 150.25,
      treatment: null,
    });
    const bonus = await api.post('/bonus-items', { ...base, type: 'COMMISION', amount: 1000 });
    expect(bonus.status).toBe(201);
    expect((await payslipOf(user.id, 2025, 6)).processingStatus).toBe('ITEMS_ADDED');
    expect((await api.get(`/users/${user.id}/adhoc-items?year=2025&month=6`)).body).toEqual([overtime.body]);

    const itemId = (overtime.body as { id: number }).id;
    // An item is removed only through its own kind.
    expect((await api.delete(`/bonus-items/${itemId}`)).status).toBe(404);
    expect((await api.delete(`/adhoc-items/${itemId}`)).status).toBe(204);
    expect((await payslipOf(user.id, 2025, 6)).processingStatus).toBe('ITEMS_ADDED');
    expect((await api.delete(`/bonus-items/${(bonus.body as { id: number }).id}`)).status).toBe(204);
    expect((await payslipOf(user.id, 2025, 6)).processingStatus).toBe('UNPROCESSED');

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(payslipId)));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'payItem.added',
      'payItem.added',
      'payItem.removed',
      'payItem.removed',
    ]);
  });

  it("refuse a missing field, an amount not above 0 and a type of another kind with the spec's messages", async () => {
    const user = await createEmployee(t);
    const { id: payslipId } = await payslipOf(user.id, 2025, 6);
    const base = { userId: user.id, year: 2025, month: 6, payslipId };
    const missing = await api.post('/adhoc-items', { ...base, type: 'OVERTIME' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ statusCode: 400, message: 'Please fill all fields.' });
    const zero = await api.post('/adhoc-items', { ...base, type: 'OVERTIME', amount: 0 });
    expect(zero.body).toMatchObject({ message: 'Amount must be greater than 0.' });
    const empty = await api.post('/adhoc-items', { ...base, type: '', amount: 5 });
    expect(empty.body).toMatchObject({ message: 'Please fill all fields.' });
    const wrongKind = await api.post('/adhoc-items', { ...base, type: 'LOAN', amount: 5 });
    expect(wrongKind.status).toBe(400);
    const otherPayslip = await api.post('/adhoc-items', { ...base, month: 7, type: 'OVERTIME', amount: 5 });
    expect(otherPayslip.status).toBe(400);
    expect(
      (await api.post('/adhoc-items', { ...base, payslipId: 2_000_000, type: 'OVERTIME', amount: 5 })).status,
    ).toBe(404);
  });
});

describe('Payment Information Used', () => {
  it('is editable until processed, with the spec messages', async () => {
    const user = await createEmployee(t, { salaryCents: 400_000 });
    await payslipOf(user.id, 2025, 7);
    const bad = await api.put(`/payslips/${user.id}/2025/7`, {
      basicSalarySnapshot: 0,
      employeeCpfRateSnapshot: 20,
      employerCpfRateSnapshot: 17,
      selfHelpGroupSnapshot: 'NONE',
    });
    expect(bad.body).toMatchObject({ statusCode: 400, message: 'Salary must be more than 0.' });
    // Less than a cent is not more than 0: it would be stored as 0 cents.
    const dust = await api.put(`/payslips/${user.id}/2025/7`, {
      basicSalarySnapshot: 1e-9,
      employeeCpfRateSnapshot: 20,
      employerCpfRateSnapshot: 17,
      selfHelpGroupSnapshot: 'NONE',
    });
    expect(dust.body).toMatchObject({ statusCode: 400, message: 'Salary must be more than 0.' });
    const noRate = await api.put(`/payslips/${user.id}/2025/7`, {
      basicSalarySnapshot: 4100,
      employerCpfRateSnapshot: 17,
      selfHelpGroupSnapshot: 'NONE',
    });
    expect(noRate.body).toMatchObject({ message: 'Please fill in the relevant CPF fields.' });
    const saved = await api.put(`/payslips/${user.id}/2025/7`, {
      basicSalarySnapshot: 4100.1,
      employeeCpfRateSnapshot: 19,
      employerCpfRateSnapshot: 17,
      selfHelpGroupSnapshot: 'SINDA',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      basicSalarySnapshot: 4100.1,
      employeeCpfRateSnapshot: 19,
      selfHelpGroupSnapshot: 'SINDA',
      rateFlag: { official: { employeePercent: 20, employerPercent: 17 } },
    });
    // 19% of $4,100.10 = $779.019 -> $779; total 36% = $1,476.036 -> $1,476.
    expect((saved.body as PayslipDetail).totals).toMatchObject({ employeeCpf: 779, employerCpf: 697 });

    expect((await process('2025-07-31', [{ userId: user.id, year: 2025, month: 7 }])).status).toBe(200);
    const frozen = await api.put(`/payslips/${user.id}/2025/7`, {
      basicSalarySnapshot: 5000,
      employeeCpfRateSnapshot: 20,
      employerCpfRateSnapshot: 17,
      selfHelpGroupSnapshot: 'NONE',
    });
    expect(frozen.status).toBe(409);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payslip.snapshot.updated'));
    expect(
      audit.some(
        (row) =>
          row.details?.after && (row.details.after as Record<string, unknown>).employeeCpfRateSnapshot === 19,
      ),
    ).toBe(true);
  });
});

describe('bulk processing and revert', () => {
  it('stores the amounts and pay date, skips what is already processed, and freezes the payslip', async () => {
    const a = await createEmployee(t, {
      fullName: 'Alice Process',
      salaryCents: 480_000,
      selfHelpGroup: 'CDAC',
      dateOfBirth: '1969-08-20',
      rates: [18, 16],
    });
    const b = await createEmployee(t, {
      fullName: 'Bob Process',
      salaryCents: 250_000,
      cpfType: 'NONE',
      rates: null,
    });
    // January and February at $4,800, all subject to CPF.
    for (const month of [1, 2]) {
      await payslipOf(a.id, 2026, month);
      expect((await process(`2026-0${month}-28`, [{ userId: a.id, year: 2026, month }])).body).toEqual({
        processed: 1,
        skipped: 0,
      });
    }
    // The worked example of docs/payroll.md for March 2026.
    const { id: payslipId } = await payslipOf(a.id, 2026, 3);
    const base = { userId: a.id, year: 2026, month: 3, payslipId };
    await api.post('/adhoc-items', { ...base, type: 'OVERTIME', amount: 350.5 });
    await api.post('/deduction-items', { ...base, type: 'LATENESS', amount: 45.2 });
    await api.post('/bonus-items', { ...base, type: 'AWS', amount: 3000 });
    await api.post('/other-addition-items', { ...base, type: 'TRAVEL_ALLOWANCE', amount: 120 });
    await api.post('/other-deduction-items', { ...base, type: 'LOAN', amount: 200 });
    await payslipOf(b.id, 2026, 3);

    const selection = [
      { userId: a.id, year: 2026, month: 3 },
      { userId: b.id, year: 2026, month: 3 },
    ];
    expect((await process('2026-03-31', selection)).body).toEqual({ processed: 2, skipped: 0 });
    const rows = await processed(2026, 3);
    expect(rows.find((row) => row.userDetails.id === a.id)).toMatchObject({
      processingStatus: 'PROCESSED',
      payDate: '2026-03-31',
      grossPay: 8105.3,
      totalEmployeeCpfContribution: 1458,
      totalEmployerCpfContribution: 1298,
      selfHelpGroupContribution: 3,
      netPay: 6644.3,
      otherItems: -80,
      netPayable: 6564.3,
      payItems: 5,
      userDetails: { name: 'Alice Process' },
    });
    expect(rows.find((row) => row.userDetails.id === b.id)).toMatchObject({
      grossPay: 2500,
      totalEmployeeCpfContribution: 0,
      netPayable: 2500,
    });
    const before = await t.db.select().from(payslips).where(eq(payslips.userId, a.id));

    // Repeated (or retried) with another pay date: nothing changes.
    expect((await process('2026-04-01', selection)).body).toEqual({ processed: 0, skipped: 2 });
    expect(await t.db.select().from(payslips).where(eq(payslips.userId, a.id))).toEqual(before);

    // Frozen: no item added or removed.
    expect((await api.post('/adhoc-items', { ...base, type: 'INCENTIVE', amount: 5 })).status).toBe(409);
    const [item] = await t.db.select().from(payItems).where(eq(payItems.payslipId, payslipId));
    expect(
      (await api.delete(`/${item?.kind === 'ADHOC' ? 'adhoc' : 'bonus'}-items/${item?.id}`)).status,
    ).toBe(409);

    // Not in the unprocessed list any more.
    expect((await unprocessed(2026, 3)).some((row) => row.user.id === a.id)).toBe(false);
  });

  it('reverts only the latest processed month of the year, to ITEMS_ADDED or UNPROCESSED', async () => {
    const user = await createEmployee(t);
    for (const month of [1, 2]) {
      await payslipOf(user.id, 2025, month);
      await process(`2025-0${month}-28`, [{ userId: user.id, year: 2025, month }]);
    }
    const [january, february] = await Promise.all([payslipOf(user.id, 2025, 1), payslipOf(user.id, 2025, 2)]);
    const refused = await api.patch(`/payslips/${january.id}/status`, { status: 'UNPROCESSED' });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toContain('Revert February 2025 first');

    const reverted = await api.patch(`/payslips/${february.id}/status`, { status: 'UNPROCESSED' });
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ processingStatus: 'UNPROCESSED', payItems: 0 });
    expect((await processed(2025, 2)).some((row) => row.userDetails.id === user.id)).toBe(false);
    expect((await unprocessed(2025, 2)).find((row) => row.user.id === user.id)?.processingStatus).toBe(
      'UNPROCESSED',
    );
    // Not processed any more: a second revert is refused.
    expect((await api.patch(`/payslips/${february.id}/status`, { status: 'UNPROCESSED' })).status).toBe(409);

    // January with an item goes back to ITEMS_ADDED.
    const withItem = await createEmployee(t);
    const { id } = await payslipOf(withItem.id, 2025, 1);
    await api.post('/bonus-items', {
      userId: withItem.id,
      year: 2025,
      month: 1,
      payslipId: id,
      type: 'BONUS',
      amount: 10,
    });
    await process('2025-01-31', [{ userId: withItem.id, year: 2025, month: 1 }]);
    const back = await api.patch(`/payslips/${id}/status`, { status: 'UNPROCESSED' });
    expect(back.body).toMatchObject({ processingStatus: 'ITEMS_ADDED', payItems: 1 });
    expect(
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'payslip.reverted'))).length,
    ).toBeGreaterThan(0);
  });

  it('refuses to process a month before an already processed later month, and a status of PROCESSED by PATCH', async () => {
    const user = await createEmployee(t, { fullName: 'Carol Order' });
    await payslipOf(user.id, 2025, 8);
    await payslipOf(user.id, 2025, 9);
    await process('2025-09-30', [{ userId: user.id, year: 2025, month: 9 }]);
    const refused = await process('2025-08-31', [{ userId: user.id, year: 2025, month: 8 }]);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toContain('Carol Order (September 2025)');
    const august = await payslipOf(user.id, 2025, 8);
    expect((await api.patch(`/payslips/${august.id}/status`, { status: 'PROCESSED' })).status).toBe(400);
  });

  it('answers 404 for an employee without a payslip in the period, and processes nothing', async () => {
    const user = await createEmployee(t);
    const stranger = await createEmployee(t, { onboarded: false });
    const response = await process('2025-10-31', [
      { userId: user.id, year: 2025, month: 10 },
      { userId: stranger.id, year: 2025, month: 10 },
    ]);
    expect(response.status).toBe(404);
    expect((await payslipOf(user.id, 2025, 10)).processingStatus).toBe('UNPROCESSED');
  });
});

describe('PDFs and access', () => {
  it('gives staff their own processed payslips and PDFs only; the table PDF to admins', async () => {
    const user = await createEmployee(t, {
      fullName: 'Dana Staff',
      salaryCents: 350_000,
      selfHelpGroup: 'MBMF',
    });
    const other = await createEmployee(t, { fullName: 'Evan Other' });
    await payslipOf(user.id, 2025, 11);
    await payslipOf(other.id, 2025, 11);
    const { id } = await payslipOf(user.id, 2025, 11);
    const headers = await staffSession(t, user);
    const staff = caller(t, headers);
    // Not processed yet: nothing for the staff member.
    expect((await staff.get(`/payslips/${id}/pdf`)).status).toBe(404);
    await process('2025-11-28', [
      { userId: user.id, year: 2025, month: 11 },
      { userId: other.id, year: 2025, month: 11 },
    ]);

    const own = await staff.get(`/users/${user.id}/payslips/processed/aggregates`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual([
      expect.objectContaining({ payslipMonth: 11, payslipYear: 2025, grossPay: 3500 }),
    ]);
    expect((await staff.get(`/users/${other.id}/payslips/processed/aggregates`)).status).toBe(403);

    const pdf = await staff.get(`/payslips/${id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.raw.rawPayload);
    // 20% of $3,500 = $700; MBMF on $3,500 = $15.00.
    expect(text).toContain('Employee Dana Staff');
    expect(text).toContain('Gross pay 3,500.00');
    expect(text).toContain('Employee CPF (20%) -700.00');
    expect(text).toContain('Self-help group (MBMF) -15.00');
    expect(text).toContain('Net payable 2,785.00');
    expect(text).toContain('Date of payment 28/11/2025');

    // Ten at once from one person: two are prepared at a time and the rest wait their turn (issue 33).
    const burst = await Promise.all(Array.from({ length: 10 }, () => staff.get(`/payslips/${id}/pdf`)));
    expect(burst.map((answer) => answer.status)).toEqual(Array(10).fill(200));

    const otherId = (await payslipOf(other.id, 2025, 11)).id;
    // Someone else's payslip answers exactly as one that does not exist.
    const othersPayslip = await staff.get(`/payslips/${otherId}/pdf`);
    expect(othersPayslip.status).toBe(404);
    expect(othersPayslip.body).toEqual((await staff.get('/payslips/2147483647/pdf')).body);
    for (const url of [
      '/payslips/unprocessed-and-items-added?year=2025&month=11',
      '/payslips/processed/aggregates?year=2025&month=11',
      '/payslips/processed/pdf-table?year=2025&month=11',
      `/users/${user.id}/payslips?year=2025&month=11`,
      `/users/${user.id}/adhoc-items?year=2025&month=11`,
    ]) {
      expect((await staff.get(url)).status).toBe(403);
    }
    expect(
      (
        await staff.post('/payslips/bulk-process', {
          payDate: '2025-11-28',
          payslips: [{ userId: user.id, year: 2025, month: 11 }],
        })
      ).status,
    ).toBe(403);
    expect((await staff.patch(`/payslips/${id}/status`, { status: 'UNPROCESSED' })).status).toBe(403);

    const table = await api.get('/payslips/processed/pdf-table?year=2025&month=11');
    expect(table.status).toBe(200);
    expect(table.raw.headers['content-disposition']).toContain('processed-payslips-2025-11.pdf');
    const tableText = (await pdfText(table.raw.rawPayload)).text;
    expect(tableText).toContain('November 2025');
    expect(tableText).toContain('Dana Staff 3,500.00 700.00 595.00 2,785.00 0.00 2,785.00');
    expect(tableText).toContain('Evan Other 5,000.00 1,000.00 850.00 4,000.00 0.00 4,000.00');
  });

  // Issue 33 item 8: an administrator's tool asking eight at once was refused most of them (429).
  it("answers an administrator's eight payslip PDFs asked at once, and 429 only beyond the waiting queue", async () => {
    const staff: Array<{ id: number }> = [];
    for (let i = 0; i < 8; i += 1) staff.push(await createEmployee(t, { fullName: `Paula Eight ${i}` }));
    for (const person of staff) await payslipOf(person.id, 2025, 6);
    expect(
      (
        await process(
          '2025-06-27',
          staff.map((p) => ({ userId: p.id, year: 2025, month: 6 })),
        )
      ).status,
    ).toBe(200);
    const ids = (await processed(2025, 6))
      .filter((row) => staff.some((p) => p.id === row.userDetails.id))
      .map((row) => row.payslipId);
    expect(ids).toHaveLength(8);
    const eight = await Promise.all(ids.map((id) => api.get(`/payslips/${id}/pdf`)));
    expect(eight.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    for (const [index, answer] of eight.entries()) {
      expect(answer.raw.headers['content-type']).toBe('application/pdf');
      expect((await pdfText(answer.raw.rawPayload)).text).toContain(`Employee Paula Eight ${index}`);
    }
    // Two in preparation and sixteen waiting: of forty at once, the rest are told to try again.
    const forty = await Promise.all(
      Array.from({ length: 40 }, (_, i) => api.get(`/payslips/${ids[i % 8]}/pdf`)),
    );
    const statuses = forty.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(18);
    const refused = forty.find((answer) => answer.status === 429);
    expect(refused?.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Your other PDFs are still being prepared. Please try again in a moment.',
    });
    expect(refused?.raw.headers['retry-after']).toBe('2');
  });

  it("prints a payslip's items, masked NRIC and account, and the year to date through its month", async () => {
    const user = await createEmployee(t, {
      fullName: 'Fay Yeo',
      salaryCents: 400_000,
      nric: 'S7712345D',
      bank: ['OCBC', null, null, '6012345678'],
    });
    // October and November processed, December too: the year to date stops at November.
    for (const month of [10, 11, 12]) await payslipOf(user.id, 2025, month);
    const november = await payslipOf(user.id, 2025, 11);
    const base = { userId: user.id, year: 2025, month: 11, payslipId: november.id };
    expect((await api.post('/bonus-items', { ...base, type: 'BONUS', amount: 1000 })).status).toBe(201);
    expect(
      (await api.post('/other-addition-items', { ...base, type: 'TRAVEL_ALLOWANCE', amount: 120 })).status,
    ).toBe(201);
    for (const month of [10, 11, 12]) {
      expect((await process(`2025-${month}-25`, [{ userId: user.id, year: 2025, month }])).status).toBe(200);
    }
    const pdf = await api.get(`/payslips/${november.id}/pdf`);
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(pdf.raw.rawPayload);
    expect(text).toContain('NRIC/FIN S****345D');
    expect(text).toContain('Bank account OCBC ******5678');
    expect(text).toContain('Designation Analyst');
    expect(text).toContain('Bonus 1,000.00');
    expect(text).toContain('Travel allowance 120.00');
    // $4,000 + $1,000 bonus at 20% = $1,000; net $4,000; with the allowance $4,120 payable.
    expect(text).toContain('Gross pay 5,000.00');
    expect(text).toContain('Net payable 4,120.00');
    expect(text).toContain('Year to date (2025)');
    // October ($4,000 gross, $800 CPF, $3,200 net) and November, not December.
    expect(text).toMatch(/Year to date \(2025\)[\s\S]*Gross pay 9,000.00/);
    expect(text).toMatch(/Year to date \(2025\)[\s\S]*Employee CPF 1,800.00/);
    expect(text).toMatch(/Year to date \(2025\)[\s\S]*Net payable 7,320.00/);
  });
});
