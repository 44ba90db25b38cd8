import { and, eq } from 'drizzle-orm';
import type { PayslipAggregate, PayslipDetail, UnprocessedRow } from '../../src/domain/payslips';
import { payslips } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

/**
 * Issue 34: Process Pay's confirmation (POST /payslips/bulk-process/preview) and the Processed List's
 * totals row (GET /payslips/processed/totals). Every expected figure is worked out here by hand from
 * the CPF Board's rules (shared payroll facts, sections 2, 5 and 8), never read from the engine.
 */

let t: TestApp;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
});
afterAll(async () => {
  await t.close();
});

const YEAR = 2026;
const MONTH = 3;
const period = `year=${YEAR}&month=${MONTH}`;
const payDate = '2026-03-31';

/**
 * March 2026, citizens aged 55 and below (20% employee, 17% employer, 37% total; the total rounded to
 * the dollar, the employee's share rounded down, the employer's the rest):
 * - Ang, $5,000, CDAC: total 1,850.00; employee 1,000; employer 850; CDAC above $3,500 to $5,000 is $1.50;
 *   net pay 5,000 - 1,000 - 1.50 = 3,998.50; a $250 loan repaid: net payable 3,748.50.
 * - Bala, $3,000: total 1,110.00; employee 600; employer 510; net pay 2,400.00.
 * - Chen, $4,321.50: total 1,598.955 -> 1,599; employee 864.30 -> 864; employer 735; net pay 3,457.50.
 */
const expected = {
  payslips: 3,
  grossPay: 12_321.5,
  employeeCpf: 2_464,
  employerCpf: 2_095,
  selfHelpGroup: 1.5,
  netPay: 9_856,
  otherItems: -250,
  netPayable: 9_606,
};
const nothing = {
  payslips: 0,
  grossPay: 0,
  employeeCpf: 0,
  employerCpf: 0,
  selfHelpGroup: 0,
  netPay: 0,
  otherItems: 0,
  netPayable: 0,
};

let ids: { ang: number; bala: number; chen: number; dina: number; eva: number };
const selection = () => [ids.ang, ids.bala, ids.chen].map((userId) => ({ userId, year: YEAR, month: MONTH }));
const preview = (payslips: Array<{ userId: number; year: number; month: number }>, date = payDate) =>
  api.post('/payslips/bulk-process/preview', { payDate: date, payslips });
const totals = async (query = period) => {
  const response = await api.get(`/payslips/processed/totals?${query}`);
  expect(response.status).toBe(200);
  return response.body;
};

beforeAll(async () => {
  const make = (fullName: string, salaryCents: number, selfHelpGroup: 'CDAC' | 'NONE' = 'NONE') =>
    createEmployee(t, { fullName, salaryCents, selfHelpGroup, dateOfBirth: '1990-06-15' }).then((u) => u.id);
  ids = {
    ang: await make('Ang Li Hua', 500_000, 'CDAC'),
    bala: await make('Bala Kumar', 300_000),
    chen: await make('Chen Wei', 432_150),
    dina: await make('Dina Other Month', 610_000),
    eva: await make('Eva Unprocessed', 270_000),
  };
  expect((await api.get(`/payslips/unprocessed-and-items-added?${period}`)).status).toBe(200);
  const ang = (await api.get(`/users/${ids.ang}/payslips?${period}`)).body as PayslipDetail;
  const loan = await api.post('/other-deduction-items', {
    userId: ids.ang,
    year: YEAR,
    month: MONTH,
    payslipId: ang.id,
    type: 'LOAN',
    amount: 250,
  });
  expect(loan.status).toBe(201);
  // Dina is processed in February only: another period's payslip is in neither total.
  await api.get(`/users/${ids.dina}/payslips?year=${YEAR}&month=2`);
  expect(
    (
      await api.post('/payslips/bulk-process', {
        payDate: '2026-02-27',
        payslips: [{ userId: ids.dina, year: YEAR, month: 2 }],
      })
    ).status,
  ).toBe(200);
});

describe("Process Pay's confirmation", () => {
  it('answers the headcount and totals processing would store, and stores nothing', async () => {
    const statuses = () =>
      t.db.select({ id: payslips.id, status: payslips.status }).from(payslips).orderBy(payslips.id);
    const statusesBefore = await statuses();
    const answer = await preview(selection());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ skipped: 0, totals: expected });

    // Nothing changed: the same statuses, still unprocessed, no audit of a run.
    expect(await statuses()).toEqual(statusesBefore);
    const open = (await api.get(`/payslips/unprocessed-and-items-added?${period}`)).body as UnprocessedRow[];
    expect(open.map((row) => row.user.id)).toEqual(
      expect.arrayContaining([ids.ang, ids.bala, ids.chen, ids.eva]),
    );
    expect(await totals()).toEqual(nothing);
    const runs = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payslips.processed'), eq(auditLog.entity, 'payslip')));
    expect(runs.filter((row) => (row.details as { month?: number }).month === MONTH)).toEqual([]);
  });

  it('refuses what processing refuses, with the same words', async () => {
    // Dina's January, with February already processed.
    const january = [{ userId: ids.dina, year: YEAR, month: 1 }];
    const previewed = await preview(january, '2026-01-30');
    const processedNow = await api.post('/payslips/bulk-process', {
      payDate: '2026-01-30',
      payslips: january,
    });
    expect(previewed.status).toBe(409);
    expect(processedNow.status).toBe(409);
    expect(previewed.body).toEqual(processedNow.body);
    const empty = await preview([]);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'VALIDATION', field: 'payslips' });
  });
});

describe("the Processed List's totals", () => {
  it('are every processed payslip of the period added up, equal to the confirmation to the cent', async () => {
    const processed = await api.post('/payslips/bulk-process', { payDate, payslips: selection() });
    expect(processed.body).toEqual({ processed: 3, skipped: 0 });
    expect(await totals()).toEqual(expected);

    // The same sums as the list's rows (12 rows would be two pages on screen; the totals are the period's).
    const rows = (await api.get(`/payslips/processed/aggregates?${period}`)).body as PayslipAggregate[];
    const cents = (pick: (row: PayslipAggregate) => number) =>
      rows.reduce((sum, row) => sum + Math.round(pick(row) * 100), 0) / 100;
    expect(rows).toHaveLength(3);
    expect(cents((row) => row.grossPay)).toBe(expected.grossPay);
    expect(cents((row) => row.netPayable)).toBe(expected.netPayable);

    // Another month has its own; a month with nothing processed answers zeros.
    expect(await totals(`year=${YEAR}&month=2`)).toEqual({
      payslips: 1,
      // Dina, $6,100: total 2,257.00; employee 1,220; employer 1,037; net 4,880.
      grossPay: 6_100,
      employeeCpf: 1_220,
      employerCpf: 1_037,
      selfHelpGroup: 0,
      netPay: 4_880,
      otherItems: 0,
      netPayable: 4_880,
    });
    expect(await totals(`year=${YEAR}&month=1`)).toEqual(nothing);
  });

  it('count an already processed payslip as skipped in the confirmation', async () => {
    const again = await preview([...selection(), { userId: ids.eva, year: YEAR, month: MONTH }]);
    expect(again.status).toBe(200);
    // Eva, $2,700: total 999.00; employee 540; employer 459; net 2,160.
    expect(again.body).toEqual({
      skipped: 3,
      totals: {
        payslips: 1,
        grossPay: 2_700,
        employeeCpf: 540,
        employerCpf: 459,
        selfHelpGroup: 0,
        netPay: 2_160,
        otherItems: 0,
        netPayable: 2_160,
      },
    });
    expect(await totals()).toEqual(expected);
  });

  it('refuse a period that is not one', async () => {
    const response = await api.get('/payslips/processed/totals?year=2026&month=13');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
  });
});
