// Enumerations of spec section 3 that the forms, the API and the database share.

export const GENDERS = ['Male', 'Female'] as const;
export const RACES = ['Chinese', 'Eurasian', 'Malay', 'Indian', 'Others'] as const;
export const EMPLOYMENT_STATUSES = ['ACTIVE', 'RESIGNED'] as const;
export const PASS_TYPES = [
  'Dependent - Dp',
  'Employment Pass',
  'Malaysian - Wp',
  'Others',
  'Prc - Wp',
  'S Pass',
  'S Pass - Myan',
  'S Pass - Prc',
  'Singapore',
  'Singapore - Pr',
  'Special Pass',
  'Training Employment Pass',
  'Work Permit',
] as const;
export const EMPLOYMENT_TYPES = [
  'Full Time',
  'Part Time',
  'Contract Worker',
  'Training Staff',
  'Temp Staff',
  'Probation Period',
] as const;
export const BANK_NAMES = [
  'DBS',
  'POSB',
  'OCBC',
  'UOB',
  'Maybank',
  'Citibank',
  'Standard Chartered',
  'HSBC',
  'RHB',
  'ANZ',
  'Bank of China',
  'CIMB',
] as const;
export const LEAVE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const PAYSLIP_STATUSES = ['UNPROCESSED', 'ITEMS_ADDED', 'PROCESSED'] as const;
export type PayslipStatus = (typeof PAYSLIP_STATUSES)[number];

/** The leave types a new company starts with (spec section 3). */
export const DEFAULT_LEAVE_TYPES = [
  'Annual Leave',
  'Medical Leave',
  'Hospitalisation Leave',
  'Childcare Leave',
  'Maternity Leave',
  'Paternity Leave',
  'Compassionate Leave',
  'Unpaid Leave',
] as const;
export type DefaultLeaveType = (typeof DEFAULT_LEAVE_TYPES)[number];

/**
 * What a leave type does, stored with it: rules read these, never the name (decision 0006).
 * - countsCalendarDays: counted on calendar days, weekends and public holidays included (as the
 *   hospitalisation and maternity entitlements are), instead of working days;
 * - unlimited: no yearly allowance, so no balance to run out (spec section 3: Unpaid Leave);
 * - unpaid: deducted from pay (the payroll prefills an UNPAID_LEAVE deduction from approved days).
 */
export interface LeaveTypeBehaviour {
  countsCalendarDays: boolean;
  unlimited: boolean;
  unpaid: boolean;
}

const ORDINARY: LeaveTypeBehaviour = { countsCalendarDays: false, unlimited: false, unpaid: false };
const CALENDAR_DAYS: LeaveTypeBehaviour = { ...ORDINARY, countsCalendarDays: true };

/** How the default types behave; a company's own types are ordinary unless set otherwise. */
export const DEFAULT_LEAVE_TYPE_BEHAVIOUR: Record<DefaultLeaveType, LeaveTypeBehaviour> = {
  'Annual Leave': ORDINARY,
  'Medical Leave': ORDINARY,
  'Hospitalisation Leave': CALENDAR_DAYS,
  'Childcare Leave': ORDINARY,
  'Maternity Leave': CALENDAR_DAYS,
  'Paternity Leave': ORDINARY,
  'Compassionate Leave': ORDINARY,
  'Unpaid Leave': { countsCalendarDays: false, unlimited: true, unpaid: true },
};

export const behaviourOfLeaveType = (name: string): LeaveTypeBehaviour =>
  DEFAULT_LEAVE_TYPE_BEHAVIOUR[name as DefaultLeaveType] ?? ORDINARY;
