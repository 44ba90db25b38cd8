import type { PayslipAggregate } from '../../src/domain/payslips';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

/**
 * Issue 32.7: a processed month's files are made from whom its payslips paid when they were processed.
 * A rename, a new NRIC/FIN or nationality and a new bank account afterwards leave every file of that
 * month as it was, byte for byte; a name no file can carry is refused when it is entered; a revert and
 * a new run take the values of that moment.
 */

let t: TestApp;
let api: ReturnType<typeof caller>;

const YEAR = 2026;
const MONTH = 10;
const period = `year=${YEAR}&month=${MONTH}`;
const before = { fullName: 'Tan Wei Ming', nric: 'S8012345J' };
const after = { fullName: 'Tan Wei Meng', nric: 'S1234567D', nationality: 'MALAYSIAN' };
let wei: { id: number; email: string };
let priya: { id: number };

/** Every file of the month and of its year, as the administrator downloads them. */
const FILES = [
  `/payslips/cpf-file?${period}`,
  `/payslips/cpf-summary?${period}`,
  `/payslips/bank-file?${period}&bank=UOB`,
  `/payslips/bank-file?${period}&bank=DBS`,
  `/payslips/bank-file?${period}&bank=OCBC`,
  `/payslips/ir8a?year=${YEAR}&format=csv`,
];
async function download() {
  const bodies = new Map<string, string>();
  for (const path of FILES) {
    const response = await api.get(path);
    expect(response.status, path).toBe(200);
    bodies.set(path, response.raw.body);
  }
  return bodies;
}

const process = async (userIds: number[]) => {
  await api.get(`/payslips/unprocessed-and-items-added?${period}`);
  const run = await api.post('/payslips/bulk-process', {
    payDate: '2026-10-30',
    payslips: userIds.map((userId) => ({ userId, year: YEAR, month: MONTH })),
  });
  expect(run.status).toBe(200);
  expect(run.body).toMatchObject({ processed: userIds.length });
};
const payslipIdOf = async (userId: number) => {
  const processed = (await api.get(`/payslips/processed/aggregates?${period}`)).body as PayslipAggregate[];
  const found = processed.find((row) => row.userDetails.id === userId);
  if (!found) throw new Error(`no processed payslip for user ${userId}`);
  return found.payslipId;
};

beforeAll(async () => {
  t = await createTestApp();
  const { headers } = await adminSession(t);
  api = caller(t, headers);
  const company = await api.put('/company', {
    name: 'Acme Pte. Ltd.',
    uen: '201912345K',
    bankAccounts: [
      { bankName: 'UOB', accountNo: '3701234567', accountName: 'ACME PTE LTD' },
      { bankName: 'DBS', accountNo: '0721234567', organisationId: 'SGACME01' },
      { bankName: 'OCBC', accountNo: '501234567001' },
    ],
  });
  expect(company.status).toBe(200);
  wei = await createEmployee(t, { ...before, selfHelpGroup: 'CDAC', hireDate: '2019-04-01' });
  priya = await createEmployee(t, {
    fullName: 'Priya d/o Raman',
    nric: 'S7654321F',
    hireDate: '2021-08-16',
    bank: ['OCBC', '7339', '501', '123456789'],
  });
  await process([wei.id, priya.id]);
  // The files carry creation stamps: the clock stands still while they are compared.
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('a processed month after a rename, a new NRIC/FIN and a new account', () => {
  let was: Map<string, string>;
  let payslipPdf: string;
  let ir8aPdf: string;

  beforeAll(async () => {
    was = await download();
    payslipPdf = (await pdfText((await api.get(`/payslips/${await payslipIdOf(wei.id)}/pdf`)).raw.rawPayload))
      .text;
    ir8aPdf = (await pdfText((await api.get(`/payslips/ir8a?year=${YEAR}`)).raw.rawPayload)).text;

    const renamed = await api.patch(`/users/${wei.id}`, { fullName: after.fullName, email: wei.email });
    expect(renamed.status).toBe(200);
    const staff = (await api.get(`/users/${wei.id}/staff-info`)).body as { id: number };
    const restaffed = await api.patch(`/staff-info/${staff.id}`, {
      gender: 'Female',
      nric: after.nric,
      dateOfBirth: '1990-06-15',
      race: 'Chinese',
      nationality: after.nationality,
    });
    expect(restaffed.status).toBe(200);
    const payment = (await api.get(`/users/${wei.id}/payment-info`)).body as { id: number };
    const rebanked = await api.patch(`/payment-info/${payment.id}`, {
      basicSalary: 5000,
      cpfType: 'SINGAPORE CITIZEN',
      cpfSection: 'CPF1',
      employeeCpfContributionRate: 20,
      employerCpfContributionRate: 17,
      selfHelpGroup: 'CDAC',
      bankName: 'UOB',
      bankCode: '7375',
      accountNo: '3987654321',
    });
    expect(rebanked.status).toBe(200);
  });

  it('wrote the person as they were, before anything changed', () => {
    expect(was.get(FILES[0] as string)).toContain(`${before.nric}`);
    expect(was.get(FILES[0] as string)).toContain(before.fullName.toUpperCase());
    expect(was.get(FILES[2] as string)).toContain('0123456789');
    expect(was.get(FILES[5] as string)).toContain(`${before.nric},${before.fullName},`);
  });

  it('gives the CPF file and summary, every bank file and the IR8A CSV byte for byte as before', async () => {
    const now = await download();
    for (const path of FILES) expect(now.get(path), path).toBe(was.get(path));
  });

  it('prints the name it was processed with on the payslip and the IR8A', async () => {
    const payslip = await api.get(`/payslips/${await payslipIdOf(wei.id)}/pdf`);
    const text = (await pdfText(payslip.raw.rawPayload)).text;
    expect(text).toBe(payslipPdf);
    expect(text).toContain(before.fullName);
    expect(text).not.toContain(after.fullName);
    const ir8a = (await pdfText((await api.get(`/payslips/ir8a?year=${YEAR}`)).raw.rawPayload)).text;
    expect(ir8a).toBe(ir8aPdf);
    expect(ir8a).toContain(before.nric);
    expect(ir8a).not.toContain(after.fullName);
  });

  it('refuses on entry a name the CPF file cannot carry, naming the field', async () => {
    for (const fullName of ['Tan Wei Ming $', '陈伟明']) {
      const refused = await api.patch(`/users/${wei.id}`, { fullName, email: wei.email });
      expect(refused.status, fullName).toBe(400);
      expect(refused.body, fullName).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
        field: 'fullName',
      });
    }
    const dollar = await api.patch(`/users/${wei.id}`, { fullName: 'Tan Wei Ming $', email: wei.email });
    expect((dollar.body as { message: string }).message).toContain('"$"');
    const registered = await api.post('/auth/register', {
      fullName: 'Ali <Admin>',
      email: 'ali.admin@company.test',
      role: 'STAFF',
      password: 'Temp#2026x',
    });
    expect(registered.body).toMatchObject({ statusCode: 400, field: 'fullName' });
    // Nothing was stored: the person keeps the name they were given.
    expect(((await api.get(`/users/${wei.id}`)).body as { fullName: string }).fullName).toBe(after.fullName);
  });

  it('takes the new values on a revert and a new run', async () => {
    const reverted = await api.patch(`/payslips/${await payslipIdOf(wei.id)}/status`, {
      status: 'UNPROCESSED',
    });
    expect(reverted.status).toBe(200);
    // Reverted: the month's files are without them until they are processed again.
    const without = await api.get(`/payslips/cpf-file?${period}`);
    expect(without.raw.body).not.toContain(before.nric);
    expect(without.raw.body).not.toContain(after.nric);

    await process([wei.id]);
    const cpf = (await api.get(`/payslips/cpf-file?${period}`)).raw.body;
    expect(cpf).toContain(`${after.nric}`);
    expect(cpf).toContain(after.fullName.toUpperCase());
    expect(cpf).not.toContain(before.fullName.toUpperCase());
    // UOB v4.8 detail: 2-12 the receiving BIC, 13-46 the account, 47-186 the name.
    const uob = (await api.get(`/payslips/bank-file?${period}&bank=UOB`)).raw.body.split('\r\n');
    const line = uob.find((record: string) => record.slice(46, 186).trimEnd() === after.fullName) ?? '';
    expect(line.slice(1, 12)).toBe('UOVBSGSGXXX');
    expect(line.slice(12, 46).trimEnd()).toBe('3987654321');
    const csv = (await api.get(`/payslips/ir8a?year=${YEAR}&format=csv`)).raw.body;
    expect(csv).toContain(`${after.nric},${after.fullName},`);
    expect(csv).toContain(after.nationality);
    expect(csv).not.toContain(before.fullName);
  });
});
