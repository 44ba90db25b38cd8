import { formatDayMonthYear } from './dates';
import type { PayItemTreatmentChoice } from './payroll/treatment';

/**
 * The words of payslips: month names and pay item types. Apart from ./payslips (whose schemas need
 * zod), so that the PDF worker thread, which prints them, starts without loading zod.
 */

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const monthName = (month: number): string => MONTH_NAMES[month - 1] ?? String(month);

/** The self-help-group funds in words, as the CPF summary (screen and PDF) lists them. */
export const SHG_FUND_NAMES = {
  MBMF: 'MBMF (Mosque Building and Mendaki Fund)',
  SINDA: 'SINDA',
  CDAC: 'CDAC',
  ECF: 'ECF (Eurasian Community Fund)',
} as const;

/** Item types in words; the API keeps the spec's values (COMMISION included). */
export const payItemTypeLabels: Record<string, string> = {
  OVERTIME: 'Overtime',
  INCENTIVE: 'Incentive',
  MOBILE_ALLOWANCE: 'Mobile allowance',
  OFFDAY: 'Off-day pay',
  PUBLIC_HOLIDAY: 'Public holiday pay',
  RETENTION_INCENTIVE: 'Retention incentive',
  COMMISION: 'Commission',
  ANNUAL_LEAVE_ENCASHMENT: 'Annual leave encashment',
  BONUS: 'Bonus',
  AWS: 'Annual wage supplement (AWS)',
  DIRECTOR_FEE: 'Director fee',
  BACK_PAY: 'Back pay',
  LATENESS: 'Lateness',
  UNPAID_LEAVE: 'Unpaid leave',
  INCOMPLETE_MONTH: 'Days not employed (incomplete month)',
  TRAVEL_ALLOWANCE: 'Travel allowance',
  SKILL_ALLOWANCE: 'Skill allowance',
  MEDICAL_CLAIM: 'Medical claim',
  OTHER: 'Other',
  EXPENSE_CLAIM: 'Expense claim',
  TAXABLE_EXPENSE_CLAIM: 'Expense claim (taxable)',
  DEDUCTION: 'Deduction',
  ADVANCE: 'Advance',
  MEDICAL_CO_SHARE: 'Medical co-share',
  NS_MAKEUP_PAY: 'NS make-up pay',
  LOAN: 'Loan',
  NOTICE_PAY: 'Salary in lieu of notice',
  NOTICE_DEDUCTION: 'Deduction in lieu of notice',
};

export const payItemTypeLabel = (type: string): string => payItemTypeLabels[type] ?? type;

/** How a type paid either way was paid, in words (the Pay Items form and lists). */
export const payItemTreatmentLabels: Record<PayItemTreatmentChoice, string> = {
  WAGE: 'Fixed allowance (a wage)',
  REIMBURSEMENT: 'Reimbursement of expenses',
};

/** A paid claim's line on a payslip (the PDF and My Payslips, issue 37): "Expense claim: Transport, 03/03/2026". */
export const expenseClaimLine = (claim: { type: string; date: string }) =>
  `Expense claim: ${claim.type}, ${formatDayMonthYear(claim.date)}`;
