import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidNric } from '../../src/domain/nric';
import { staffInfo } from '../../src/server/db/schema';
import { createMassStaff } from '../support/mass-staff';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller } from './payroll-fixtures';

/**
 * The generated staff of the scale tests and the bench (tests/support/mass-staff.ts) are people the
 * statutory files take: their NRICs carry the right check letters, so the bench's CPF file at 7,000
 * is built and timed instead of refused with 409 (issue 33, item 10).
 */
describe('mass staff', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  const STAFF = 60;
  const period = 'year=2026&month=3';

  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t, (await adminSession(t)).headers);
  });
  afterAll(async () => {
    await t.close();
  });

  it('have valid, distinct NRICs of both series, and every statutory file of their month is built', async () => {
    const { first, last } = await createMassStaff(t.db, STAFF, 'files');
    expect(last - first + 1).toBe(STAFF);
    const ids = (await t.db.select({ nric: staffInfo.nric }).from(staffInfo)).map((row) => row.nric ?? '');
    expect(ids.filter((id) => !isValidNric(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id[0]))).toEqual(new Set(['S', 'T']));

    const company = await api.put('/company', {
      name: 'Acme Pte. Ltd.',
      uen: '201912345K',
      bankAccounts: [
        { bankName: 'UOB', accountNo: '3701234567', accountName: 'ACME PTE LTD' },
        { bankName: 'DBS', accountNo: '0721234567', accountName: 'ACME PTE LTD', organisationId: 'SGACME01' },
        { bankName: 'OCBC', accountNo: '501234567001', accountName: 'ACME PTE LTD' },
      ],
    });
    expect(company.status).toBe(200);
    const rows = await api.get(`/payslips/unprocessed-and-items-added?${period}`);
    expect(rows.status).toBe(200);
    const processed = await api.post('/payslips/bulk-process', {
      payDate: '2026-03-27',
      payslips: (rows.body as Array<{ user: { id: number } }>).map((row) => ({
        userId: row.user.id,
        year: 2026,
        month: 3,
      })),
    });
    expect(processed.body).toMatchObject({ processed: STAFF });

    const cpf = await api.get(`/payslips/cpf-file?${period}`);
    expect(cpf.status, JSON.stringify(cpf.body)).toBe(200);
    for (const bank of ['UOB', 'DBS', 'OCBC']) {
      const file = await api.get(`/payslips/bank-file?${period}&bank=${bank}`);
      expect(file.status, `${bank}: ${JSON.stringify(file.body)}`).toBe(200);
    }
    const csv = await api.get('/payslips/ir8a?year=2026&format=csv');
    expect(csv.status, JSON.stringify(csv.body)).toBe(200);
  });
});
