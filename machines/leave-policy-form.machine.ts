import type { LeavePolicyInput, LeaveTypePolicy } from '../src/domain/leave-policies';
import {
  emptyLeavePolicyForm,
  type LeavePolicyFormValues,
  leavePolicyFormSchema,
} from '../src/domain/leave-policy-form';
import { leavePolicyToasts } from '../src/domain/messages/leave-policies';
import { createFormMachine } from './form';

/**
 * One leave type's policy on the Leave Policies screen (issue 17): how its yearly days are set (fixed,
 * by year of service with a schedule, by completed months as the Employment Act sets, or no limit),
 * proration, and carry forward. It starts from the stored policy (its parent,
 * machines/leave-policies.machine.ts, makes it when a type is edited) and finishes with what the
 * server saved. The server refuses a policy below the law, saying which law.
 */
export const leavePolicyFormMachine = createFormMachine<
  LeavePolicyFormValues,
  LeavePolicyInput,
  LeaveTypePolicy,
  { leaveTypeId: number }
>({
  id: 'leavePolicyForm',
  description: "A leave type's policy: how its days are set, proration and carry forward.",
  initialValues: emptyLeavePolicyForm,
  schema: leavePolicyFormSchema,
  request: {
    id: 'saveLeavePolicy',
    description: "Save: PUT /leave-policies/{leaveTypeId}; the button reads 'Processing...'.",
  },
  successToast: () => leavePolicyToasts.updated,
  failureToast: leavePolicyToasts.updateFailed,
  afterSuccess: { description: 'Saved: the screen shows what the server stored.' },
});
