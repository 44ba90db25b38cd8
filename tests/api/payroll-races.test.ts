import { and, eq } from 'drizzle-orm';
import { computeRunPayslip } from '../../src/domain/payroll';
import type { PayslipDetail } from '../../src/domain/payslips';
import { payslipIdentities } from '../../src/server/db/payslip-identity-schema';
import { payItems, payslips } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

// Concurrent requests against one payroll: the outcome is always one of the serial orders, never
// a mix (on PostgreSQL they truly run at once; PGlite runs them one after another).

let t: TestApp;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
});
afterAll(async () => {
  await t.close();
});

const stored = async (userId: number, year: number, month: number) => {
  const [row] = await t.db
    .select()
    .from(payslips)
    .where(and(eq(payslips.userId, userId), eq(payslips.year, year), eq(payslips.month, month)));
  if (!row) throw new Error('no payslip');
  return row;
};

/** What the engine gives for the payslip's current items (no earlier months in these tests). */
const engineGross = async (payslipId: number, basicCents: number, year: number, month: number) => {
  const items = await t.db.select().from(payItems).where(eq(payItems.payslipId, payslipId));
  return computeRunPayslip({
    year,
    month,
    snapshot: {
      basicSalaryCents: basicCents,
      cpfType: 'SINGAPORE CITIZEN',
      cpfSection: 'CPF1',
      employeeCpfRate: 20,
      employerCpfRate: 17,
      selfHelpGroup: 'NONE',
      dateOfBirth: '1990-06-15',
    },
    items: items.map((item) => ({ kind: item.kind, type: item.type, amountCents: item.amountCents })),
    yearToDate: { owSubjectCents: 0, awSubjectCents: 0 },
    lastDayOfService: null,
  });
};

describe('payroll races', () => {
  it('two bulk runs at once process each payslip exactly once', async () => {
    const users = [];
    for (let i = 0; i < 25; i += 1) users.push(await createEmployee(t, { salaryCents: 300_000 + i * 1_000 }));
    await api.get('/payslips/unprocessed-and-items-added?year=2024&month=3');
    const payload = {
      payDate: '2024-03-29',
      payslips: users.map((u) => ({ userId: u.id, year: 2024, month: 3 })),
    };
    const [first, second] = await Promise.all([
      api.post('/payslips/bulk-process', payload),
      api.post('/payslips/bulk-process', payload),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const results = [first.body, second.body] as Array<{ processed: number; skipped: number }>;
    expect(results.map((r) => r.processed).sort()).toEqual([0, 25]);
    expect(results.map((r) => r.skipped).sort()).toEqual([0, 25]);
    // One audit entry per run that processed something, naming each payslip once.
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payslips.processed'));
    const ids = entries
      .filter((entry) => entry.details?.year === 2024 && entry.details?.month === 3)
      .flatMap((entry) => entry.details?.payslipIds as number[]);
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
  });

  it('an item added during processing is either in the processed amounts or refused', async () => {
    for (let round = 0; round < 4; round += 1) {
      const users = [];
      for (let i = 0; i < 10; i += 1) users.push(await createEmployee(t, { salaryCents: 400_000 }));
      const month = 4 + round;
      const target = users[round * 3] ?? users[0];
      if (!target) throw new Error('no employee');
      const detail = (await api.get(`/users/${target.id}/payslips?year=2024&month=${month}`))
        .body as PayslipDetail;
      await api.get(`/payslips/unprocessed-and-items-added?year=2024&month=${month}`);
      const [run, added] = await Promise.all([
        api.post('/payslips/bulk-process', {
          payDate: `2024-0${month}-28`,
          payslips: users.map((u) => ({ userId: u.id, year: 2024, month })),
        }),
        api.post('/bonus-items', {
          userId: target.id,
          year: 2024,
          month,
          payslipId: detail.id,
          type: 'BONUS',
          amount: 1234.56,
        }),
      ]);
      expect(run.status).toBe(200);
      expect([201, 409]).toContain(added.status);
      const row = await stored(target.id, 2024, month);
      expect(row.status).toBe('PROCESSED');
      const items = await t.db.select().from(payItems).where(eq(payItems.payslipId, row.id));
      expect(items).toHaveLength(added.status === 201 ? 1 : 0);
      const expected = await engineGross(row.id, 400_000, 2024, month);
      expect(row.grossPayCents).toBe(expected.grossPayCents);
      expect(row.employeeCpfCents).toBe(expected.employeeCpfCents);
    }
  });

  it('a revert during a bulk run ends in one consistent state', async () => {
    const users = [];
    for (let i = 0; i < 8; i += 1) users.push(await createEmployee(t, { salaryCents: 350_000 }));
    const payload = {
      payDate: '2024-09-27',
      payslips: users.map((u) => ({ userId: u.id, year: 2024, month: 9 })),
    };
    await api.get('/payslips/unprocessed-and-items-added?year=2024&month=9');
    const target = users[0];
    if (!target) throw new Error('no employee');
    await api.post('/payslips/bulk-process', { ...payload, payslips: [payload.payslips[0]] });
    const { id } = await stored(target.id, 2024, 9);
    const [run, revert] = await Promise.all([
      api.post('/payslips/bulk-process', payload),
      api.patch(`/payslips/${id}/status`, { status: 'UNPROCESSED' }),
    ]);
    expect(run.status).toBe(200);
    expect(revert.status).toBe(200);
    const row = await stored(target.id, 2024, 9);
    // Either the revert came first and the run processed it again, or the run skipped it and the
    // revert then took it back: never a processed status without amounts, or amounts without it.
    if (row.status === 'PROCESSED') {
      expect(row.payDate).toBe('2024-09-27');
      expect(row.grossPayCents).toBe(350_000);
      expect(run.body).toEqual({ processed: 8, skipped: 0 });
    } else {
      expect(row).toMatchObject({
        status: 'UNPROCESSED',
        payDate: null,
        grossPayCents: 0,
        processedAt: null,
      });
      expect(run.body).toEqual({ processed: 7, skipped: 1 });
    }
    for (const user of users.slice(1)) expect((await stored(user.id, 2024, 9)).status).toBe('PROCESSED');
    // Whom it paid is frozen exactly while it is processed (issue 32.7): the revert took it away, or
    // the run wrote it again.
    const frozen = async (payslipId: number) =>
      (await t.db.select().from(payslipIdentities).where(eq(payslipIdentities.payslipId, payslipId))).length;
    expect(await frozen(row.id)).toBe(row.status === 'PROCESSED' ? 1 : 0);
    for (const user of users.slice(1)) expect(await frozen((await stored(user.id, 2024, 9)).id)).toBe(1);
  });

  it("a confirmation's preview at the same time as the run neither undoes it nor counts it twice", async () => {
    // $3,000 a month, 20% and 17%: total CPF 1,110 (employee 600, employer 510), net 2,400 each.
    const ten = (n: number) => ({
      payslips: n,
      grossPay: 3_000 * n,
      employeeCpf: 600 * n,
      employerCpf: 510 * n,
      selfHelpGroup: 0,
      netPay: 2_400 * n,
      otherItems: 0,
      netPayable: 2_400 * n,
    });
    for (const month of [10, 11]) {
      const users = [];
      for (let i = 0; i < 10; i += 1) users.push(await createEmployee(t, { salaryCents: 300_000 }));
      await api.get(`/payslips/unprocessed-and-items-added?year=2024&month=${month}`);
      const payload = {
        payDate: `2024-${month}-28`,
        payslips: users.map((u) => ({ userId: u.id, year: 2024, month })),
      };
      const [preview, run] = await Promise.all([
        api.post('/payslips/bulk-process/preview', payload),
        api.post('/payslips/bulk-process', payload),
      ]);
      expect(run.body).toEqual({ processed: 10, skipped: 0 });
      // Before the run (it saw them open) or after it (it saw them processed): never half.
      expect([
        { skipped: 0, totals: ten(10) },
        { skipped: 10, totals: ten(0) },
      ]).toContainEqual(preview.body);
      for (const user of users) {
        expect(await stored(user.id, 2024, month)).toMatchObject({
          status: 'PROCESSED',
          grossPayCents: 300_000,
        });
      }
      const runs = (
        await t.db.select().from(auditLog).where(eq(auditLog.action, 'payslips.processed'))
      ).filter((entry) => entry.details?.year === 2024 && entry.details?.month === month);
      expect(runs).toHaveLength(1);
    }
  });
});
