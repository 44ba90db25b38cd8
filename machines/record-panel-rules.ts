import { employmentInfoBodySchema } from '../src/domain/employment-info';
import { bodyFieldErrors } from '../src/domain/forms';
import { recordPanelToasts } from '../src/domain/messages/staff';
import { leaveAllowanceFormSchema } from '../src/domain/onboarding';
import { CPF_RATE_CHOICES, paymentInfoFormSchema, withOfficialCpfRates } from '../src/domain/payment-info';
import { staffInfoBodySchema } from '../src/domain/staff-info';
import type { PanelRules, RecordPanelKind } from './editable-panel.machine';

const ALL_REQUIRED = 'All fields are required.';

/**
 * The rules of each record panel of My profile and user detail (spec section 2), which the user record
 * hands each panel it spawns: the checks with spec section 5's messages, and spec section 8's toasts.
 */
export const recordPanelRules: Record<RecordPanelKind, PanelRules> = {
  profile: {
    check: (values) => {
      const errors: Record<string, string> = {};
      for (const field of ['fullName', 'email']) if (!values[field]?.trim()) errors[field] = ALL_REQUIRED;
      return errors;
    },
    toasts: recordPanelToasts.profile,
  },
  staffInfo: {
    check: (values) => bodyFieldErrors(staffInfoBodySchema, values),
    toasts: recordPanelToasts.staffInfo,
  },
  employmentInfo: {
    check: (values) => bodyFieldErrors(employmentInfoBodySchema, values),
    toasts: recordPanelToasts.employmentInfo,
  },
  paymentInfo: {
    check: (values) => bodyFieldErrors(paymentInfoFormSchema, values),
    // A new CPF type or section brings the official rates for the birth date, as onboarding does.
    afterChange: (draft, field, { dateOfBirth }) =>
      (CPF_RATE_CHOICES as readonly string[]).includes(field)
        ? withOfficialCpfRates(draft, dateOfBirth)
        : draft,
    toasts: recordPanelToasts.paymentInfo,
  },
  leaveAllowance: {
    // The panel shows every type but Unpaid Leave, keyed by id: one message, beside the first field it concerns.
    check: (values) => bodyFieldErrors(leaveAllowanceFormSchema, values),
    toasts: recordPanelToasts.leaveAllowance,
  },
};
