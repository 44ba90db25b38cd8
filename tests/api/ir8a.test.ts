import { and, eq } from 'drizzle-orm';
import { payslips, staffInfo } from '../../src/server/db/schema';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

/**
 * Issue 32, items 10 to 12: what the IR8A carries beyond the figures. The MBMF split comes from Muis's
 * table (wages from 1 June 2016: $3,000.01 to $4,000 pays $15.00, $11.00 to the mosque component and
 * $4.00 to Mendaki); the rest from what the company and staff info record, read back from the CSV by
 * column name and from the PDF as a reader sees it.
 */

let t: TestApp;
let api: ReturnType<typeof caller>;
const YEAR = 2025;

const authorisedPerson = {
  authorisedPersonName: 'Siti Rahmah',
  authorisedPersonDesignation: 'HR Manager',
  authorisedPersonPhone: '6123 4567',
  authorisedPersonEmail: 'siti.rahmah@acme.example',
};

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
  const company = await api.put('/company', {
    name: 'Acme Pte. Ltd.',
    uen: '201912345K',
    ...authorisedPerson,
  });
  expect(company.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

/** Creates the month's payslips and processes one employee's on the pay date. */
async function processMonth(userId: number, month: number, payDate: string) {
  await api.get(`/payslips/unprocessed-and-items-added?year=${YEAR}&month=${month}`);
  const run = await api.post('/payslips/bulk-process', {
    payDate,
    payslips: [{ userId, year: YEAR, month }],
  });
  expect(run.body).toMatchObject({ processed: 1 });
}

/** The CSV's rows as objects keyed by the header's names (RFC 4180: quoted fields, doubled quotes). */
function csvRows(text: string): Array<Record<string, string>> {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    i += 1;
    if (quoted && c === '"' && next === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && c === '\r' && next === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  const [header = [], ...rows] = records;
  return rows.map((row) => Object.fromEntries(header.map((name, n) => [name, row[n] ?? ''])));
}

const ir8aCsvOf = async () => {
  const response = await api.get(`/payslips/ir8a?year=${YEAR}&format=csv`);
  expect(response.status).toBe(200);
  return csvRows(response.raw.body);
};

describe('the IR8A of an MBMF contributor, part way through the year', () => {
  let userId = 0;

  beforeAll(async () => {
    const employee = await createEmployee(t, {
      fullName: 'Nur Aisyah binti Rahman',
      salaryCents: 380_000,
      selfHelpGroup: 'MBMF',
      hireDate: '2023-07-17',
    });
    userId = employee.id;
    // Through the database: the address's own API is tested with staff info (tests/api/staff-records.test.ts).
    await t.db
      .update(staffInfo)
      .set({
        addressBlock: '123',
        addressStreet: 'Ang Mo Kio Avenue 3',
        addressUnit: '#05-12',
        addressPostalCode: '560123',
      })
      .where(eq(staffInfo.userId, userId));
    for (const month of [1, 2, 3]) await processMonth(userId, month, `${YEAR}-0${month}-27`);
  });

  it('reports $33.00 to the Mosque Building Fund and $12.00 to Mendaki among the donations, to the cent', async () => {
    // Three months of $3,800 total wages: 3 x $11.00 and 3 x $4.00.
    const row = (await ir8aCsvOf()).find((r) => r['Full name'] === 'Nur Aisyah binti Rahman');
    expect(row).toMatchObject({ 'Mosque Building Fund': '33.00', Donations: '12.00' });

    const pdf = await api.get(`/users/${userId}/ir8a?year=${YEAR}`);
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(pdf.raw.rawPayload);
    expect(text).toContain('Contributions deducted from salaries to the Mosque Building Fund $33.00');
    expect(text).toMatch(/Donations deducted through salaries \(Yayasan Mendaki Fund, [^)]*\) \$12\.00/);
  });

  it('carries the residential address and the authorised person, and says it is provisional until December', async () => {
    const row = (await ir8aCsvOf()).find((r) => r['Full name'] === 'Nur Aisyah binti Rahman');
    expect(row).toMatchObject({
      Status: 'Provisional',
      'Declaration date': '',
      'Address type': 'L',
      'Block/house no': '123',
      'Street name': 'Ang Mo Kio Avenue 3',
      'Unit no': '#05-12',
      'Postal code': '560123',
      Designation: 'Analyst',
      'Authorised person': 'Siti Rahmah',
      'Authorised person designation': 'HR Manager',
      'Authorised person telephone': '6123 4567',
      'Authorised person e-mail': 'siti.rahmah@acme.example',
      'Bonus declaration date': '',
    });
    const { pages } = await pdfText((await api.get(`/users/${userId}/ir8a?year=${YEAR}`)).raw.rawPayload);
    expect(pages).toHaveLength(1);
    const [page = ''] = pages;
    expect(page).toContain('Residential address 123 Ang Mo Kio Avenue 3\n#05-12\nSingapore 560123');
    expect(page).toMatch(/PROVISIONAL: December 2025/);
    expect(page).toContain('Authorised person Siti Rahmah Designation HR Manager');
    expect(page).toContain('Telephone 6123 4567 E-mail siti.rahmah@acme.example');
    expect(page).toMatch(/Date _+$/m);
  });
});

describe('the IR8A of a complete year', () => {
  it('is final, dated the day its last payslip was processed, and dates the bonus by its pay date', async () => {
    const employee = await createEmployee(t, {
      fullName: 'Joined In December',
      salaryCents: 500_000,
      selfHelpGroup: 'CDAC',
      hireDate: '2025-12-01',
    });
    await api.get(`/payslips/unprocessed-and-items-added?year=${YEAR}&month=12`);
    const december = (await api.get(`/users/${employee.id}/payslips?year=${YEAR}&month=12`)).body as {
      id: number;
    };
    const bonus = await api.post('/bonus-items', {
      userId: employee.id,
      year: YEAR,
      month: 12,
      payslipId: december.id,
      type: 'BONUS',
      amount: 2000,
    });
    expect(bonus.status).toBe(201);
    await processMonth(employee.id, 12, '2025-12-24');
    // Processed at 9 a.m. on 2 January 2026 in Singapore (01:00 UTC), not today.
    await t.db
      .update(payslips)
      .set({ processedAt: new Date('2026-01-02T01:00:00Z') })
      .where(and(eq(payslips.userId, employee.id), eq(payslips.month, 12)));

    const row = (await ir8aCsvOf()).find((r) => r['Full name'] === 'Joined In December');
    expect(row).toMatchObject({
      Status: 'Final',
      'Declaration date': '2026-01-02',
      Bonus: '2000.00',
      'Bonus declaration date': '2025-12-24',
      'Address type': 'N',
    });
    const { text } = await pdfText((await api.get(`/users/${employee.id}/ir8a?year=${YEAR}`)).raw.rawPayload);
    expect(text).toContain('(b) Bonus (declared on 24/12/2025) $2,000.00');
    expect(text).toMatch(/Signature _+ Date 02\/01\/2026/);
    expect(text).toContain('Residential address Not available');
    expect(text).not.toMatch(/provisional/i);
  });
});

describe("the company's authorised person", () => {
  it('is saved and answered with the particulars, and emptied with null or an empty value', async () => {
    const saved = await api.get('/company');
    expect(saved.body).toMatchObject(authorisedPerson);
    const cleared = await api.put('/company', {
      name: 'Acme Pte. Ltd.',
      uen: '201912345K',
      authorisedPersonName: null,
      authorisedPersonDesignation: '',
    });
    expect(cleared.body).toMatchObject({
      authorisedPersonName: null,
      authorisedPersonDesignation: null,
      authorisedPersonPhone: null,
      authorisedPersonEmail: null,
    });
    expect(
      (await api.put('/company', { name: 'Acme Pte. Ltd.', uen: '201912345K', ...authorisedPerson })).status,
    ).toBe(200);
  });

  it('refuses an e-mail that is not one, a telephone with letters and what is too long, naming the field', async () => {
    for (const [change, field] of [
      [{ authorisedPersonEmail: 'siti.rahmah' }, 'authorisedPersonEmail'],
      [{ authorisedPersonEmail: 'siti @acme.example' }, 'authorisedPersonEmail'],
      [{ authorisedPersonEmail: `${'s'.repeat(50)}@acme.example` }, 'authorisedPersonEmail'],
      [{ authorisedPersonPhone: 'call the office' }, 'authorisedPersonPhone'],
      [{ authorisedPersonPhone: '+65 6123 4567 x12' }, 'authorisedPersonPhone'],
      // IRAS's AIS record holds 30 characters for the name and the designation.
      [{ authorisedPersonName: 'A'.repeat(31) }, 'authorisedPersonName'],
      [{ authorisedPersonDesignation: 'D'.repeat(31) }, 'authorisedPersonDesignation'],
    ] as const) {
      const refused = await api.put('/company', { name: 'Acme Pte. Ltd.', uen: '201912345K', ...change });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body).toMatchObject({ statusCode: 400, code: 'VALIDATION', field });
    }
    expect((await api.get('/company')).body).toMatchObject(authorisedPerson);
  });
});
