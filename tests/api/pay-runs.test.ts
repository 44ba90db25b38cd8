import { eq } from 'drizzle-orm';
import type { AuditPage } from '../../src/domain/audit';
import type { PayslipAggregate } from '../../src/domain/payslips';
import { paymentInfo } from '../../src/server/db/schema';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp, testDatabaseKind } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

/**
 * Issue 39 items 1-3: a month's pay run is submitted by one administrator and approved by another;
 * until then the bank and CPF files and the payslip e-mails answer 409 "The pay run for <Month YYYY>
 * awaits approval." and staff do not see the month's payslips. With one administrator nothing changes.
 */

type Run = {
  status: string;
  approvalRequired: boolean;
  submittedBy: { id: number } | null;
  approvedBy: { id: number } | null;
  rejectedReason: string | null;
  reopenedReason: string | null;
  totals: Record<string, number>;
  variance: Array<{ userId: number; flags: string[]; gross: { current: number; previous: number | null } }>;
  varianceTotals: { headcount: { current: number; previous: number | null } };
};

let t: TestApp;
let first: ReturnType<typeof caller>;
let second: ReturnType<typeof caller>;
let firstId: number;
let secondId: number;
const people: Record<
  'steady' | 'raised' | 'modest' | 'joiner' | 'leaver',
  { id: number; email: string; password: string }
> = {} as never;

const bankFile = (month: number) => first.get(`/payslips/bank-file?year=2026&month=${month}&bank=UOB`);
const cpfFile = (month: number) => first.get(`/payslips/cpf-file?year=2026&month=${month}`);
const emails = (month: number) => first.post('/payslips/email', { year: 2026, month });
const runOf = async (month: number, api = first) => {
  const answer = await api.get(`/pay-runs/2026/${month}`);
  expect(answer.status).toBe(200);
  return answer.body as Run;
};
const process = (month: number, userIds: number[]) =>
  first.post('/payslips/bulk-process', {
    payDate: `2026-0${month}-25`,
    payslips: userIds.map((userId) => ({ userId, year: 2026, month })),
  });
const auditOf = async (action: string) => {
  const page = (await first.get(`/audit?entity=payRun&action=${action}`)).body as AuditPage;
  return page.data;
};
const messageOf = (answer: { body: unknown }) => (answer.body as { message: string }).message;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminSession(t);
  const b = await adminSession(t);
  first = caller(t, a.headers);
  second = caller(t, b.headers);
  firstId = a.admin.id;
  secondId = b.admin.id;
  // Real-shaped NRICs (the CPF file checks their letters) and a UOB account for the salary file.
  expect(
    (
      await first.put('/company', {
        name: 'Acme Pte. Ltd.',
        uen: '201912345K',
        bankName: 'UOB',
        bankAccountNo: '3701234567',
        bankAccountName: 'ACME PTE LTD',
      })
    ).status,
  ).toBe(200);
  people.steady = await createEmployee(t, {
    fullName: 'Tan Ah Kow',
    nric: 'S8012345J',
    salaryCents: 400_000,
  });
  people.raised = await createEmployee(t, {
    fullName: 'Priya Raman',
    nric: 'S7654321F',
    salaryCents: 400_000,
  });
  people.modest = await createEmployee(t, {
    fullName: 'Lim Mei Ling',
    nric: 'T0234567B',
    salaryCents: 400_000,
  });
  people.joiner = await createEmployee(t, {
    fullName: 'Nur Aisyah',
    nric: 'T0312345B',
    salaryCents: 400_000,
    hireDate: '2026-03-02',
  });
  people.leaver = await createEmployee(t, {
    fullName: 'Marcus de Souza',
    nric: 'S9123456D',
    salaryCents: 400_000,
    lastDayOfService: '2026-03-31',
  });
});
afterAll(async () => {
  await t.close();
});

describe('two administrators: February goes through submit, reject, submit, approve', () => {
  it('a processed month is OPEN, and its files, e-mails and staff payslips wait', async () => {
    const feb = [people.steady.id, people.raised.id, people.modest.id, people.leaver.id];
    expect((await process(2, feb)).status).toBe(200);
    const run = await runOf(2);
    expect(run).toMatchObject({ status: 'OPEN', approvalRequired: true, submittedBy: null });
    expect(run.totals.headcount).toBe(4);
    // Four salaries of $4,000.00, no items: gross is their sum.
    expect(run.totals.gross).toBe(16_000);

    for (const answer of [await bankFile(2), await cpfFile(2), await emails(2)]) {
      expect(answer.status).toBe(409);
      expect(messageOf(answer)).toBe('The pay run for February 2026 awaits approval.');
    }
    const staff = caller(t, await staffSession(t, people.raised));
    const own = (await staff.get(`/users/${people.raised.id}/payslips/processed/aggregates`))
      .body as PayslipAggregate[];
    expect(own).toEqual([]);
    const [payslip] = (await first.get(`/users/${people.raised.id}/payslips/processed/aggregates`))
      .body as PayslipAggregate[];
    expect(payslip?.payslipMonth).toBe(2);
    expect((await staff.get(`/payslips/${payslip?.payslipId}/pdf`)).status).toBe(404);
  });

  it('the submitter cannot approve or reject; another administrator rejects with a reason', async () => {
    const submitted = await first.post('/pay-runs/2026/2/submit', {});
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'SUBMITTED', submittedBy: { id: firstId } });

    expect((await first.post('/pay-runs/2026/2/approve', {})).status).toBe(403);
    expect((await first.post('/pay-runs/2026/2/reject', { reason: 'mine' })).status).toBe(403);
    expect((await runOf(2)).status).toBe('SUBMITTED');
    expect((await bankFile(2)).status).toBe(409);

    expect((await second.post('/pay-runs/2026/2/reject', { reason: '' })).status).toBe(400);
    const rejected = await second.post('/pay-runs/2026/2/reject', { reason: 'Check the allowances' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'OPEN', rejectedReason: 'Check the allowances' });
    // Nothing submitted: nothing to approve.
    expect((await second.post('/pay-runs/2026/2/approve', {})).status).toBe(409);
  });

  it('submitted again and approved by the other administrator, the month is released', async () => {
    expect((await first.post('/pay-runs/2026/2/submit', {})).status).toBe(200);
    const approved = await second.post('/pay-runs/2026/2/approve', {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      submittedBy: { id: firstId },
      approvedBy: { id: secondId },
    });
    expect((await bankFile(2)).status).toBe(200);
    expect((await cpfFile(2)).status).toBe(200);
    // No job queue runs in this test app: the request gets past the approval and stops at the queue.
    expect((await emails(2)).status).toBe(503);

    const staff = caller(t, await staffSession(t, people.raised));
    const own = (await staff.get(`/users/${people.raised.id}/payslips/processed/aggregates`))
      .body as PayslipAggregate[];
    expect(own.map((row) => row.payslipMonth)).toEqual([2]);
    expect((await staff.get(`/payslips/${own[0]?.payslipId}/pdf`)).status).toBe(200);
  });

  it('an approved month refuses a revert until an administrator reopens it with a reason', async () => {
    const [payslip] = (await first.get(`/users/${people.steady.id}/payslips/processed/aggregates`))
      .body as PayslipAggregate[];
    const revert = () => first.patch(`/payslips/${payslip?.payslipId}/status`, { status: 'UNPROCESSED' });
    expect((await revert()).status).toBe(409);
    expect((await first.post('/pay-runs/2026/2/reopen', {})).status).toBe(400);
    const reopened = await first.post('/pay-runs/2026/2/reopen', { reason: 'Wrong bank account' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'OPEN', reopenedReason: 'Wrong bank account' });
    expect((await bankFile(2)).status).toBe(409);
    expect((await revert()).status).toBe(200);
    expect((await process(2, [people.steady.id])).status).toBe(200);
    expect((await second.post('/pay-runs/2026/2/submit', {})).status).toBe(200);
    expect((await first.post('/pay-runs/2026/2/approve', {})).status).toBe(200);
    expect((await bankFile(2)).status).toBe(200);
  });

  it('an audit row with before and after for every step', async () => {
    const submitted = await auditOf('payRun.submitted');
    expect(submitted.length).toBe(3);
    expect(submitted.at(-1)).toMatchObject({
      entityId: '2026-02',
      actor: { id: firstId },
      before: { status: 'OPEN' },
      after: { status: 'SUBMITTED' },
    });
    expect((await auditOf('payRun.rejected'))[0]).toMatchObject({
      actor: { id: secondId },
      before: { status: 'SUBMITTED' },
      after: { status: 'OPEN', rejectedReason: 'Check the allowances' },
    });
    expect((await auditOf('payRun.approved')).at(-1)).toMatchObject({
      actor: { id: secondId },
      before: { status: 'SUBMITTED' },
      after: { status: 'APPROVED', approvedBy: secondId },
    });
    expect((await auditOf('payRun.reopened'))[0]).toMatchObject({
      actor: { id: firstId },
      before: { status: 'APPROVED' },
      after: { status: 'OPEN', reopenedReason: 'Wrong bank account' },
    });
  });
});

describe('March: the variance against February, and a submitted run reopened by more processing', () => {
  it('flags a planted 25% change, not a 15% one; a joiner, a leaver and a first pay', async () => {
    // $4,000 to $5,000 is +25%; $4,000 to $4,600 is +15%.
    await t.db
      .update(paymentInfo)
      .set({ basicSalaryCents: 500_000 })
      .where(eq(paymentInfo.userId, people.raised.id));
    await t.db
      .update(paymentInfo)
      .set({ basicSalaryCents: 460_000 })
      .where(eq(paymentInfo.userId, people.modest.id));
    const march = [people.steady.id, people.raised.id, people.modest.id, people.leaver.id];
    expect((await process(3, march)).status).toBe(200);
    expect((await first.post('/pay-runs/2026/3/submit', {})).status).toBe(200);
    // The joiner processed after submission: the run must be submitted again.
    expect((await process(3, [people.joiner.id])).status).toBe(200);
    const run = await runOf(3);
    expect(run.status).toBe('OPEN');

    const flagsOf = (id: number) => run.variance.find((row) => row.userId === id)?.flags ?? [];
    expect(flagsOf(people.raised.id)).toEqual(['CHANGE_OVER_20']);
    expect(flagsOf(people.modest.id)).toEqual([]);
    expect(flagsOf(people.steady.id)).toEqual([]);
    expect(flagsOf(people.joiner.id)).toEqual(['JOINER', 'FIRST_PAY']);
    expect(flagsOf(people.leaver.id)).toEqual(['LEAVER']);
    expect(run.variance.find((row) => row.userId === people.raised.id)?.gross).toEqual({
      current: 5000,
      previous: 4000,
    });
    expect(run.varianceTotals.headcount).toEqual({ current: 5, previous: 4 });
  });

  it('the variance report as a PDF for administrators: the flags and the totals, no NRIC/FIN', async () => {
    const pdf = await first.get('/pay-runs/2026/3/variance.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.headers['content-disposition']).toBe(
      'attachment; filename="pay-run-variance-2026-03.pdf"',
    );
    const lines = (await pdfText(pdf.raw.rawPayload)).text.split('\n');
    const lineOf = (start: string) => lines.find((line) => line.startsWith(start)) ?? '';
    // Four paid in February, five in March; February's four salaries of $4,000.00.
    expect(lineOf('Headcount')).toBe('Headcount 4 5 +1');
    expect(lineOf('Gross ($)')).toMatch(/^Gross \(\$\) 16,000\.00 /);
    expect(lineOf('Priya Raman')).toMatch(/^Priya Raman 4,000\.00 5,000\.00 .* Change over 20%$/);
    expect(lineOf('Nur Aisyah')).toMatch(/^Nur Aisyah - [\d,.]+ - [\d,.]+ - [\d,.]+ Joiner, First pay$/);
    expect(lineOf('Marcus de Souza')).toMatch(/ Leaver$/);
    expect(lineOf('Lim Mei Ling')).toMatch(/ -$/);
    for (const nric of ['S7654321F', 'T0312345B', 'S9123456D']) {
      expect(lines.join('\n')).not.toContain(nric);
    }

    const staff = caller(t, await staffSession(t, people.raised));
    expect((await staff.get('/pay-runs/2026/3/variance.pdf')).status).toBe(403);
  });

  it('the Approvals list: what awaits this administrator, not their own submission', async () => {
    expect((await second.post('/pay-runs/2026/3/submit', {})).status).toBe(200);
    const forFirst = (await first.get('/pay-runs/awaiting')).body as Array<{ month: number }>;
    const forSecond = (await second.get('/pay-runs/awaiting')).body as Array<{ month: number }>;
    expect(forFirst.map((run) => run.month)).toEqual([3]);
    expect(forSecond).toEqual([]);
  });

  it.runIf(testDatabaseKind === 'postgres')('an approve and a revert at once end consistent', async () => {
    const [payslip] = (await first.get(`/users/${people.steady.id}/payslips/processed/aggregates`))
      .body as PayslipAggregate[];
    const [approve, revert] = await Promise.all([
      first.post('/pay-runs/2026/3/approve', {}),
      second.patch(`/payslips/${payslip?.payslipId}/status`, { status: 'UNPROCESSED' }),
    ]);
    const run = await runOf(3);
    if (approve.status === 200) {
      // Approved first: the revert waited and was refused.
      expect(revert.status).toBe(409);
      expect(run.status).toBe('APPROVED');
    } else {
      expect(approve.status).toBe(409);
      expect(revert.status).toBe(200);
      expect(run.status).toBe('OPEN');
    }
  });
});

describe('approval off', () => {
  it('turned off on the company page (audited), a processed month is released at once', async () => {
    const company = (await first.get('/company')).body as Record<string, unknown>;
    const off = await first.put('/company', { ...company, requirePayRunApproval: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ requirePayRunApproval: false });
    const [row] = ((await first.get('/audit?entity=company&action=company.updated')).body as AuditPage).data;
    expect(row).toMatchObject({
      before: { requirePayRunApproval: true },
      after: { requirePayRunApproval: false },
    });

    expect((await process(4, [people.steady.id])).status).toBe(200);
    expect(await runOf(4)).toMatchObject({ status: 'APPROVED', approvalRequired: false });
    expect((await bankFile(4)).status).toBe(200);
    expect((await first.post('/pay-runs/2026/4/submit', {})).status).toBe(409);
    expect((await first.put('/company', { ...company, requirePayRunApproval: true })).status).toBe(200);
  });

  it('with one administrator the spec flow is unchanged: files served as soon as processed', async () => {
    const alone = await createTestApp();
    try {
      const api = caller(alone, (await adminSession(alone)).headers);
      await api.put('/company', { name: 'Solo Pte. Ltd.', uen: '201912345K' });
      const staff = await createEmployee(alone, { fullName: 'Only One', nric: 'S8012345J' });
      const processed = await api.post('/payslips/bulk-process', {
        payDate: '2026-02-25',
        payslips: [{ userId: staff.id, year: 2026, month: 2 }],
      });
      expect(processed.status).toBe(200);
      expect((await api.get('/payslips/cpf-file?year=2026&month=2')).status).toBe(200);
      const mine = caller(alone, await staffSession(alone, staff));
      const own = (await mine.get(`/users/${staff.id}/payslips/processed/aggregates`))
        .body as PayslipAggregate[];
      expect(own.map((row) => row.payslipMonth)).toEqual([2]);
      // Revert works as before.
      expect(
        (await api.patch(`/payslips/${own[0]?.payslipId}/status`, { status: 'UNPROCESSED' })).status,
      ).toBe(200);
    } finally {
      await alone.close();
    }
  });
});
