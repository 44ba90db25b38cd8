import type { PayslipDetail } from '../../src/domain/payslips';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

/**
 * Issue 32: a travel allowance is a wage when paid as a fixed sum and not one when it repays business
 * travel, and the administrator says which when adding it. Two citizens under 55 on $3,000 who give to
 * the Mosque Building Fund get $120 each, one each way, in March 2026; the payslips, the CPF summary
 * and the IR8A CSV are read back and checked against figures worked out here from the published rules
 * (2026 rates 20% + 17%; MBMF bands; SDL 0.25%), never against the engine.
 */

let t: TestApp;
let api: ReturnType<typeof caller>;
const period = 'year=2026&month=3';
const staff = {
  fixed: { fullName: 'Ahmad bin Yusof', nric: 'S8012345J' },
  repaid: { fullName: 'Siti binte Osman', nric: 'S7654321F' },
};
const ids = { fixed: 0, repaid: 0 };
const payslipIds = { fixed: 0, repaid: 0 };

const itemFor = (who: keyof typeof ids, body: Record<string, unknown>) => ({
  userId: ids[who],
  year: 2026,
  month: 3,
  payslipId: payslipIds[who],
  amount: 120,
  ...body,
});
const payslipOf = async (who: keyof typeof ids) =>
  (await api.get(`/users/${ids[who]}/payslips?${period}`)).body as PayslipDetail;

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
  expect((await api.put('/company', { name: 'Acme Pte. Ltd.', uen: '201912345K' })).status).toBe(200);
  for (const who of ['fixed', 'repaid'] as const) {
    ids[who] = (
      await createEmployee(t, {
        ...staff[who],
        salaryCents: 300_000,
        dateOfBirth: '1990-06-15',
        selfHelpGroup: 'MBMF',
      })
    ).id;
  }
  expect((await api.get(`/payslips/unprocessed-and-items-added?${period}`)).status).toBe(200);
  payslipIds.fixed = (await payslipOf('fixed')).id;
  payslipIds.repaid = (await payslipOf('repaid')).id;
});
afterAll(async () => {
  await t.close();
});

describe('the treatment of a pay item', () => {
  it('refuses a treatment for a type treated one way, and one that is not a treatment, naming the field', async () => {
    const overtime = await api.post('/adhoc-items', {
      ...itemFor('fixed', { type: 'OVERTIME' }),
      treatment: 'WAGE',
    });
    expect(overtime.status).toBe(400);
    expect(overtime.body).toMatchObject({ statusCode: 400, code: 'VALIDATION', field: 'treatment' });
    const claim = await api.post(
      '/other-addition-items',
      itemFor('fixed', { type: 'MEDICAL_CLAIM', treatment: 'REIMBURSEMENT' }),
    );
    expect(claim.body).toMatchObject({ statusCode: 400, field: 'treatment' });
    const unknown = await api.post(
      '/other-addition-items',
      itemFor('fixed', { type: 'TRAVEL_ALLOWANCE', treatment: 'PERK' }),
    );
    expect(unknown.body).toMatchObject({ statusCode: 400, field: 'treatment' });
    expect((await payslipOf('fixed')).payItems).toBe(0);
  });

  it('reads a type paid either way sent without its treatment as a reimbursement (the spec payload)', async () => {
    const added = await api.post('/other-addition-items', itemFor('repaid', { type: 'OTHER' }));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ type: 'OTHER', amount: 120, treatment: 'REIMBURSEMENT' });
    expect((await api.delete(`/other-addition-items/${(added.body as { id: number }).id}`)).status).toBe(204);
  });

  it('adds the allowance both ways and lists each with its treatment', async () => {
    const fixed = await api.post(
      '/other-addition-items',
      itemFor('fixed', { type: 'TRAVEL_ALLOWANCE', treatment: 'WAGE' }),
    );
    expect(fixed.status).toBe(201);
    const repaid = await api.post(
      '/other-addition-items',
      itemFor('repaid', { type: 'TRAVEL_ALLOWANCE', treatment: 'REIMBURSEMENT' }),
    );
    expect(repaid.status).toBe(201);
    const listed = await api.get(`/users/${ids.fixed}/other-addition-items?${period}`);
    expect(listed.body).toEqual([
      { id: (fixed.body as { id: number }).id, type: 'TRAVEL_ALLOWANCE', amount: 120, treatment: 'WAGE' },
    ]);
    // Other kinds' items carry no treatment.
    const overtime = await api.post('/adhoc-items', itemFor('repaid', { type: 'OVERTIME', amount: 1 }));
    expect(overtime.body).toMatchObject({ treatment: null });
    expect((await api.delete(`/adhoc-items/${(overtime.body as { id: number }).id}`)).status).toBe(204);
  });

  // A fixed $120: OW $3,120; CPF 37% = 1,154.40, rounded to $1,154; employee 20% = $624, employer $530;
  // MBMF on $3,120 (above $3,000 to $4,000) $15.00; net 3,120 - 624 - 15 = $2,481, all of it in pay.
  const fixedTotals = {
    ordinaryWages: 3120,
    additionalWages: 0,
    grossPay: 3120,
    employeeCpf: 624,
    employerCpf: 530,
    selfHelpGroup: 15,
    netPay: 2481,
    otherItems: 0,
    netPayable: 2481,
  };
  // The $120 repaid: OW $3,000; CPF $1,110: employee $600, employer $510; MBMF on $3,000 $6.50; net
  // 3,000 - 600 - 6.50 = $2,393.50, and the $120 paid beside it: $2,513.50.
  const repaidTotals = {
    ordinaryWages: 3000,
    additionalWages: 0,
    grossPay: 3000,
    employeeCpf: 600,
    employerCpf: 510,
    selfHelpGroup: 6.5,
    netPay: 2393.5,
    otherItems: 120,
    netPayable: 2513.5,
  };

  it('previews and then processes each payslip as its treatment says', async () => {
    expect((await payslipOf('fixed')).totals).toEqual(fixedTotals);
    expect((await payslipOf('repaid')).totals).toEqual(repaidTotals);
    const processed = await api.post('/payslips/bulk-process', {
      payDate: '2026-03-31',
      payslips: [ids.fixed, ids.repaid].map((userId) => ({ userId, year: 2026, month: 3 })),
    });
    expect(processed.body).toEqual({ processed: 2, skipped: 0 });
    expect(await payslipOf('fixed')).toMatchObject({ processingStatus: 'PROCESSED', totals: fixedTotals });
    expect(await payslipOf('repaid')).toMatchObject({ processingStatus: 'PROCESSED', totals: repaidTotals });
  });

  it('sums the CPF summary from those payslips: CPF, SDL and the fund', async () => {
    const summary = await api.get(`/payslips/cpf-summary?${period}`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      employees: 2,
      employeeCpf: 1224,
      employerCpf: 1040,
      totalCpf: 2264,
      // SDL 0.25% of 3,120 = 7.80 and of 3,000 = 7.50: $15.30, the total rounded down to $15.
      sdl: 15,
      shg: [
        { fund: 'MBMF', donors: 2, amount: 21.5 },
        { fund: 'SINDA', donors: 0, amount: 0 },
        { fund: 'CDAC', donors: 0, amount: 0 },
        { fund: 'ECF', donors: 0, amount: 0 },
      ],
      totalPayable: 2300.5,
    });
  });

  it('reports the fixed allowance as transport allowance on the IR8A, and leaves the repaid travel out', async () => {
    const csv = await api.get('/payslips/ir8a?year=2026&format=csv');
    expect(csv.status).toBe(200);
    const [header, ...rows] = (csv.raw.body as string).trim().split('\r\n');
    const columns = (header ?? '').split(',');
    const read = (nric: string) => {
      const cells = (rows.find((row) => row.includes(nric)) ?? '').split(',');
      const cell = (name: string) => cells[columns.indexOf(name)];
      return ['Salary', 'Transport allowance', 'Total income', 'Reimbursements excluded'].map(cell);
    };
    expect(read(staff.fixed.nric)).toEqual(['3000.00', '120.00', '3120.00', '0.00']);
    expect(read(staff.repaid.nric)).toEqual(['3000.00', '0.00', '3000.00', '120.00']);
  });
});
