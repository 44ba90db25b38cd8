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

/** The leave types a new company starts with; 'Unpaid Leave' has no limit (spec section 3). */
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
export const UNPAID_LEAVE = 'Unpaid Leave';
/** Types counted in calendar days (weekends and public holidays included), as their entitlements are. */
export const CALENDAR_DAY_LEAVE_TYPES: readonly string[] = ['Hospitalisation Leave', 'Maternity Leave'];
