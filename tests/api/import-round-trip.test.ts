import { randomInt } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEAVE_TYPES } from '../../src/domain/enums';
import { nricCheckLetter } from '../../src/domain/nric';
import { insertLeaveTypes } from '../../src/server/factories';
import { bearer, createTestApp, createUser, signIn, type TestApp } from './harness';

/**
 * Issue 38, "How it is checked": "an export re-imported gives the same records". Staff are registered and
 * onboarded through the API in one company's database, exported as CSV and as XLSX, each file imported
 * (dry run, then apply) into an empty company database of its own, and exported there again. The two
 * exports must be equal row for row, and each imported record read through GET /api/users/{id} must equal
 * the original. What cannot be equal is left out: database ids (the user's, the records' and the leave
 * types') and timestamps; the user detail answers no password, so that difference does not show.
 */

interface Company {
  t: TestApp;
  token: string;
  types: Record<string, number>;
}

async function company(): Promise<Company> {
  const t = await createTestApp();
  const rows = await insertLeaveTypes(t.db, DEFAULT_LEAVE_TYPES);
  const admin = await createUser(t, { role: 'ADMIN' });
  const token = (await signIn(t, admin.email, admin.password)).accessToken;
  return { t, token, types: Object.fromEntries(rows.map((row) => [row.name, row.id])) };
}

const get = (c: Company, url: string) => c.t.app.inject({ method: 'GET', url, headers: bearer(c.token) });
const post = (c: Company, url: string, payload: object) =>
  c.t.app.inject({ method: 'POST', url, headers: bearer(c.token), payload });
const upload = (c: Company, kind: string, body: Buffer, type: string, dryRun: boolean) =>
  c.t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}?dryRun=${dryRun}`,
    headers: { ...bearer(c.token), 'content-type': type },
    payload: body,
  });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const allowanceTypes = DEFAULT_LEAVE_TYPES.filter((name) => name !== 'Unpaid Leave');

const freshNric = (prefix: 'S' | 'T' | 'G') => {
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `${prefix}${digits}${nricCheckLetter(prefix, digits)}`;
};

/** Three people unlike each other: a formula-like designation, a foreign address, no confirmation date. */
function people(domain: string) {
  const stamp = randomInt(1e9);
  return [
    {
      fullName: 'Tan Round Trip',
      email: `tan.${stamp}@${domain}`,
      staffInfo: {
        gender: 'Male',
        nric: freshNric('S'),
        dateOfBirth: '1991-02-03',
        race: 'Chinese',
        nationality: 'SINGAPORE CITIZEN',
        addressBlock: '12',
        addressStreet: 'Export Road',
        addressUnit: '#03-04',
        addressPostalCode: '018956',
      },
      employmentInfo: {
        designation: '=Head of Ops',
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
        accountNo: '0501-234567-8',
      },
      allowances: [7, 14, 60, 3.5],
    },
    {
      fullName: "Siti binte O'Neil",
      email: `siti.${stamp}@${domain}`,
      staffInfo: {
        gender: 'Female',
        nric: freshNric('T'),
        dateOfBirth: '2001-12-31',
        race: 'Malay',
        nationality: 'SINGAPORE CITIZEN',
        addressBlock: '7A',
        addressStreet: 'Jalan, "Besar"',
        addressPostalCode: '208789',
      },
      employmentInfo: {
        designation: 'Clerk',
        hireDate: '2025-01-06',
        passType: 'Singapore',
        employmentType: 'Part Time',
      },
      paymentInfo: {
        basicSalary: 1800,
        employeeCpfContributionRate: 20,
        employerCpfContributionRate: 17,
        cpfType: 'SINGAPORE CITIZEN',
        cpfSection: 'CPF1',
        selfHelpGroup: 'MBMF',
        bankName: 'DBS',
        bankCode: '7171',
        branchCode: '001',
        accountNo: '0012345678',
      },
      allowances: [10.5, 14, 60, 0],
    },
    {
      fullName: 'Raj Kumar',
      email: `raj.${stamp}@${domain}`,
      staffInfo: {
        gender: 'Male',
        nric: freshNric('G'),
        dateOfBirth: '1985-06-15',
        race: 'Indian',
        nationality: 'INDIAN',
        foreignAddress: '14 MG Road, Bengaluru 560001',
      },
      employmentInfo: {
        designation: 'Engineer',
        hireDate: '2023-09-18',
        confirmedDate: '2024-03-18',
        passType: 'Employment Pass',
        employmentType: 'Full Time',
      },
      paymentInfo: {
        basicSalary: 9876.54,
        employeeCpfContributionRate: 0,
        employerCpfContributionRate: 0,
        cpfType: 'NONE',
        cpfSection: 'NONE',
        selfHelpGroup: 'NONE',
        bankName: 'UOB',
        bankCode: '7375',
        branchCode: '030',
        accountNo: '3301234567',
      },
      allowances: [18, 14, 60, 5],
    },
  ];
}

/** Registered, then onboarded with the wizard's body (POST /users/{id}/onboard). */
async function register(c: Company, person: ReturnType<typeof people>[number]) {
  const registered = await post(c, '/api/auth/register', {
    fullName: person.fullName,
    email: person.email,
    role: 'STAFF',
    password: 'Temporary-123',
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const id = registered.json().id as number;
  const { allowances, staffInfo, employmentInfo, paymentInfo } = person;
  const onboarded = await post(c, `/api/users/${id}/onboard`, {
    staffInfo,
    employmentInfo,
    paymentInfo,
    leaveBalances: allowanceTypes.map((name, index) => ({
      leaveTypeId: c.types[name],
      totalDays: allowances[index % allowances.length],
    })),
  });
  expect(onboarded.statusCode, onboarded.body).toBe(201);
  return id;
}

async function exportOf(c: Company, format: 'csv' | 'xlsx') {
  const response = await get(c, `/api/exports/staff?format=${format}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** A staff export as rows of cells keyed by heading, sorted by e-mail (the list's order is by name). */
async function rowsOf(file: Buffer, format: 'csv' | 'xlsx'): Promise<Record<string, string>[]> {
  let rows: Record<string, string>[];
  if (format === 'csv') rows = parse(file, { columns: true, bom: true }) as Record<string, string>[];
  else {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const headings = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    rows = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      rows.push(
        Object.fromEntries(headings.map((heading, i) => [heading, String(row.getCell(i + 1).value ?? '')])),
      );
    });
  }
  return rows.sort((a, b) => String(a.email).localeCompare(String(b.email)));
}

/** A record without what cannot be equal in another database: ids and timestamps. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !/(^id$|Id$|At$)/.test(key))
      .map(([key, inner]) => [key, comparable(inner)]),
  );
}

async function userByEmail(c: Company, email: string) {
  const list = await get(c, `/api/users?role=STAFF&search=${encodeURIComponent(email)}`);
  expect(list.statusCode).toBe(200);
  const found = (list.json() as { id: number; email: string }[]).find((u) => u.email === email);
  expect(found, `${email} is listed`).toBeDefined();
  const detail = await get(c, `/api/users/${found?.id}`);
  expect(detail.statusCode).toBe(200);
  return detail.json() as Record<string, unknown>;
}

let origin: Company;
const targets: Company[] = [];
let staff: ReturnType<typeof people>;

beforeAll(async () => {
  origin = await company();
  staff = people(origin.t.config.companyEmailDomain);
  for (const person of staff) await register(origin, person);
}, 120_000);
afterAll(async () => {
  await origin?.t.close();
  for (const c of targets) await c.t.close();
});

describe.each(['csv', 'xlsx'] as const)('a staff export as %s, imported into an empty company', (format) => {
  let target: Company;
  let first: Buffer;
  beforeAll(async () => {
    target = await company();
    targets.push(target);
    first = await exportOf(origin, format);
  }, 120_000);

  it('the dry run finds no error, and the apply creates everyone', async () => {
    const type = format === 'csv' ? 'text/csv' : XLSX;
    const dry = await upload(target, 'staff', first, type, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ rows: staff.length, valid: staff.length, errors: [], created: 0 });
    const applied = await upload(target, 'staff', first, type, false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ rows: staff.length, errors: [], created: staff.length });
  });

  it('exported there again, the file is equal row for row', async () => {
    const again = await rowsOf(await exportOf(target, format), format);
    const before = await rowsOf(first, format);
    expect(again).toHaveLength(staff.length);
    expect(again).toEqual(before);
  });

  it('each imported record reads as the original (GET /api/users/{id})', async () => {
    for (const person of staff) {
      const original = await userByEmail(origin, person.email);
      const imported = await userByEmail(target, person.email);
      expect(comparable(imported), person.fullName).toEqual(comparable(original));
    }
  });
});
