import type { LeaveRequest, LeaveType } from '../src/domain/leave';
import {
  previewLeaveDays,
  REQUEST_LEAVE_INITIAL_VALUES,
  type RequestLeaveData,
  type RequestLeaveFormValues,
  requestLeaveFormSchema,
} from '../src/domain/leave-form';
import { leaveToasts } from '../src/domain/messages/leave';
import { createFormMachine } from './form';
import { formDialogMachine } from './form-dialog.machine';

/** Who the request is for (oneself, or the user an administrator is looking at) and the leave types. */
export interface RequestLeaveParams {
  userId: number;
  leaveTypes: LeaveType[];
}

/**
 * The Request for Leave dialog (spec section 2): leave type, start and end with AM/PM, the days (computed),
 * reason and an optional supporting document. The days are counted with the public holidays of the chosen
 * dates' years, loaded once per year (GET /public-holidays?year) by the form's reference actor. The request uploads a chosen file first (the upload grant,
 * then the PUT), then makes POST /leave-requests. A success finishes the form with the new request; a failure keeps the
 * dialog open with the toast.
 */
export const requestLeaveMachine = createFormMachine<
  RequestLeaveFormValues,
  RequestLeaveData,
  LeaveRequest,
  RequestLeaveParams
>({
  id: 'requestLeave',
  description:
    'The Request for Leave dialog: type, dates with AM/PM, the days recomputed on every change, reason and a supporting document.',
  initialValues: REQUEST_LEAVE_INITIAL_VALUES,
  schema: requestLeaveFormSchema,
  // The days count the way the server counts them: with the public holidays it keeps, which the form's
  // reference actor loads per year as the chosen dates need them (src/actors/staff-leave.actors.ts).
  derive: (values, params, holidays) => ({ days: previewLeaveDays(values, params.leaveTypes, holidays) }),
  fileField: 'file',
  request: {
    id: 'createLeaveRequest',
    description:
      'A chosen file goes up first (the upload grant, then the PUT), then POST /leave-requests; the button shows its spinner and the dialog cannot close.',
  },
  successToast: () => leaveToasts.created,
  failureToast: leaveToasts.createFailed,
  afterSuccess: {
    description: 'Created: the dialog closes, and the lists and balance that show it reload.',
  },
});

/** The dialog around it (machines/form-dialog.machine.ts): a fresh form on every opening. */
export const requestLeaveDialogMachine = formDialogMachine.provide({ actors: { form: requestLeaveMachine } });
