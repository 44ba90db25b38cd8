import { and, eq } from 'drizzle-orm';
import { payslips, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

// A month's CPF reads the employee's other months of the year, so requests on different months of
// one employee, or a deletion of that employee, must end as some serial order of them would. These
// races show only on PostgreSQL, where the requests truly run at once.

let t: TestApp;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
});
afterAll(async () => {
  await t.close();
});

const YEAR = 2025;
const monthRows = async (userId: number) =>
  t.db
    .select()
    .from(payslips)
    .where(and(eq(payslips.userId, userId), eq(payslips.year, YEAR)));

/**
 * $20,000 a month, January to October processed, and a $150,000 bonus in December. The 2025 ceilings
 * (ordinary wages $7,400 a month, $102,000 a year for all wages) and the 20 % employee rate give, by
 * hand: after November, December's ordinary wages $7,400 at 20 % = $1,480 and additional wages
 * capped at 102,000 - 11 x 7,400 - 7,400 = $13,200 at 20 % = $2,640, so $4,120; with November left
 * out the cap would be $20,600 and the figure $5,600.
 */
async function highEarnerWithDecemberBonus() {
  const employee = await createEmployee(t, { salaryCents: 2_000_000, dateOfBirth: '1985-04-10' });
  const firstTen = Array.from({ length: 10 }, (_, i) => ({ userId: employee.id, year: YEAR, month: i + 1 }));
  const ran = await api.post('/payslips/bulk-process', { payDate: '2025-10-31', payslips: firstTen });
  expect(ran.status, JSON.stringify(ran.body)).toBe(200);
  const december = await api.get(`/users/${employee.id}/payslips?year=${YEAR}&month=12`);
  expect(december.status).toBe(200);
  const bonus = await api.post('/bonus-items', {
    userId: employee.id,
    year: YEAR,
    month: 12,
    payslipId: (december.body as { id: number }).id,
    type: 'BONUS',
    amount: 150_000,
  });
  expect(bonus.status, JSON.stringify(bonus.body)).toBe(201);
  await api.get(`/users/${employee.id}/payslips?year=${YEAR}&month=11`);
  return employee;
}

const processMonth = (userId: number, month: number) =>
  api.post('/payslips/bulk-process', {
    payDate: `${YEAR}-${month}-26`,
    payslips: [{ userId, year: YEAR, month }],
  });

describe('payroll across the months of one employee', () => {
  it('November and December processed at once: December sees November, or November waits for a revert', async () => {
    for (let round = 0; round < 6; round += 1) {
      const employee = await highEarnerWithDecemberBonus();
      const [november, december] = await Promise.all([
        processMonth(employee.id, 11),
        processMonth(employee.id, 12),
      ]);
      const rows = await monthRows(employee.id);
      const dec = rows.find((row) => row.month === 12);
      const nov = rows.find((row) => row.month === 11);
      expect(december.status).toBe(200);
      if (november.status === 200) {
        // November first, then December: December counts November's wages.
        expect(dec?.employeeCpfCents).toBe(412_000);
      } else {
        // December first: November comes after a later processed month and is refused, as it would be
        // one after the other.
        expect(november.status).toBe(409);
        expect(nov?.status).not.toBe('PROCESSED');
        expect(dec?.employeeCpfCents).toBe(560_000);
      }
      // Never more CPF-subject wages in the year than the annual ceiling.
      const subject = rows
        .filter((row) => row.status === 'PROCESSED')
        .reduce((sum, row) => sum + row.cpfOwSubjectCents + row.cpfAwSubjectCents, 0);
      expect(subject).toBeLessThanOrEqual(10_200_000);
    }
  });

  it("reverting November while December is processed never leaves December on November's figures", async () => {
    for (let round = 0; round < 6; round += 1) {
      const employee = await highEarnerWithDecemberBonus();
      expect((await processMonth(employee.id, 11)).status).toBe(200);
      const novemberId = (await monthRows(employee.id)).find((row) => row.month === 11)?.id;
      const [revert, december] = await Promise.all([
        api.patch(`/payslips/${novemberId}/status`, { status: 'UNPROCESSED' }),
        processMonth(employee.id, 12),
      ]);
      const rows = await monthRows(employee.id);
      const nov = rows.find((row) => row.month === 11);
      const dec = rows.find((row) => row.month === 12);
      expect(december.status).toBe(200);
      if (revert.status === 200) {
        // The revert first: December is computed without November, which is no longer processed.
        expect(nov?.status).not.toBe('PROCESSED');
        expect(dec?.employeeCpfCents).toBe(560_000);
      } else {
        // December first: November is no longer the latest processed month and stays as it was.
        expect(revert.status).toBe(409);
        expect(nov?.status).toBe('PROCESSED');
        expect(dec?.employeeCpfCents).toBe(412_000);
      }
    }
  });

  it('deleting an employee during a bulk run either is refused or leaves nothing of them processed', async () => {
    for (let round = 0; round < 8; round += 1) {
      const staff = [];
      for (let i = 0; i < 4; i += 1) staff.push(await createEmployee(t, { salaryCents: 450_000 }));
      const month = 1 + (round % 12);
      await api.get(`/payslips/unprocessed-and-items-added?year=2024&month=${month}`);
      const victim = staff[round % 4];
      if (!victim) throw new Error('no employee');
      const [run, removed] = await Promise.all([
        api.post('/payslips/bulk-process', {
          payDate: `2024-${String(month).padStart(2, '0')}-20`,
          payslips: staff.map((s) => ({ userId: s.id, year: 2024, month })),
        }),
        api.delete(`/users/${victim.id}`),
      ]);
      const [stillThere] = await t.db.select().from(users).where(eq(users.id, victim.id));
      const victimSlips = await t.db.select().from(payslips).where(eq(payslips.userId, victim.id));
      if (removed.status === 204) {
        expect(stillThere).toBeUndefined();
        expect(victimSlips).toEqual([]);
        // The run met a deleted employee: it processed nothing, rather than three of four.
        expect(run.status).toBe(404);
      } else {
        expect(removed.status).toBe(409);
        expect(run.status).toBe(200);
        expect(run.body).toEqual({ processed: 4, skipped: 0 });
        expect(victimSlips.map((slip) => slip.status)).toEqual(['PROCESSED']);
      }
    }
  });
});
