import * as z from 'zod/mini';
import { roleSchema } from './auth';
import { LEAVE_STATUSES, type LeaveStatus } from './enums';
import { idParam, MAX_LENGTH, text } from './fields';
import { yearParam } from './leave';
import { payMonthSchema, payYearSchema } from './payslips';
import type { SheetColumn } from './spreadsheet-cells';

/**
 * Exports of staff, leave and payroll records (issue 38 item 5): the same rows as CSV or XLSX, cells
 * written as src/domain/spreadsheet-cells.ts says. The staff sheet's columns are in staff-import.ts.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const formatSchema = z._default(z.enum(EXPORT_FORMATS, { error: 'must be csv or xlsx' }), 'csv');

/** GET /exports/staff: the All Staff list's filters; without a role, the list's people (STAFF). */
export const staffExportQuerySchema = z.object({
  format: formatSchema,
  search: z.optional(text(MAX_LENGTH.search)),
  role: z._default(roleSchema, 'STAFF'),
});
export type StaffExportQuery = z.output<typeof staffExportQuerySchema>;

const statusList = z.pipe(
  z.pipe(
    text(200),
    z.transform((list: string) => (list === '' ? [] : list.split(',').map((part) => part.trim()))),
  ),
  z.array(z.enum(LEAVE_STATUSES)).check(z.maxLength(LEAVE_STATUSES.length)),
);

/** GET /exports/leave: requests touching a year, of some statuses, of one person; all optional. */
export const leaveExportQuerySchema = z.object({
  format: formatSchema,
  year: z.optional(yearParam),
  status: z.optional(statusList),
  userId: z.optional(idParam),
});
export type LeaveExportQuery = z.output<typeof leaveExportQuerySchema>;

/** GET /exports/payroll: a month's processed payslips, or with no month the year's, one row per payslip. */
export const payrollExportQuerySchema = z.object({
  format: formatSchema,
  year: payYearSchema,
  month: z.optional(payMonthSchema),
});
export type PayrollExportQuery = z.output<typeof payrollExportQuerySchema>;

/** The file's name: what, which period, the day it was made. */
export function exportFileName(
  what: 'staff' | 'leave' | 'payroll',
  format: ExportFormat,
  period?: { year?: number; month?: number },
): string {
  const parts: string[] = [what];
  if (period?.year !== undefined) parts.push(String(period.year));
  if (period?.month !== undefined) parts.push(String(period.month).padStart(2, '0'));
  return `${parts.join('-')}.${format}`;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// ---------------------------------------------------------------------------------------------
// Leave records
// ---------------------------------------------------------------------------------------------

/** A leave request as the export reads it. */
export interface LeaveExportRow {
  id: number;
  userId: number;
  fullName: string;
  email: string;
  type: string;
  fromDate: string;
  fromDateIsAm: boolean;
  toDate: string;
  toDateIsAm: boolean;
  days: number;
  status: LeaveStatus;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A half-day boundary as the request form names it: a request from the PM starts in the afternoon. */
const half = (isAm: boolean) => (isAm ? 'AM' : 'PM');

export const LEAVE_EXPORT_COLUMNS: readonly SheetColumn<LeaveExportRow>[] = [
  { heading: 'Request ID', kind: 'number', value: (row) => row.id },
  { heading: 'Employee ID', kind: 'number', value: (row) => row.userId },
  { heading: 'Full Name', kind: 'text', value: (row) => row.fullName },
  { heading: 'Email', kind: 'text', value: (row) => row.email },
  { heading: 'Leave Type', kind: 'text', value: (row) => row.type },
  { heading: 'From Date', kind: 'date', value: (row) => row.fromDate },
  { heading: 'From Time', kind: 'enum', value: (row) => half(row.fromDateIsAm) },
  { heading: 'To Date', kind: 'date', value: (row) => row.toDate },
  { heading: 'To Time', kind: 'enum', value: (row) => half(row.toDateIsAm) },
  { heading: 'Days', kind: 'number', value: (row) => row.days },
  { heading: 'Status', kind: 'enum', value: (row) => row.status },
  { heading: 'Reason', kind: 'text', value: (row) => row.reason },
  { heading: 'Requested At', kind: 'text', value: (row) => row.createdAt },
  { heading: 'Updated At', kind: 'text', value: (row) => row.updatedAt },
];

// ---------------------------------------------------------------------------------------------
// Payroll records
// ---------------------------------------------------------------------------------------------

/** A processed payslip with every figure, amounts in cents (SDL to fractions of a cent). */
export interface PayrollExportRow {
  year: number;
  month: number;
  userId: number;
  fullName: string;
  email: string;
  status: string;
  payDate: string | null;
  basicSalaryCents: number;
  ordinaryWageCents: number;
  additionalWageCents: number;
  adhocCents: number;
  bonusCents: number;
  deductionCents: number;
  grossPayCents: number;
  employeeCpfCents: number;
  employerCpfCents: number;
  selfHelpGroup: string;
  shgCents: number;
  sdlCents: number;
  netPayCents: number;
  otherAdditionCents: number;
  otherDeductionCents: number;
  netPayableCents: number;
}

const money = (heading: string, cents: (row: PayrollExportRow) => number): SheetColumn<PayrollExportRow> => ({
  heading,
  kind: 'money',
  value: cents,
});

export const PAYROLL_EXPORT_COLUMNS: readonly SheetColumn<PayrollExportRow>[] = [
  { heading: 'Year', kind: 'number', value: (row) => row.year },
  { heading: 'Month', kind: 'number', value: (row) => row.month },
  { heading: 'Employee ID', kind: 'number', value: (row) => row.userId },
  { heading: 'Full Name', kind: 'text', value: (row) => row.fullName },
  { heading: 'Email', kind: 'text', value: (row) => row.email },
  { heading: 'Status', kind: 'enum', value: (row) => row.status },
  { heading: 'Pay Date', kind: 'date', value: (row) => row.payDate },
  money('Basic Salary', (row) => row.basicSalaryCents),
  money('Ad Hoc Items', (row) => row.adhocCents),
  money('Bonus Items', (row) => row.bonusCents),
  money('Deductions', (row) => row.deductionCents),
  money('Gross Pay', (row) => row.grossPayCents),
  money('Ordinary Wages', (row) => row.ordinaryWageCents),
  money('Additional Wages', (row) => row.additionalWageCents),
  money('Employee CPF', (row) => row.employeeCpfCents),
  money('Employer CPF', (row) => row.employerCpfCents),
  { heading: 'Self-Help Group', kind: 'enum', value: (row) => row.selfHelpGroup },
  money('SHG Contribution', (row) => row.shgCents),
  { heading: 'SDL', kind: 'fineMoney', value: (row) => row.sdlCents },
  money('Net Pay', (row) => row.netPayCents),
  money('Other Additions', (row) => row.otherAdditionCents),
  money('Other Deductions', (row) => row.otherDeductionCents),
  money('Net Payable', (row) => row.netPayableCents),
];
