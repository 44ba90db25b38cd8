import type { LeavePolicy, LeaveStatute } from './leave-entitlement';
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
export type PassType = (typeof PASS_TYPES)[number];
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
/** Spec section 3's three, then an approved leave's withdrawal (issue 34): asked, then granted. */
export const LEAVE_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'WITHDRAWAL_REQUESTED',
  'WITHDRAWN',
] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const PAYSLIP_STATUSES = ['UNPROCESSED', 'ITEMS_ADDED', 'PROCESSED'] as const;
export type PayslipStatus = (typeof PAYSLIP_STATUSES)[number];
/** A month's timesheet (issue 36): its lifecycle is src/domain/lifecycles/timesheet.lifecycle.ts. */
export const TIMESHEET_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED'] as const;
/** A separation (issue 35): its lifecycle is src/domain/lifecycles/separation.lifecycle.ts. */
export const SEPARATION_STATUSES = ['REQUESTED', 'ACKNOWLEDGED', 'WITHDRAWN', 'COMPLETED'] as const;
export type SeparationStatus = (typeof SEPARATION_STATUSES)[number];
export const SEPARATION_REASONS = ['RESIGNATION', 'TERMINATION', 'CONTRACT_END', 'RETIREMENT'] as const;
export type SeparationReason = (typeof SEPARATION_REASONS)[number];
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
/** A month's pay run (issue 39): its lifecycle is src/domain/lifecycles/pay-run.lifecycle.ts. */
export const PAY_RUN_STATUSES = ['OPEN', 'SUBMITTED', 'APPROVED'] as const;
export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number];
/** An expense claim (issue 37): its lifecycle is src/domain/lifecycles/claim.lifecycle.ts. */
export const CLAIM_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PAID'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** A payslip e-mail's send (issue 16): its lifecycle is src/domain/lifecycles/payslip-email.lifecycle.ts. */
export const PAYSLIP_EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type PayslipEmailStatus = (typeof PAYSLIP_EMAIL_STATUSES)[number];
/** How mail leaves the server (issue 34): over SMTP, or kept in the outbox table when SMTP_URL is unset. */
export const MAIL_DELIVERIES = ['SMTP', 'OUTBOX'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

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

/** EA s.88A: 7 days in the 1st year of service, one more each year, 14 from the 8th year on. */
export const EMPLOYMENT_ACT_ANNUAL_LEAVE = [7, 8, 9, 10, 11, 12, 13, 14] as const;

/**
 * What the default types start with: the Employment Act's annual leave by year of service, all of it
 * carried into the next 12 months (what EA s.88A requires for Part IV employees); sick and
 * hospitalisation leave as s.89 sets them; the CDCA's childcare, maternity (16 weeks on calendar
 * days) and paternity (4 weeks of working days) leave; unpaid leave without limit. A company raises
 * them on the Leave Policies screen. The same figures seed existing databases (migration 0009); domain/leave-policies.ts has the API's shapes.
 */
export const DEFAULT_LEAVE_POLICIES: Record<
  DefaultLeaveType,
  { statute: LeaveStatute | null } & LeavePolicy
> = {
  'Annual Leave': {
    statute: 'ANNUAL',
    entitlement: 'SERVICE',
    days: null,
    schedule: [...EMPLOYMENT_ACT_ANNUAL_LEAVE],
    prorate: true,
    carryForwardMaxDays: 14,
    carryForwardExpiryMonths: 12,
  },
  'Medical Leave': statutory('SICK'),
  'Hospitalisation Leave': statutory('HOSPITALISATION'),
  'Childcare Leave': fixed('CHILDCARE', 6, true),
  'Maternity Leave': fixed('MATERNITY', 112, false),
  'Paternity Leave': fixed('PATERNITY', 20, false),
  'Compassionate Leave': fixed(null, 3, false),
  'Unpaid Leave': {
    statute: null,
    entitlement: 'NONE',
    days: null,
    schedule: null,
    prorate: false,
    carryForwardMaxDays: 0,
    carryForwardExpiryMonths: null,
  },
};

function statutory(statute: LeaveStatute) {
  return {
    statute,
    entitlement: 'STATUTORY_SICK' as const,
    days: null,
    schedule: null,
    prorate: false,
    carryForwardMaxDays: 0,
    carryForwardExpiryMonths: null,
  };
}

function fixed(statute: LeaveStatute | null, days: number, prorate: boolean) {
  return {
    statute,
    entitlement: 'FIXED' as const,
    days,
    schedule: null,
    prorate,
    carryForwardMaxDays: 0,
    carryForwardExpiryMonths: null,
  };
}
