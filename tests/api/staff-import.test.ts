import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from './harness';
import { seedLeaveTypes } from './leave-fixtures';
import { adminSession, caller, createEmployee } from './payroll-fixtures';
import { HEADINGS, nricFor, type Row, toCsv, toXlsx, validRow, wrongLetter } from './staff-import-fixtures';

/**
 * Issue 38 item 2, as its "How it is checked" says: a 200-row CSV with 7 planted errors gets exactly
 * those 7 by row and field in the dry run and stores nothing; the corrected file imports all 200; an
 * XLSX of the same imports the same. Rows are the file's rows, the headings being row 1.
 */
let t: TestApp;
let headers: Record<string, string>;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  await seedLeaveTypes(t);
  headers = (await adminSession(t)).headers;
  api = caller(t, headers);
});
afterAll(async () => {
  await t.close();
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
async function upload(body: string | Buffer, dryRun: boolean, type = 'text/csv; charset=utf-8') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/imports/staff?dryRun=${dryRun}`,
    headers: { ...headers, 'content-type': type },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}
type Check = {
  rows: number;
  valid: number;
  created: number;
  errors: { row: number; field: string; message: string }[];
};

const staffCount = async () => ((await api.get('/users?role=STAFF')).body as unknown[]).length;
const line = (index: number) => index + 2;

describe('a 200-row CSV with 7 planted errors', () => {
  let rows: Row[];
  let takenNric = '';
  beforeAll(async () => {
    const existing = await createEmployee(t, { fullName: 'Already Here' });
    takenNric = ((await api.get(`/users/${existing.id}`)).body as { staffInfo: { nric: string } }).staffInfo
      .nric;
    rows = Array.from({ length: 200 }, (_, i) => validRow(i, t.config.companyEmailDomain, 10_000));
  });

  const planted = () => {
    const bad = rows.map((row) => ({ ...row }));
    const at = (i: number) => bad[i] as Row;
    at(10).nric = wrongLetter(String(at(10).nric));
    at(25).dateOfBirth = '1990-02-30';
    at(50).race = 'Martian';
    at(75).email = String(at(3).email).toUpperCase();
    at(100).basicSalary = '0';
    at(150).confirmedDate = '2023-01-01'; // before the hire date, 2023-03-01
    at(199).nric = takenNric;
    return bad;
  };
  const expected = [
    { row: line(10), field: 'nric' },
    { row: line(25), field: 'dateOfBirth' },
    { row: line(50), field: 'race' },
    { row: line(75), field: 'email' },
    { row: line(100), field: 'basicSalary' },
    { row: line(150), field: 'confirmedDate' },
    { row: line(199), field: 'nric' },
  ];

  it('the dry run names exactly those 7 by row and field, with the forms’ messages, and stores nothing', async () => {
    const before = await staffCount();
    const answer = await upload(toCsv(planted()), true);
    expect(answer.status).toBe(200);
    const check = answer.body as unknown as Check;
    expect(check.rows).toBe(200);
    expect(check.valid).toBe(193);
    expect(check.errors.map(({ row, field }) => ({ row, field }))).toEqual(expected);
    // The spec's words for the NRIC check (section 5) and the salary.
    expect(check.errors[0]?.message).toBe('Please enter a valid NRIC/FIN.');
    expect(check.errors[4]?.message).toBe('Salary must be more than 0.');
    expect(check.errors[3]?.message).toContain(`row ${line(3)}`);
    expect(await staffCount()).toBe(before);
  });

  it('an apply of the same file creates no one and answers the same errors', async () => {
    const before = await staffCount();
    const answer = await upload(toCsv(planted()), false);
    expect(answer.status).toBe(200);
    const check = answer.body as unknown as Check;
    expect(check.created).toBe(0);
    expect(check.errors.map(({ row, field }) => ({ row, field }))).toEqual(expected);
    expect(await staffCount()).toBe(before);
  });

  it('the planted errors are found in an XLSX too', async () => {
    const check = (await upload(await toXlsx(planted()), true, XLSX)).body as unknown as Check;
    expect(check.errors.map(({ row, field }) => ({ row, field }))).toEqual(expected);
  });

  it('the corrected file imports all 200, onboarded, in one go', async () => {
    const before = await staffCount();
    const dry = (await upload(toCsv(rows), true)).body as unknown as Check;
    expect(dry).toMatchObject({ rows: 200, valid: 200, errors: [] });
    const applied = await upload(toCsv(rows), false);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ rows: 200, valid: 200, errors: [], created: 200 });
    expect(await staffCount()).toBe(before + 200);

    const list = (await api.get('/users?search=Import Person 10007')).body as { id: number }[];
    expect(list).toHaveLength(1);
    const user = (await api.get(`/users/${list[0]?.id}`)).body as Record<string, Record<string, unknown>>;
    const row = rows[7] as Row;
    expect(user).toMatchObject({ fullName: row.fullName, email: row.email, role: 'STAFF' });
    expect(user.staffInfo).toMatchObject({ nric: row.nric, dateOfBirth: row.dateOfBirth, race: row.race });
    expect(user.employmentInfo).toMatchObject({ hireDate: '2023-03-01', employmentStatus: 'ACTIVE' });
    expect(user.paymentInfo).toMatchObject({
      basicSalary: 3_070,
      cpfType: 'SINGAPORE CITIZEN',
      bankName: 'DBS',
    });
    const balances = (await api.get(`/users/${list[0]?.id}/leave-balances`)).body as {
      leaveType: { name: string };
      totalDays: number | null;
    }[];
    expect(balances.find((b) => b.leaveType.name === 'Compassionate Leave')?.totalDays).toBe(2.5);

    // No password yet: none signs in until its owner sets one through the e-mailed reset link.
    for (const password of ['', 'Password1!', row.nric]) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: row.email, password },
      });
      expect([400, 401]).toContain(login.statusCode);
    }

    // Imported again, every row is now a duplicate of existing staff.
    const again = (await upload(toCsv(rows), true)).body as unknown as Check;
    expect(again.valid).toBe(0);
    expect(again.errors).toHaveLength(400);
  });

  it('an XLSX of the same imports the same', async () => {
    const more = Array.from({ length: 200 }, (_, i) => validRow(i, t.config.companyEmailDomain, 20_000));
    const before = await staffCount();
    const dry = (await upload(await toXlsx(more), true, XLSX)).body as unknown as Check;
    expect(dry).toMatchObject({ rows: 200, valid: 200, errors: [] });
    const applied = await upload(await toXlsx(more), false, XLSX);
    expect(applied.body).toMatchObject({ created: 200 });
    expect(await staffCount()).toBe(before + 200);
    const [found] = (await api.get('/users?search=Import Person 20042')).body as { id: number }[];
    const user = (await api.get(`/users/${found?.id}`)).body as Record<string, Record<string, unknown>>;
    expect(user.staffInfo).toMatchObject({ nric: (more[42] as Row).nric });
  });
});

describe('two imports at once', () => {
  it('sharing an e-mail: one creates its staff, the other creates no one and names the row', async () => {
    const domain = t.config.companyEmailDomain;
    const a = Array.from({ length: 20 }, (_, i) => validRow(i, domain, 30_000));
    const b = Array.from({ length: 20 }, (_, i) => validRow(i, domain, 40_000));
    (b[5] as Row).email = String((a[5] as Row).email);
    const before = await staffCount();
    const answers = await Promise.all([upload(toCsv(a), false), upload(toCsv(b), false)]);
    const created = answers.map((answer) => (answer.body as unknown as Check).created).sort();
    expect(created).toEqual([0, 20]);
    const refused = answers.find((answer) => (answer.body as unknown as Check).created === 0)
      ?.body as unknown as Check;
    expect(refused.errors.map(({ row, field }) => ({ row, field }))).toEqual([
      { row: line(5), field: 'email' },
    ]);
    expect(await staffCount()).toBe(before + 20);
  });
});

describe('the template', () => {
  it('CSV: the headings a file needs, one column per leave type with an allowance', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/imports/staff/template?format=csv',
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const headings = response.body.trim().split(',');
    for (const heading of HEADINGS) expect(headings).toContain(heading);
    expect(headings).not.toContain('Unpaid Leave');
  });

  it('XLSX: a second sheet explains each column and names the allowed values', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/imports/staff/template?format=xlsx',
      headers,
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(2);
    const explained = JSON.stringify(workbook.worksheets[1]?.getSheetValues());
    expect(explained).toContain('YYYY-MM-DD');
    for (const race of ['Chinese', 'Malay', 'Indian', 'Eurasian', 'Others'])
      expect(explained).toContain(race);
  });
});

describe('hostile files', () => {
  const one = () => validRow(0, t.config.companyEmailDomain, 90_000);

  it('an empty file, a file of headings only and a binary file are refused with a reason', async () => {
    for (const body of ['', `${HEADINGS.join(',')}\r\n`]) {
      const answer = await upload(body, true);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('IMPORT_EMPTY');
    }
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    const broken = await upload(zip, true, XLSX);
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('IMPORT_UNREADABLE');
  });

  it('a formula in an XLSX cell is refused by row and field, never evaluated', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(HEADINGS);
    const row = one();
    sheet.addRow(HEADINGS.map((h) => row[h] ?? ''));
    sheet.getCell(2, HEADINGS.indexOf('basicSalary') + 1).value = { formula: '1+1', result: 2 };
    const check = (await upload(Buffer.from(await workbook.xlsx.writeBuffer()), true, XLSX))
      .body as unknown as Check;
    expect(check.valid).toBe(0);
    expect(check.errors.map(({ row, field }) => ({ row, field }))).toEqual([
      { row: 2, field: 'basicSalary' },
    ]);
  });

  it('a CSV formula, a huge cell, a wrong type and an unknown column are each named', async () => {
    const rows = [one(), { ...one(), email: `x2@${t.config.companyEmailDomain}`, nric: nricFor('S', 1) }];
    (rows[0] as Row).fullName = '=HYPERLINK("http://evil.test","Tan")';
    (rows[1] as Row).designation = 'x'.repeat(100_000);
    const check = (await upload(toCsv(rows), true)).body as unknown as Check;
    expect(check.errors.map(({ row, field }) => ({ row, field }))).toEqual([
      { row: 2, field: 'fullName' },
      { row: 3, field: 'designation' },
    ]);
    const typed = (await upload(toCsv([{ ...one(), basicSalary: 'abc', 'Annual Leave': 'many' }]), true))
      .body as unknown as Check;
    expect(typed.errors.map(({ field }) => field).sort()).toEqual(['Annual Leave', 'basicSalary']);
    const unknown = (await upload(toCsv([one()], [...HEADINGS, 'password']), true)).body as unknown as Check;
    expect(unknown.errors).toEqual([expect.objectContaining({ row: 1, field: 'password' })]);
    const missing = (
      await upload(
        toCsv(
          [one()],
          HEADINGS.filter((h) => h !== 'nric'),
        ),
        true,
      )
    ).body as unknown as Check;
    expect(missing.errors.map(({ row, field }) => ({ row, field }))).toContainEqual({
      row: 1,
      field: 'nric',
    });
  });

  it('more than 5,000 rows are refused', async () => {
    const row = toCsv([one()]).split('\r\n')[1];
    const body = `${HEADINGS.join(',')}\r\n${`${row}\r\n`.repeat(5_001)}`;
    const answer = await upload(body, true);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('IMPORT_TOO_LARGE');
  });

  it('STAFF may not import', async () => {
    const employee = await createEmployee(t, { fullName: 'Not Admin' });
    expect(employee).toBeDefined();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/imports/staff?dryRun=true',
      headers: { 'content-type': 'text/csv' },
      payload: toCsv([one()]),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
