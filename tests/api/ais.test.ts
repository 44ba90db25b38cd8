import { eq } from 'drizzle-orm';
import { staffInfo } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

/**
 * Issue 32.13: the year's IR8A records for IRAS's AIS, checked before download. Expectations from the
 * issue's contract and from shared/payroll/statutory-files.md section 3.3 (1-based columns): header
 * 0, one detail 1 per employee, trailer 2, 1,200 characters each, CRLF; the trailer's totals in whole
 * dollars at columns 2-7 (records), 8-19 (payment), 20-31 (salary), 116-127 (CPF), 140-151 (MBF).
 */

let t: TestApp;
let api: ReturnType<typeof caller>;
let staff: ReturnType<typeof caller>;
const YEAR = 2025;
const company = {
  name: 'Acme Pte. Ltd.',
  uen: '201912345K',
  authorisedPersonName: 'Siti Rahmah',
  authorisedPersonDesignation: 'HR Manager',
  authorisedPersonPhone: '6123 4567',
  authorisedPersonEmail: 'siti.rahmah@acme.example',
};
const address = {
  addressBlock: '123',
  addressStreet: 'Ang Mo Kio Avenue 3',
  addressUnit: '#05-12',
  addressPostalCode: '560123',
};
const ids = { ang: 0, bala: 0, chen: 0 };

const cols = (record: string, from: number, to: number) => record.slice(from - 1, to);
const records = (content: string) => content.slice(0, -2).split('\r\n');
const check = async () =>
  (await api.get(`/payslips/ir8a/ais-check?year=${YEAR}`)).body as {
    year: number;
    employees: number;
    problems: Array<{ userId: number; name: string; field: string; message: string }>;
  };

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
  expect((await api.put('/company', company)).status).toBe(200);
  // Three citizens (NRIC check letters worked by hand) who joined on 1 December: a complete year in one payslip.
  const people = [
    ['ang', 'Ang Bee Lian', 'S1234567D', 500_000],
    ['bala', 'Bala Subramaniam', 'S7654321F', 380_000],
    ['chen', 'Chen Xiu Ying', 'T0123456G', 420_000],
  ] as const;
  for (const [key, fullName, nric, salaryCents] of people) {
    const user = await createEmployee(t, { fullName, nric, salaryCents, hireDate: `${YEAR}-12-01` });
    ids[key] = user.id;
    await t.db
      .update(staffInfo)
      .set({ nationality: 'SINGAPORE CITIZEN', ...(key === 'bala' ? {} : address) })
      .where(eq(staffInfo.userId, user.id));
  }
  await api.get(`/payslips/unprocessed-and-items-added?year=${YEAR}&month=12`);
  const run = await api.post('/payslips/bulk-process', {
    payDate: `${YEAR}-12-24`,
    payslips: Object.values(ids).map((userId) => ({ userId, year: YEAR, month: 12 })),
  });
  expect(run.body).toMatchObject({ processed: 3 });
  // Chen's staff info is lost after processing: no date of birth (nor sex, nor address) on record.
  await t.db.delete(staffInfo).where(eq(staffInfo.userId, ids.chen));

  const member = await createEmployee(t, { fullName: 'Plain Staff' });
  staff = caller(t, await staffSession(t, member));
});
afterAll(async () => {
  await t.close();
});

describe('the AIS check', () => {
  it('lists a missing address and a missing date of birth, per employee', async () => {
    const answer = await check();
    expect(answer).toMatchObject({ year: YEAR, employees: 3 });
    const of = (userId: number) => answer.problems.filter((p) => p.userId === userId);
    expect(of(ids.ang)).toEqual([]);
    expect(of(ids.bala)).toEqual([
      {
        userId: ids.bala,
        name: 'Bala Subramaniam',
        field: 'residentialAddress',
        message: 'Residential address is missing: add it on the staff record.',
      },
    ]);
    expect(of(ids.chen).map((p) => p.field)).toContain('dateOfBirth');
    expect(of(ids.chen).find((p) => p.field === 'dateOfBirth')?.message).toMatch(/date of birth is missing/i);
  });

  it('refuses the file with 409 while problems remain, the company counting as one', async () => {
    const refused = await api.get(`/payslips/ir8a?year=${YEAR}&format=ais`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: '2 employees need fixing before the AIS file can be made: see the AIS check.',
    });

    await api.put('/company', { ...company, authorisedPersonEmail: null });
    const companyProblems = (await check()).problems.filter((p) => p.userId === 0);
    expect(companyProblems).toEqual([
      expect.objectContaining({ name: 'Acme Pte. Ltd.', field: 'company.authorisedPerson' }),
    ]);
    const again = await api.get(`/payslips/ir8a?year=${YEAR}&format=ais`);
    expect(again.body).toMatchObject({
      message: '3 employees need fixing before the AIS file can be made: see the AIS check.',
    });
    await api.put('/company', company);
  });

  it("is the employer's: STAFF gets 403 on the check and the file", async () => {
    expect((await staff.get(`/payslips/ir8a/ais-check?year=${YEAR}`)).status).toBe(403);
    expect((await staff.get(`/payslips/ir8a?year=${YEAR}&format=ais`)).status).toBe(403);
  });
});

describe('the AIS file', () => {
  it('answers 200 once the problems are fixed, with records of 1,200 characters and totals that add up', async () => {
    await t.db.update(staffInfo).set(address).where(eq(staffInfo.userId, ids.bala));
    await t.db.insert(staffInfo).values({
      userId: ids.chen,
      nric: 'T0123456G',
      gender: 'Female',
      dateOfBirth: '1992-02-29',
      race: 'Chinese',
      nationality: 'SINGAPORE CITIZEN',
      ...address,
    });
    expect((await check()).problems).toEqual([]);

    const response = await api.get(`/payslips/ir8a?year=${YEAR}&format=ais`);
    expect(response.status).toBe(200);
    expect(response.raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.raw.headers['content-disposition']).toBe(
      'attachment; filename="IR8A_2025_201912345K.txt"',
    );
    const content = response.raw.body;
    expect(content.endsWith('\r\n')).toBe(true);
    const lines = records(content);
    expect(lines.map((line) => line.length)).toEqual([1200, 1200, 1200, 1200, 1200]);
    const [header = '', ...rest] = lines;
    const trailer = rest.pop() ?? '';
    expect(cols(header, 1, 1)).toBe('0');
    expect(cols(header, 3, 6)).toBe('2025');
    expect(cols(header, 9, 21)).toBe('8201912345K  ');
    expect(cols(trailer, 1, 7)).toBe('2000003');

    // Each detail: NRIC at 3-14, sex 254, date of birth 255-262, salary 310-318 in whole dollars.
    const byId = Object.fromEntries(rest.map((r) => [cols(r, 3, 14).trim(), r]));
    expect(Object.keys(byId).sort()).toEqual(['S1234567D', 'S7654321F', 'T0123456G']);
    expect(cols(byId.T0123456G ?? '', 254, 262)).toBe('F19920229');
    expect(cols(byId.T0123456G ?? '', 251, 253)).toBe('301');
    const salaries = ['S1234567D', 'S7654321F', 'T0123456G'].map((id) =>
      Number(cols(byId[id] ?? '', 310, 318)),
    );
    expect(salaries).toEqual([5000, 3800, 4200]);

    // The trailer's totals are the sums of the details' fields.
    const sum = (from: number, to: number) => rest.reduce((total, r) => total + Number(cols(r, from, to)), 0);
    expect(Number(cols(trailer, 8, 19))).toBe(sum(263, 271));
    expect(Number(cols(trailer, 8, 19))).toBe(5000 + 3800 + 4200);
    expect(Number(cols(trailer, 20, 31))).toBe(5000 + 3800 + 4200);
    expect(Number(cols(trailer, 116, 127))).toBe(sum(298, 304));
    expect(Number(cols(trailer, 116, 127))).toBeGreaterThan(0);
    expect(Number(cols(trailer, 104, 115))).toBe(sum(293, 297));
    expect(Number(cols(trailer, 140, 151))).toBe(sum(288, 292));
  });

  it('answers a year without processed payslips as the CSV does', async () => {
    const csv = await api.get('/payslips/ir8a?year=2024&format=csv');
    const ais = await api.get('/payslips/ir8a?year=2024&format=ais');
    expect(ais.status).toBe(409);
    expect(ais.body).toEqual(csv.body);
    const answer = (await api.get('/payslips/ir8a/ais-check?year=2024')).body;
    expect(answer).toMatchObject({
      employees: 0,
      problems: [expect.objectContaining({ userId: 0, field: 'payslips' })],
    });
  });
});
