import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from '../../src/domain/dates';
import { publicHolidays } from '../../src/server/db/leave-law-schema';
import { employmentInfo } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

// Issue 35 items 1, 2 and 4 over HTTP, on PGlite and (with DATABASE_URL) on PostgreSQL. Notice periods
// are MOM's table ("Termination with notice"), counted from the day notice is given; dates worked by hand.

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the expectations
type Json = any;
type Answer = {
  status: number;
  body: Json;
  raw: Awaited<ReturnType<ReturnType<typeof caller>['get']>>['raw'];
};
interface Client {
  get(url: string): Promise<Answer>;
  post(url: string, payload: unknown): Promise<Answer>;
  put(url: string, payload: unknown): Promise<Answer>;
  delete(url: string): Promise<Answer>;
}
const client = (headers: Record<string, string>) => caller(t, headers) as Client;

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = client((await adminSession(t)).headers);
});
afterAll(async () => {
  await t.close();
});

const resign = (noticeDate: string, lastDay: string, noticeServed = true) => ({
  reason: 'RESIGNATION',
  noticeDate,
  lastDay,
  noticeServed,
});

describe('notice periods by length of service (the contract says nothing)', () => {
  const cases: Array<[hireDate: string, noticeDays: number, noticeEnds: string]> = [
    // Notice given Monday 2 March 2026.
    ['2025-09-02', 1, '2026-03-02'], // 25 weeks 6 days: 1 day, the day notice is given
    ['2025-09-01', 7, '2026-03-08'], // 26 weeks exactly: 1 week
    ['2024-03-03', 7, '2026-03-08'], // a day short of 2 years
    ['2024-03-02', 14, '2026-03-15'], // 2 years exactly: 2 weeks
    ['2021-03-03', 14, '2026-03-15'], // a day short of 5 years
    ['2021-03-02', 28, '2026-03-29'], // 5 years: 4 weeks
  ];
  for (const [hireDate, noticeDays, noticeEnds] of cases) {
    it(`hired ${hireDate}: ${noticeDays} days, ending ${noticeEnds}`, async () => {
      const user = await createEmployee(t, { hireDate });
      const answer = await admin.post(`/users/${user.id}/separation`, resign('2026-03-02', noticeEnds));
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        noticePeriodDays: noticeDays,
        noticeEnds,
        finalPayDue: noticeEnds,
      });
    });
  }

  it("the contract's notice in the key employment terms comes first", async () => {
    const user = await createEmployee(t, { hireDate: '2025-12-01' });
    expect((await admin.put(`/users/${user.id}/key-employment-terms`, { noticePeriodDays: 30 })).status).toBe(
      200,
    );
    const answer = await admin.post(`/users/${user.id}/separation`, resign('2026-03-02', '2026-03-31'));
    // 30 days from 2 March, the 2nd counted: 31 March.
    expect(answer.body).toMatchObject({ noticePeriodDays: 30, noticeEnds: '2026-03-31' });
  });
});

describe('when final pay is due (item 4)', () => {
  it('3 working days after the last day when the employer ends it without notice, skipping a holiday', async () => {
    const user = await createEmployee(t, { hireDate: '2023-01-02' });
    // A holiday kept by the administrator on Tuesday 15 Dec 2026 (made up for the test).
    await t.db
      .insert(publicHolidays)
      .values({ date: '2026-12-15', name: 'Test holiday' })
      .onConflictDoNothing();
    const answer = await admin.post(`/users/${user.id}/separation`, {
      reason: 'TERMINATION',
      noticeDate: '2026-12-11',
      lastDay: '2026-12-11', // a Friday
      noticeServed: false,
    });
    // Mon 14, (Tue 15 holiday), Wed 16, Thu 17.
    expect(answer.body.finalPayDue).toBe('2026-12-17');
  });

  it('7 days after the last day when the employee leaves without notice', async () => {
    const user = await createEmployee(t, { hireDate: '2023-01-02' });
    const answer = await admin.post(
      `/users/${user.id}/separation`,
      resign('2026-12-11', '2026-12-11', false),
    );
    expect(answer.body.finalPayDue).toBe('2026-12-18');
  });
});

describe("Process Pay shows a leaver's final pay due (item 4)", () => {
  it('beside the row of the month of the last day, and on no one else', async () => {
    const leaver = await createEmployee(t, { hireDate: '2023-01-02' });
    const stayer = await createEmployee(t, { hireDate: '2023-01-02' });
    await admin.post(`/users/${leaver.id}/separation`, {
      reason: 'TERMINATION',
      noticeDate: '2026-11-27',
      lastDay: '2026-11-27', // a Friday
      noticeServed: false,
    });
    const rows = await admin.get('/payslips/unprocessed-and-items-added?year=2026&month=11');
    expect(rows.status).toBe(200);
    const rowOf = (id: number) => rows.body.find((row: { user: { id: number } }) => row.user.id === id);
    // Mon 30 Nov, Tue 1 Dec, Wed 2 Dec.
    expect(rowOf(leaver.id).finalPayDue).toBe('2026-12-02');
    expect(rowOf(stayer.id).finalPayDue).toBeNull();
  });
});

describe('tax clearance for a work-pass holder', () => {
  it('an Employment Pass holder needs an IR21 a month before the last day; a citizen does not', async () => {
    const holder = await createEmployee(t, { hireDate: '2023-01-02' });
    await t.db
      .update(employmentInfo)
      .set({ passType: 'Employment Pass' })
      .where(eq(employmentInfo.userId, holder.id));
    const today = todayIso();
    const lastDay = addDaysIso(today, 20); // under a month away: the IR21 is already late
    const answer = await admin.post(`/users/${holder.id}/separation`, resign(today, lastDay));
    expect(answer.body.ir21Required).toBe(true);
    expect(answer.body.ir21Due < today).toBe(true);
    expect(answer.body.steps).toContainEqual({ step: 'IR21', due: answer.body.ir21Due, late: true });

    const citizen = await createEmployee(t, { hireDate: '2023-01-02' });
    const other = await admin.post(`/users/${citizen.id}/separation`, resign(today, lastDay));
    expect(other.body).toMatchObject({ ir21Required: false, ir21Due: null });
    expect(other.body.steps.map((s: { step: string }) => s.step)).not.toContain('IR21');
  });
});

describe("a staff member's resignation, acknowledged by the administrator", () => {
  it('waits as REQUESTED, then the employee reads RESIGNED with the last day, audited', async () => {
    const user = await createEmployee(t, { hireDate: '2023-01-02' });
    const staff = client(await staffSession(t, user));
    const noticeDate = todayIso();
    const lastDay = addDaysIso(noticeDate, 13);

    const refused = await staff.post(`/users/${user.id}/separation`, {
      ...resign(noticeDate, lastDay),
      reason: 'TERMINATION',
    });
    expect(refused.status).toBe(400);
    const requested = await staff.post(`/users/${user.id}/separation`, resign(noticeDate, lastDay));
    expect(requested.status).toBe(201);
    expect(requested.body.status).toBe('REQUESTED');
    const [before] = await t.db.select().from(employmentInfo).where(eq(employmentInfo.userId, user.id));
    expect(before?.employmentStatus).toBe('ACTIVE');

    expect((await staff.post(`/users/${user.id}/separation/acknowledge`, {})).status).toBe(403);
    expect((await admin.post(`/users/${user.id}/separation`, resign(noticeDate, lastDay))).status).toBe(409);
    const acknowledged = await admin.post(`/users/${user.id}/separation/acknowledge`, {});
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.status).toBe('ACKNOWLEDGED');
    expect((await admin.post(`/users/${user.id}/separation/acknowledge`, {})).status).toBe(409);

    const [after] = await t.db.select().from(employmentInfo).where(eq(employmentInfo.userId, user.id));
    expect(after).toMatchObject({ employmentStatus: 'RESIGNED', lastDayOfService: lastDay });
    expect((await staff.get(`/users/${user.id}/separation`)).body.status).toBe('ACKNOWLEDGED');

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'separation.acknowledged')));
    expect(trail[0]?.details).toMatchObject({
      before: { status: 'REQUESTED' },
      after: { status: 'ACKNOWLEDGED' },
    });
  });

  it('staff read and submit only their own', async () => {
    const user = await createEmployee(t);
    const someone = await createEmployee(t);
    const staff = client(await staffSession(t, user));
    expect((await staff.get(`/users/${someone.id}/separation`)).status).toBe(403);
    expect((await staff.post(`/users/${someone.id}/separation`, resign(todayIso(), todayIso()))).status).toBe(
      403,
    );
    expect((await staff.delete(`/users/${user.id}/separation`)).status).toBe(403);
    expect((await staff.get(`/users/${user.id}/separation`)).status).toBe(404);
  });
});

describe('withdrawing a separation', () => {
  it('before the last day: withdrawn, and the employee is ACTIVE again', async () => {
    const user = await createEmployee(t, { hireDate: '2023-01-02' });
    const today = todayIso();
    await admin.post(`/users/${user.id}/separation`, resign(today, addDaysIso(today, 10)));
    const withdrawn = await admin.delete(`/users/${user.id}/separation`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('WITHDRAWN');
    const [row] = await t.db.select().from(employmentInfo).where(eq(employmentInfo.userId, user.id));
    expect(row).toMatchObject({ employmentStatus: 'ACTIVE', lastDayOfService: null });
    expect((await admin.get(`/users/${user.id}/separation`)).status).toBe(404);
  });

  it('on or after the last day: refused', async () => {
    const onTheDay = await createEmployee(t, { hireDate: '2023-01-02' });
    const today = todayIso();
    await admin.post(`/users/${onTheDay.id}/separation`, resign(addDaysIso(today, -7), today));
    expect((await admin.delete(`/users/${onTheDay.id}/separation`)).status).toBe(409);

    const gone = await createEmployee(t, { hireDate: '2023-01-02' });
    await admin.post(`/users/${gone.id}/separation`, resign('2026-01-05', '2026-01-18'));
    expect((await admin.get(`/users/${gone.id}/separation`)).body.status).toBe('COMPLETED');
    expect((await admin.delete(`/users/${gone.id}/separation`)).status).toBe(409);
  });
});

describe('key employment terms (item 1)', () => {
  it('the PDF names what is missing, and stops naming what the administrator fills in', async () => {
    const user = await createEmployee(t, { fullName: 'Tan Mei Ling' });
    const staff = client(await staffSession(t, user));
    const first = await staff.get(`/users/${user.id}/kets`);
    expect(first.status).toBe(200);
    expect(first.raw.headers['content-type']).toContain('application/pdf');
    const { text } = await pdfText(first.raw.rawPayload);
    expect(text).toContain('Key employment terms');
    expect(text).toContain('Tan Mei Ling');
    expect(text).toContain(
      'Missing: main duties and responsibilities, overtime rate of pay, probation period, place of work',
    );

    const put = await admin.put(`/users/${user.id}/key-employment-terms`, {
      mainDuties: 'Prepare the monthly accounts',
      placeOfWork: '1 Raffles Place, Singapore 048616',
      overtimeRateBasis: 'NOT_APPLICABLE',
      fixedAllowances: [{ name: 'Transport', amountCents: 15_000 }],
    });
    expect(put.status).toBe(200);
    expect(put.body.missing).toEqual(['probation period']);
    const again = await pdfText((await staff.get(`/users/${user.id}/kets`)).raw.rawPayload);
    expect(again.text).toContain('Missing: probation period');
    expect(again.text).toContain('Transport: $150.00');
    expect(again.text).toContain('1 Raffles Place');
  });

  it('staff read only their own; only an administrator changes them', async () => {
    const user = await createEmployee(t);
    const someone = await createEmployee(t);
    const staff = client(await staffSession(t, user));
    expect((await staff.get(`/users/${someone.id}/kets`)).status).toBe(403);
    expect((await staff.put(`/users/${user.id}/key-employment-terms`, { probationMonths: 0 })).status).toBe(
      403,
    );
    expect((await staff.get(`/users/${user.id}/key-employment-terms`)).body.missing).toContain(
      'place of work',
    );
    expect((await admin.put(`/users/${user.id}/key-employment-terms`, { probationMonths: 30 })).status).toBe(
      400,
    );
  });
});
