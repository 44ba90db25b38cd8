import { createTestApp, type TestApp } from './harness';
import { seedLeaveTypes } from './leave-fixtures';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

/**
 * Issue 38 items 3 and 4: opening YTD and opening leave "also importable from a template", with the
 * staff import's dry-run and apply contract. The YTD figures are the vector (January to June,
 * ordinary wages 44,400.00); the CPF amounts are 20% and 17% of it, by hand.
 */
let t: TestApp;
let headers: Record<string, string>;
let api: ReturnType<typeof caller>;
let emails: string[] = [];
let ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await seedLeaveTypes(t);
  headers = (await adminSession(t)).headers;
  api = caller(t, headers);
  const people = [];
  for (const name of ['Ytd One', 'Ytd Two', 'Ytd Three'])
    people.push(await createEmployee(t, { fullName: name }));
  ids = people.map((p) => p.id);
  emails = [];
  for (const id of ids) emails.push(((await api.get(`/users/${id}`)).body as { email: string }).email);
});
afterAll(async () => {
  await t.close();
});

async function upload(kind: string, csv: string, dryRun: boolean) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}?dryRun=${dryRun}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });
  return { status: response.statusCode, body: response.json() as Check };
}
type Check = { rows: number; valid: number; created: number; errors: { row: number; field: string }[] };
const fields = (check: Check) => check.errors.map(({ row, field }) => ({ row, field }));

const YTD_HEAD = 'email,year,throughMonth,ordinaryWages,additionalWages,employeeCpf,employerCpf,shg,sdl';

describe('opening YTD from a file', () => {
  it('names bad rows by row and field, stores nothing, then imports the corrected file', async () => {
    const bad = [
      YTD_HEAD,
      `${emails[0]},2025,6,"44,400.00",0,8880,7548,,`,
      `nobody@${t.config.companyEmailDomain},2025,6,44400,0,8880,7548,,`,
      `${emails[2]},2025,13,44400,-1,8880,7548,,`,
    ].join('\r\n');
    const dry = await upload('opening-ytd', bad, false);
    expect(dry.status).toBe(200);
    expect(dry.body.created).toBe(0);
    expect(fields(dry.body)).toEqual([
      { row: 3, field: 'email' },
      { row: 4, field: 'throughMonth' },
      { row: 4, field: 'additionalWages' },
    ]);
    expect((await api.get(`/users/${ids[0]}/opening-ytd?year=2025`)).status).toBe(404);

    const good = [
      YTD_HEAD,
      `${emails[0]},2025,6,"44,400.00",0,8880,7548,,`,
      `${emails[1]},2025,6,44400,0,8880,7548,12,`,
    ].join('\r\n');
    expect((await upload('opening-ytd', good, true)).body).toMatchObject({
      rows: 2,
      valid: 2,
      errors: [],
      created: 0,
    });
    expect((await api.get(`/users/${ids[0]}/opening-ytd?year=2025`)).status).toBe(404);
    expect((await upload('opening-ytd', good, false)).body).toMatchObject({
      valid: 2,
      errors: [],
      created: 2,
    });
    expect((await api.get(`/users/${ids[0]}/opening-ytd?year=2025`)).body).toMatchObject({
      throughMonth: 6,
      ordinaryWages: 44_400,
      employeeCpf: 8_880,
      employerCpf: 7_548,
      shg: 0,
    });
    expect((await api.get(`/users/${ids[1]}/opening-ytd?year=2025`)).body).toMatchObject({ shg: 12 });
  });
});

describe('opening leave from a file', () => {
  it('takes days per leave type column; a bad cell is named by its column', async () => {
    const head = 'email,year,Annual Leave,Medical Leave';
    const bad = [head, `${emails[0]},2025,3.5,2`, `${emails[1]},2025,2.3,`].join('\r\n');
    const check = (await upload('opening-leave', bad, false)).body;
    expect(fields(check)).toEqual([{ row: 3, field: 'Annual Leave' }]);
    expect(check.created).toBe(0);
    const good = [head, `${emails[0]},2025,3.5,2`, `${emails[1]},2025,1,`].join('\r\n');
    expect((await upload('opening-leave', good, false)).body).toMatchObject({ created: 2, errors: [] });
    const stored = (await api.get(`/users/${ids[0]}/opening-leave?year=2025`)).body as {
      balances: { leaveTypeName: string; daysTaken: number }[];
    };
    expect(stored.balances.map(({ leaveTypeName, daysTaken }) => ({ leaveTypeName, daysTaken }))).toEqual(
      expect.arrayContaining([
        { leaveTypeName: 'Annual Leave', daysTaken: 3.5 },
        { leaveTypeName: 'Medical Leave', daysTaken: 2 },
      ]),
    );
  });

  it('the templates name their columns', async () => {
    const ytd = await t.app.inject({
      method: 'GET',
      url: '/api/imports/opening-ytd/template?format=csv',
      headers,
    });
    expect(ytd.body.trim()).toBe(YTD_HEAD);
    const leave = await t.app.inject({
      method: 'GET',
      url: '/api/imports/opening-leave/template?format=csv',
      headers,
    });
    expect(leave.body).toContain('email,year,Annual Leave');
  });
});
