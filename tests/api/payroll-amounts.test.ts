import {
  computeRunPayslip,
  type PayslipItem,
  type PayslipSnapshot,
  type PayslipTotals,
} from '../../src/domain/payroll';
import type { PayslipAggregate, PayslipDetail } from '../../src/domain/payslips';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, type EmployeeOptions } from './payroll-fixtures';

// Payslip amounts through the API equal the payroll engine's, over several months, for a range of
// employees: ages, residencies, the OW ceiling, bonuses against the AW ceiling, every SHG fund.

let t: TestApp;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
});
afterAll(async () => {
  await t.close();
});

interface Person {
  name: string;
  options: EmployeeOptions;
  /** Items per month (1-based). */
  items?: Record<number, PayslipItem[]>;
}

const bonus = (amountCents: number, type = 'BONUS'): PayslipItem => ({ kind: 'BONUS', type, amountCents });

const people: Person[] = [
  {
    name: 'High earner (above the OW ceiling), big bonus',
    options: { salaryCents: 900_000, dateOfBirth: '1985-03-03', selfHelpGroup: 'CDAC' },
    items: { 3: [bonus(2_000_000)], 4: [bonus(500_000, 'AWS')] },
  },
  {
    name: 'Above 55, with the rates of the younger band typed in',
    options: { salaryCents: 520_000, dateOfBirth: '1969-01-20', rates: [20, 17], selfHelpGroup: 'SINDA' },
    items: { 2: [{ kind: 'ADHOC', type: 'OVERTIME', amountCents: 45_075 }] },
  },
  {
    name: 'Above 60',
    options: { salaryCents: 380_000, dateOfBirth: '1963-07-07', rates: [12.5, 12.5], selfHelpGroup: 'MBMF' },
  },
  {
    name: 'Above 65',
    options: { salaryCents: 300_000, dateOfBirth: '1958-12-12', rates: [7.5, 9], selfHelpGroup: 'ECF' },
  },
  {
    name: 'Above 70',
    options: { salaryCents: 250_000, dateOfBirth: '1950-02-02', rates: [5, 7.5] },
  },
  {
    name: 'PR first year, graduated (G/G)',
    options: { salaryCents: 600_000, cpfType: 'SINGAPORE PR 1 YEAR', cpfSection: 'CPF1', rates: [5, 4] },
    items: { 1: [bonus(100_000, 'COMMISION')] },
  },
  {
    name: 'PR second year, full employer (F/G)',
    options: { salaryCents: 450_000, cpfType: 'SINGAPORE PR 2 YEAR', cpfSection: 'CPF2', rates: [15, 17] },
  },
  {
    name: 'PR third year',
    options: { salaryCents: 700_000, cpfType: 'PR 3 YEAR AND ABOVE', cpfSection: 'NONE', rates: [20, 17] },
  },
  {
    name: 'Part-timer in the phased band',
    options: { salaryCents: 65_000, selfHelpGroup: 'CDAC' },
  },
  {
    name: 'Employer-only band',
    options: { salaryCents: 40_000 },
  },
  {
    name: 'No CPF (foreigner)',
    options: {
      salaryCents: 1_200_000,
      cpfType: 'NONE',
      cpfSection: 'NONE',
      rates: null,
      selfHelpGroup: 'MBMF',
    },
    items: { 3: [bonus(300_000)] },
  },
  {
    name: 'Deductions beyond the salary, other items',
    options: { salaryCents: 200_000 },
    items: {
      2: [
        { kind: 'DEDUCTION', type: 'UNPAID_LEAVE', amountCents: 250_000 },
        { kind: 'BONUS', type: 'BACK_PAY', amountCents: 30_000 },
        { kind: 'OTHER_ADDITION', type: 'MEDICAL_CLAIM', amountCents: 8_800 },
        { kind: 'OTHER_DEDUCTION', type: 'ADVANCE', amountCents: 50_000 },
      ],
    },
  },
  {
    name: 'Resigning in March with a bonus: exact AW ceiling',
    options: {
      salaryCents: 850_000,
      employmentStatus: 'RESIGNED',
      lastDayOfService: '2026-03-15',
      hireDate: '2019-01-01',
    },
    items: { 3: [bonus(8_000_000)] },
  },
];

const kindPath: Record<PayslipItem['kind'], string> = {
  ADHOC: 'adhoc-items',
  BONUS: 'bonus-items',
  DEDUCTION: 'deduction-items',
  OTHER_ADDITION: 'other-addition-items',
  OTHER_DEDUCTION: 'other-deduction-items',
};

const dollars = (cents: number) => cents / 100;

describe('amounts through the API', () => {
  it('equal the engine for every employee and month, with year-to-date figures carried over', async () => {
    const employees = [];
    for (const person of people) {
      employees.push({ person, user: await createEmployee(t, { fullName: person.name, ...person.options }) });
    }
    const ytd = new Map<number, { ow: number; aw: number }>();
    const stamp = (month: number) => `2026-${String(month).padStart(2, '0')}-28`;
    for (const month of [1, 2, 3, 4]) {
      const selection = [];
      const expected = new Map<number, PayslipTotals>();
      for (const { person, user } of employees) {
        if (month > 3 && person.options.lastDayOfService) continue;
        const payslip = (await api.get(`/users/${user.id}/payslips?year=2026&month=${month}`))
          .body as PayslipDetail;
        const items = person.items?.[month] ?? [];
        for (const item of items) {
          const added = await api.post(`/${kindPath[item.kind]}`, {
            userId: user.id,
            year: 2026,
            month,
            payslipId: payslip.id,
            type: item.type,
            amount: dollars(item.amountCents),
          });
          expect(added.status).toBe(201);
        }
        const snapshot: PayslipSnapshot = {
          basicSalaryCents: person.options.salaryCents ?? 500_000,
          cpfType: person.options.cpfType ?? 'SINGAPORE CITIZEN',
          cpfSection: person.options.cpfSection ?? 'CPF1',
          employeeCpfRate: person.options.rates === null ? null : (person.options.rates?.[0] ?? 20),
          employerCpfRate: person.options.rates === null ? null : (person.options.rates?.[1] ?? 17),
          selfHelpGroup: person.options.selfHelpGroup ?? 'NONE',
          dateOfBirth: person.options.dateOfBirth ?? '1990-06-15',
        };
        const earlier = ytd.get(user.id) ?? { ow: 0, aw: 0 };
        const totals = computeRunPayslip({
          year: 2026,
          month,
          snapshot,
          items,
          yearToDate: { owSubjectCents: earlier.ow, awSubjectCents: earlier.aw },
          lastDayOfService: person.options.lastDayOfService ?? null,
        });
        expected.set(user.id, totals);
        ytd.set(user.id, {
          ow: earlier.ow + totals.cpfOwSubjectCents,
          aw: earlier.aw + totals.cpfAwSubjectCents,
        });
        selection.push({ userId: user.id, year: 2026, month });
      }
      const run = await api.post('/payslips/bulk-process', { payDate: stamp(month), payslips: selection });
      expect(run.body).toEqual({ processed: selection.length, skipped: 0 });
      const rows = (await api.get(`/payslips/processed/aggregates?year=2026&month=${month}`))
        .body as PayslipAggregate[];
      for (const { person, user } of employees) {
        const totals = expected.get(user.id);
        if (!totals) continue;
        const row = rows.find((r) => r.userDetails.id === user.id);
        expect({ who: person.name, month, ...row }).toMatchObject({
          who: person.name,
          month,
          grossPay: dollars(totals.grossPayCents),
          totalEmployeeCpfContribution: dollars(totals.employeeCpfCents),
          totalEmployerCpfContribution: dollars(totals.employerCpfCents),
          selfHelpGroupContribution: dollars(totals.shgCents),
          netPay: dollars(totals.netPayCents),
          otherItems: dollars(totals.otherItemsCents),
          netPayable: dollars(totals.netPayableCents),
          payDate: stamp(month),
        });
      }
    }

    // Figures checked by hand, independent of the engine.
    const high = employees[0]?.user.id as number;
    const march = (
      (await api.get('/payslips/processed/aggregates?year=2026&month=3')).body as PayslipAggregate[]
    ).find((row) => row.userDetails.id === high);
    // OW $9,000 capped at $8,000; AW ceiling $102,000 - $16,000 - $8,000 - 9 x $8,000 = $6,000 of the
    // $20,000 bonus; 37% of $14,000 = $5,180; employee 20% = $2,800; CDAC above $7,500: $3.
    expect(march).toMatchObject({
      grossPay: 29_000,
      totalEmployeeCpfContribution: 2_800,
      totalEmployerCpfContribution: 2_380,
      selfHelpGroupContribution: 3,
      netPay: 26_197,
    });
    const april = (
      (await api.get('/payslips/processed/aggregates?year=2026&month=4')).body as PayslipAggregate[]
    ).find((row) => row.userDetails.id === high);
    // The year's AW ceiling is used up in March: April's AWS attracts no CPF. 37% of $8,000.
    expect(april).toMatchObject({
      grossPay: 14_000,
      totalEmployeeCpfContribution: 1_600,
      totalEmployerCpfContribution: 1_360,
    });

    const leaver = employees.at(-1)?.user.id as number;
    const last = (
      (await api.get('/payslips/processed/aggregates?year=2026&month=3')).body as PayslipAggregate[]
    ).find((row) => row.userDetails.id === leaver);
    // Exact ceiling in the last month: $102,000 - 3 x $8,000 = $78,000 of the $80,000 bonus.
    // 37% of ($8,000 + $78,000) = $31,820; employee 20% = $17,200.
    expect(last).toMatchObject({
      grossPay: 88_500,
      totalEmployeeCpfContribution: 17_200,
      totalEmployerCpfContribution: 14_620,
    });
  });
});
