import type {
  editablePanelMachine,
  PanelValues,
  RecordPanelKind,
} from '../../../machines/editable-panel.machine';
import { employmentInfoFormValues } from '../../domain/employment-info';
import { type LeaveAllowanceRow, type LeaveTypeRef, leaveAllowanceFormValues } from '../../domain/onboarding';
import { paymentInfoFormValues } from '../../domain/payment-info';
import { staffInfoFormValues } from '../../domain/staff-info';
import type { UserDetail } from '../../domain/users';
import type { RecordPanels } from './record-tabs';

/** Builds a panel's logic for one user (its save wired by the app); given to the screens by their route. */
export type PanelLogicFactory = (
  kind: RecordPanelKind,
  target: { user: UserDetail; allowances?: PanelValues },
) => typeof editablePanelMachine;

/** The four record panels of a loaded user: a panel per record that exists. */
export function recordPanels(
  panelLogic: PanelLogicFactory,
  user: UserDetail,
  leaveTypes: readonly LeaveTypeRef[],
  allowances: readonly LeaveAllowanceRow[],
): RecordPanels {
  const allowanceValues = leaveAllowanceFormValues(allowances, leaveTypes);
  return {
    staffInfo: user.staffInfo
      ? { logic: panelLogic('staffInfo', { user }), values: staffInfoFormValues(user.staffInfo) }
      : null,
    employmentInfo: user.employmentInfo
      ? {
          logic: panelLogic('employmentInfo', { user }),
          values: employmentInfoFormValues(user.employmentInfo),
        }
      : null,
    paymentInfo: user.paymentInfo
      ? { logic: panelLogic('paymentInfo', { user }), values: { ...paymentInfoFormValues(user.paymentInfo) } }
      : null,
    // Allowances exist once onboarded; without leave types there is nothing to show.
    leaveAllowance:
      user.employmentInfo && leaveTypes.length > 0
        ? {
            logic: panelLogic('leaveAllowance', { user, allowances: allowanceValues }),
            values: allowanceValues,
          }
        : null,
  };
}
