import { employmentInfoFormValues } from './employment-info';
import { type LeaveAllowanceRow, type LeaveTypeRef, leaveAllowanceFormValues } from './onboarding';
import { paymentInfoFormValues } from './payment-info';
import { staffInfoFormValues } from './staff-info';
import { profileFormValues, type UserDetail } from './users';

type Values = Record<string, string>;

/** The record panels of My profile and user detail (spec section 2), each filled from what was loaded. */
export interface RecordPanelValues {
  profile: Values;
  /** Null where the record does not exist yet (not onboarded). */
  staffInfo: Values | null;
  employmentInfo: Values | null;
  paymentInfo: Values | null;
  /** Allowances exist once onboarded; without leave types there is nothing to show. */
  leaveAllowance: Values | null;
}

export function recordPanelValues(
  user: UserDetail,
  leaveTypes: readonly LeaveTypeRef[],
  allowances: readonly LeaveAllowanceRow[],
): RecordPanelValues {
  return {
    profile: profileFormValues(user),
    staffInfo: user.staffInfo ? staffInfoFormValues(user.staffInfo) : null,
    employmentInfo: user.employmentInfo ? employmentInfoFormValues(user.employmentInfo) : null,
    paymentInfo: user.paymentInfo ? { ...paymentInfoFormValues(user.paymentInfo) } : null,
    leaveAllowance:
      user.employmentInfo && leaveTypes.length > 0 ? leaveAllowanceFormValues(allowances, leaveTypes) : null,
  };
}
