import { randomInt } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEAVE_TYPES } from '../../src/domain/enums';
import { nricCheckLetter } from '../../src/domain/nric';
import type { PayslipDetail } from '../../src/domain/payslips';
import { auditLog } from '../../src/server/db/system-schema';
import { insertLeaveTypes } from '../../src/server/factories';
import { bearer, createTestApp, createUser, signIn, type TestApp } from './harness';
import { AM, giveAllowances, leaveApi, PM, person } from './leave-fixtures';
import { createEmployee } from './payroll-fixtures';

/**
 * Issue 38 item 5: staff, leave and payroll records as CSV and XLSX. Every expected cell is written here
 * from what the test sent (or, for pay, worked by hand from the CPF Board's rules), never read from the
 * exporter; the files are read back with csv-parse and exceljs.
 */

let t: TestApp;
let adminToken: string;
let adminId: number;
let staffToken: string;
let types: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await insertLeaveTypes(t.db, DEFAULT_LEAVE_TYPES);
  types = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  const admin = await createUser(t, { role: 'ADMIN' });
  adminId = admin.id;
  adminToken = (await signIn(t, admin.email, admin.password)).accessToken;
  const staff = await createUser(t, { role: 'STAFF' });
  staffToken = (await signIn(t, staff.email, staff.password)).accessToken;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(adminToken), payload });

/** A CSV answer as records keyed by heading, and its headings. */
function csvOf(body: string) {
  const records = parse(body, { columns: true, bom: true }) as Record<string, string>[];
  const headings = (parse(body, { to_line: 1 }) as string[][])[0] ?? [];
  return { records, headings };
}

/** An XLSX answer's first sheet: headings and rows of cells keyed by heading. */
async function xlsxOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const headings = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.Cell>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    rows.push(Object.fromEntries(headings.map((heading, i) => [heading, row.getCell(i + 1)])));
  });
  return { headings, rows };
}

const freshNric = () => {
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `S${digits}${nricCheckLetter('S', digits)}`;
};

describe('GET /api/exports/staff', () => {
  const nric = freshNric();
  let email: string;
  let userId: number;
  const allowanceTypes = DEFAULT_LEAVE_TYPES.filter((name) => name !== 'Unpaid Leave');

  beforeAll(async () => {
    email = `export.${randomInt(1e9)}@${t.config.companyEmailDomain}`;
    const registered = await post('/api/auth/register', {
      fullName: 'Tan Export',
      email,
      role: 'STAFF',
      password: 'Temporary-123',
    });
    expect(registered.statusCode).toBe(201);
    userId = registered.json().id;
    const onboarded = await post(`/api/users/${userId}/onboard`, {
      staffInfo: {
        gender: 'Male',
        nric,
        dateOfBirth: '1991-02-03',
        race: 'Chinese',
        nationality: 'SINGAPORE CITIZEN',
        addressBlock: '12',
        addressStreet: 'Export Road',
        addressUnit: '#03-04',
        addressPostalCode: '018956',
      },
      employmentInfo: {
        designation: '=1+1',
        hireDate: '2024-04-01',
        confirmedDate: '2024-07-01',
        passType: 'Singapore',
        employmentType: 'Full Time',
        overtimeExemptionRef: '@SUM(A1)',
      },
      paymentInfo: {
        basicSalary: 4200.5,
        employeeCpfContributionRate: 20,
        employerCpfContributionRate: 17,
        cpfType: 'SINGAPORE CITIZEN',
        cpfSection: 'CPF1',
        selfHelpGroup: 'CDAC',
        bankName: 'OCBC',
        bankCode: '7339',
        branchCode: '501',
        accountNo: '501-234567-8',
      },
      leaveBalances: allowanceTypes.map((name, index) => ({
        leaveTypeId: types[name],
        totalDays: 7 + index / 2,
      })),
    });
    expect(onboarded.statusCode).toBe(201);
  });

  /** Every value the wizard was given, as the sheet writes it. */
  const expectedRecord = () => ({
    fullName: 'Tan Export',
    email,
    nric,
    dateOfBirth: '1991-02-03',
    gender: 'Male',
    race: 'Chinese',
    nationality: 'SINGAPORE CITIZEN',
    addressBlock: '12',
    addressStreet: 'Export Road',
    addressUnit: '#03-04',
    addressPostalCode: '018956',
    foreignAddress: '',
    designation: "'=1+1",
    employmentStatus: 'ACTIVE',
    hireDate: '2024-04-01',
    confirmedDate: '2024-07-01',
    passType: 'Singapore',
    employmentType: 'Full Time',
    lastDayOfService: '',
    // The work pattern's defaults (a 5-day week of 8.8 hours, Sunday off, not a workman).
    workman: 'FALSE',
    daysPerWeek: '5',
    normalHoursPerDay: '8.8',
    restDay: 'SUNDAY',
    overtimeExemptionRef: "'@SUM(A1)",
    basicSalary: '4200.50',
    employeeCpfContributionRate: '20',
    employerCpfContributionRate: '17',
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'CPF1',
    selfHelpGroup: 'CDAC',
    bankName: 'OCBC',
    bankCode: '7339',
    branchCode: '501',
    accountNo: '501-234567-8',
    ...Object.fromEntries(allowanceTypes.map((name, index) => [name, String(7 + index / 2)])),
  });

  it('CSV: every field the wizard asks, NRIC and account whole, formulas inert, audited', async () => {
    const response = await get('/api/exports/staff?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="staff\.csv"/);
    const { records, headings } = csvOf(response.body);
    expect(headings).toEqual(Object.keys(expectedRecord()));
    const mine = records.filter((record) => record.email === email);
    expect(mine).toEqual([expectedRecord()]);
    // STAFF only by default, as the All Staff list: the administrator is not in it.
    expect(records.some((record) => record.fullName === 'Tan Export')).toBe(true);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.exported'), eq(auditLog.actorUserId, adminId)));
    expect(audits.length).toBeGreaterThanOrEqual(1);
    expect(audits.at(-1)?.details).toMatchObject({ format: 'csv', rows: records.length });
    // The trail holds who exported, never the numbers.
    expect(JSON.stringify(audits)).not.toContain(nric);
  });

  it('the list search narrows it', async () => {
    const response = await get('/api/exports/staff?search=Tan%20Export');
    const { records } = csvOf(response.body);
    expect(records.map((record) => record.email)).toEqual([email]);
  });

  it('XLSX: the same values; amounts and numbers as numbers, the rest as strings, never formulas', async () => {
    const response = await get('/api/exports/staff?format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const { headings, rows } = await xlsxOf(response.rawPayload);
    expect(headings).toEqual(Object.keys(expectedRecord()));
    const mine = rows.find((row) => row.email?.value === email);
    if (!mine) throw new Error('row missing');
    expect(mine.basicSalary?.value).toBe(4200.5);
    expect(mine.employeeCpfContributionRate?.value).toBe(20);
    expect(mine.nric?.value).toBe(nric);
    expect(mine.addressPostalCode?.value).toBe('018956');
    expect(mine.bankCode?.value).toBe('7339');
    expect(mine.designation?.value).toBe("'=1+1");
    expect(mine.overtimeExemptionRef?.value).toBe("'@SUM(A1)");
    for (const cell of Object.values(mine)) {
      expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
    }
    expect(mine.hireDate?.value).toBe('2024-04-01');
    expect(mine.workman?.value).toBe('FALSE');
  });
});

describe('GET /api/exports/leave', () => {
  let ids: { approved: number; rejected: number; lastYear: number };
  let staff: Awaited<ReturnType<typeof person>>;

  beforeAll(async () => {
    const admin = await person(t, { role: 'ADMIN' });
    staff = await person(t, { fullName: 'Lim Leave' });
    const other = await person(t, { fullName: 'Ong Other' });
    await giveAllowances(t, types, staff.id, 2026, { 'Annual Leave': 14 });
    await giveAllowances(t, types, other.id, 2025, { 'Annual Leave': 14 });
    const leave = leaveApi(t);
    const approved = await leave.created(staff.token, {
      userId: staff.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-03-02',
      fromDateIsAm: AM,
      toDate: '2026-03-03',
      toDateIsAm: PM,
      days: 2,
      reason: '=1+1',
    });
    expect((await leave.decide(admin.token, approved.id, 'APPROVED')).statusCode).toBe(200);
    const rejected = await leave.created(staff.token, {
      userId: staff.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-05-04',
      fromDateIsAm: PM,
      toDate: '2026-05-04',
      toDateIsAm: PM,
      days: 0.5,
      reason: '@SUM(A1), then more',
    });
    expect((await leave.decide(admin.token, rejected.id, 'REJECTED')).statusCode).toBe(200);
    const lastYear = await leave.created(other.token, {
      userId: other.id,
      leaveType: 'Annual Leave',
      fromDate: '2025-06-02',
      fromDateIsAm: AM,
      toDate: '2025-06-02',
      toDateIsAm: PM,
      days: 1,
    });
    ids = { approved: approved.id, rejected: rejected.id, lastYear: lastYear.id };
  });

  it("a year's requests with every column, reasons inert", async () => {
    const response = await get('/api/exports/leave?year=2026');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('leave-2026.csv');
    const { records, headings } = csvOf(response.body);
    expect(headings).toEqual([
      'Request ID',
      'Employee ID',
      'Full Name',
      'Email',
      'Leave Type',
      'From Date',
      'From Time',
      'To Date',
      'To Time',
      'Days',
      'Status',
      'Reason',
      'Requested At',
      'Updated At',
    ]);
    expect(records.map((record) => record['Request ID'])).toEqual([
      String(ids.approved),
      String(ids.rejected),
    ]);
    expect(records[0]).toMatchObject({
      'Employee ID': String(staff.id),
      'Full Name': 'Lim Leave',
      Email: staff.email,
      'Leave Type': 'Annual Leave',
      'From Date': '2026-03-02',
      'From Time': 'AM',
      'To Date': '2026-03-03',
      'To Time': 'PM',
      Days: '2',
      Status: 'APPROVED',
      Reason: "'=1+1",
    });
    expect(records[0]?.['Requested At']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(records[1]).toMatchObject({
      'From Time': 'PM',
      Days: '0.5',
      Status: 'REJECTED',
      Reason: "'@SUM(A1), then more",
    });
  });

  it('filters by status and person; XLSX holds the same', async () => {
    const approved = csvOf((await get('/api/exports/leave?year=2026&status=APPROVED')).body).records;
    expect(approved.map((record) => record['Request ID'])).toEqual([String(ids.approved)]);
    const everyYear = csvOf((await get(`/api/exports/leave?userId=${staff.id}`)).body).records;
    expect(everyYear.map((record) => record['Request ID'])).toEqual([
      String(ids.approved),
      String(ids.rejected),
    ]);
    const xlsx = await xlsxOf((await get('/api/exports/leave?year=2025&format=xlsx')).rawPayload);
    expect(xlsx.rows.map((row) => row['Request ID']?.value)).toEqual([ids.lastYear]);
    expect(xlsx.rows[0]?.Days?.value).toBe(1);
  });
});

describe('GET /api/exports/payroll', () => {
  const YEAR = 2026;
  let ang: { id: number; email: string };
  let bala: { id: number; email: string };

  beforeAll(async () => {
    ang = await createEmployee(t, { fullName: 'Ang Pay', salaryCents: 500_000, selfHelpGroup: 'CDAC' });
    bala = await createEmployee(t, { fullName: 'Bala Pay', salaryCents: 300_000 });
    const process = async (month: number, payDate: string, userIds: number[]) => {
      expect(
        (await get(`/api/payslips/unprocessed-and-items-added?year=${YEAR}&month=${month}`)).statusCode,
      ).toBe(200);
      return post('/api/payslips/bulk-process', {
        payDate,
        payslips: userIds.map((userId) => ({ userId, year: YEAR, month })),
      });
    };
    const march = (await get(`/api/users/${ang.id}/payslips?year=${YEAR}&month=3`)).json() as PayslipDetail;
    const loan = await post('/api/other-deduction-items', {
      userId: ang.id,
      year: YEAR,
      month: 3,
      payslipId: march.id,
      type: 'LOAN',
      amount: 250,
    });
    expect(loan.statusCode).toBe(201);
    expect((await process(3, '2026-03-31', [ang.id, bala.id])).statusCode).toBe(200);
    expect((await process(4, '2026-04-30', [bala.id])).statusCode).toBe(200);
  });

  /**
   * March 2026, citizens aged 55 and below, 20% + 17%: Ang $5,000 pays 1,000.00 and 850.00, CDAC $1.50
   * (above $3,500 to $5,000), SDL 0.25% capped at $11.25; net pay 3,998.50, less a $250 loan 3,748.50.
   * Bala $3,000: 600.00 and 510.00, no fund, SDL 7.50, net 2,400.00.
   */
  const angMarch = {
    Year: '2026',
    Month: '3',
    'Full Name': 'Ang Pay',
    Status: 'PROCESSED',
    'Pay Date': '2026-03-31',
    'Basic Salary': '5000.00',
    'Ad Hoc Items': '0.00',
    'Bonus Items': '0.00',
    Deductions: '0.00',
    'Gross Pay': '5000.00',
    'Ordinary Wages': '5000.00',
    'Additional Wages': '0.00',
    'Employee CPF': '1000.00',
    'Employer CPF': '850.00',
    'Self-Help Group': 'CDAC',
    'SHG Contribution': '1.50',
    'Net Pay': '3998.50',
    'Other Additions': '0.00',
    'Other Deductions': '250.00',
    'Net Payable': '3748.50',
  };

  it('a month: one row per processed payslip with every figure, in dollars', async () => {
    const response = await get(`/api/exports/payroll?year=${YEAR}&month=3`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('payroll-2026-03.csv');
    const { records } = csvOf(response.body);
    expect(records.map((record) => record['Employee ID'])).toEqual([String(ang.id), String(bala.id)]);
    expect(records[0]).toMatchObject({ ...angMarch, Email: ang.email });
    expect(Number(records[0]?.SDL)).toBe(11.25);
    expect(records[1]).toMatchObject({
      'Gross Pay': '3000.00',
      'Employee CPF': '600.00',
      'Employer CPF': '510.00',
      'SHG Contribution': '0.00',
      'Net Pay': '2400.00',
    });
    expect(Number(records[1]?.SDL)).toBe(7.5);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payroll.exported'));
    expect(audits.map((row) => row.entityId)).toContain('2026-3');
  });

  it('a year: one row per payslip, by month then name; XLSX amounts as numbers', async () => {
    const csv = csvOf((await get(`/api/exports/payroll?year=${YEAR}`)).body).records;
    expect(csv.map((record) => [record.Month, record['Full Name']])).toEqual([
      ['3', 'Ang Pay'],
      ['3', 'Bala Pay'],
      ['4', 'Bala Pay'],
    ]);
    const xlsx = await xlsxOf((await get(`/api/exports/payroll?year=${YEAR}&format=xlsx`)).rawPayload);
    expect(xlsx.rows).toHaveLength(3);
    expect(xlsx.rows[0]?.['Net Payable']?.value).toBe(3748.5);
    expect(xlsx.rows[0]?.['Employer CPF']?.value).toBe(850);
    expect(xlsx.rows[2]?.Month?.value).toBe(4);
  });

  it('refuses a month without a year and a month out of range', async () => {
    expect((await get('/api/exports/payroll?month=3')).statusCode).toBe(400);
    expect((await get('/api/exports/payroll?year=2026&month=13')).statusCode).toBe(400);
    expect((await get('/api/exports/payroll?year=2026&format=pdf')).statusCode).toBe(400);
  });
});

describe('only an administrator exports', () => {
  it.each(['/api/exports/staff', '/api/exports/leave', '/api/exports/payroll?year=2026'])(
    '%s: 403 for STAFF',
    async (url) => {
      const response = await get(url, staffToken);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403 });
    },
  );
});
