import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { Inspector } from '../../src/app/services';
import type { ApiError } from '../../src/domain/auth';
import type { LeaveBalance } from '../../src/domain/leave';
import type { PayslipDetail } from '../../src/domain/payslips';
import { admin } from '../views/fixtures';
import type { FakeServer } from './fake-server';
import { renderApp, settle } from './harness';

/** One employee's payslip of July 2026 on Pay Items, as the API answers it (tests/machines/pay-items*.test.tsx). */

export const employee = { id: 7, fullName: 'Chloe Fernandez' };
export const period = { year: 2026, month: 7 };
export const payItemsPath = `/admin/users/${employee.id}/pay-items/${period.year}/${period.month}`;

const totals = (gross: number) => ({
  ordinaryWages: 4600,
  additionalWages: gross - 4600,
  grossPay: gross,
  employeeCpf: Math.floor(gross * 0.2),
  employerCpf: Math.round(gross * 0.37) - Math.floor(gross * 0.2),
  selfHelpGroup: 2,
  netPay: gross - Math.floor(gross * 0.2) - 2,
  otherItems: 0,
  netPayable: gross - Math.floor(gross * 0.2) - 2,
});

export const unprocessedPayslip: PayslipDetail = {
  id: 41,
  userId: employee.id,
  ...period,
  processingStatus: 'UNPROCESSED',
  basicSalarySnapshot: 4600,
  employeeCpfRateSnapshot: 20,
  employerCpfRateSnapshot: 17,
  selfHelpGroupSnapshot: 'ECF',
  cpfTypeSnapshot: 'SINGAPORE CITIZEN',
  cpfSectionSnapshot: 'NONE',
  dateOfBirthSnapshot: '1995-02-27',
  payDate: null,
  rateFlag: null,
  totals: totals(4600),
  totalsError: null,
  payItems: 0,
};

/** After a $1,500 bonus. */
export const withBonus: PayslipDetail = {
  ...unprocessedPayslip,
  processingStatus: 'ITEMS_ADDED',
  totals: totals(6100),
  payItems: 1,
};

export const processedPayslip: PayslipDetail = {
  ...withBonus,
  processingStatus: 'PROCESSED',
  payDate: '2026-07-31',
};

export const bonus = { id: 900, type: 'BONUS', amount: 1500, treatment: null };

export const balances: LeaveBalance[] = [
  {
    id: 1,
    leaveType: { id: 1, name: 'Annual Leave' },
    year: 2026,
    totalDays: 14,
    carriedForwardDays: 0,
    carriedForwardExpiresOn: null,
    carriedForwardUsableDays: 0,
    usedDays: 3,
    approvedDays: 3,
    pendingDays: 0,
    balance: 11,
  },
];

export const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};

export const itemPaths = [
  'adhoc-items',
  'bonus-items',
  'deduction-items',
  'other-addition-items',
  'other-deduction-items',
] as const;

/** Opens Pay Items from Process Pay's link: the navigation state carries the status and the user. */
export function openPayItems(inspect: Inspector) {
  return renderApp({
    path: payItemsPath,
    storage: {
      [ACCESS_TOKEN_KEY]: 'token',
      [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
    },
    inspect,
    prepare: () =>
      window.history.replaceState({ processingStatus: 'UNPROCESSED', user: employee }, '', payItemsPath),
  });
}

/** Answers the load: the payslip first, then its items of every kind, then the leave balances. */
export async function answerLoad(
  server: FakeServer,
  payslip: PayslipDetail | null,
  items: Partial<Record<(typeof itemPaths)[number], unknown[]>> = {},
) {
  const payslipPath = `/api/users/${employee.id}/payslips`;
  if (!payslip) {
    server.answer('GET', payslipPath, 404, {
      statusCode: 404,
      error: 'Not Found',
      message: 'No payslip for this employee in July 2026.',
    });
    await settle();
    return;
  }
  server.answer('GET', payslipPath, 200, payslip);
  await settle();
  for (const path of itemPaths)
    server.answer('GET', `/api/users/${employee.id}/${path}`, 200, items[path] ?? []);
  await settle();
  // The Leave Balance table asks for the payslip's year once the payslip shows.
  server.answer('GET', `/api/users/${employee.id}/leave-balances`, 200, balances);
  await settle();
}

/** How the screens write an amount of dollars: grouped thousands and two decimals ('1,234.50'). */
export const dollars = (amount: number) =>
  amount.toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
