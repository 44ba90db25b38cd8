import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { leaveRequestDetailsMachine } from '../../machines/leave-request-details.machine';
import { requestLeaveMachine } from '../../machines/request-leave.machine';
import type { LeaveApi } from '../api/leave.api';
import { asBalanceRow, type LeaveBalanceRow } from '../domain/leave-balance';
import { provideLeaveOverview } from './leave-admin.actors';
import { provideUserLeaveList } from './leave-list.actors';
import { provideList } from './list.actors';

/**
 * The staff side of leave (spec sections 2, 7 and 8): the Request for Leave dialog, the details panel, one
 * user's requests and balance (each on the list statechart) and their stat cards with the leave types.
 */
export interface StaffLeaveEffects {
  leave: Pick<
    LeaveApi,
    | 'types'
    | 'listOfUser'
    | 'countsOfUser'
    | 'create'
    | 'remove'
    | 'balances'
    | 'uploadGrant'
    | 'upload'
    | 'viewUrl'
  >;
  notify: (toast: ToastParams) => void;
}

function provideRequestLeave({ leave, notify }: StaffLeaveEffects) {
  return requestLeaveMachine.provide({
    actors: {
      upload: fromPromise(async ({ input: file }) => {
        const grant = await leave.uploadGrant(file.name, file.type);
        await leave.upload(grant, file);
        return grant.uploadKey;
      }),
      submit: fromPromise(({ input }) =>
        leave.create({
          userId: input.userId,
          leaveType: input.leaveType,
          fromDate: input.fromDate,
          fromDateIsAm: input.fromDateIsAm,
          toDate: input.toDate,
          toDateIsAm: input.toDateIsAm,
          reason: input.reason,
          fileUrl: input.uploadKey ?? '',
          days: input.days,
        }),
      ),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}
export type RequestLeaveLogic = ReturnType<typeof provideRequestLeave>;

function provideLeaveRequestDetails({ leave, notify }: StaffLeaveEffects) {
  return leaveRequestDetailsMachine.provide({
    actors: {
      loadAttachmentUrl: fromPromise(({ input }) => leave.viewUrl(input)),
      deleteLeaveRequest: fromPromise(({ input }) => leave.remove(input.id)),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}
export type LeaveRequestDetailsLogic = ReturnType<typeof provideLeaveRequestDetails>;

/**
 * One user's requests (staff dashboard, My profile, user detail) on the shared leave list effects, 7 a page;
 * after a removal (the row menu's Delete Request) the screen reloads what else showed the request.
 */
function provideUserLeaveRequests(
  { leave, notify }: StaffLeaveEffects,
  userId: number,
  afterRemoval: () => void = () => undefined,
) {
  const remove = async (id: number) => {
    await leave.remove(id);
    afterRemoval();
  };
  return provideUserLeaveList(userId, { leave: { ...leave, list: unusedList, remove }, notify });
}
const unusedList = () => Promise.reject(new Error("A user's leave list reads only that user's requests"));

/** A whole collection fetched at once on the list statechart (no paging, search or removal). */
function provideCollection<Row extends { id: number }>(fetchAll: () => Promise<Row[]>) {
  return provideList<Row>({
    fetchRows: async () => {
      const rows = await fetchAll();
      return { rows, total: rows.length };
    },
    removeRow: () => Promise.reject(new Error('This list removes nothing')),
    notifyRemoved: () => undefined,
    notifyRemoveFailed: () => undefined,
  });
}

/** The Leave Balance table: GET /users/{id}/leave-balances, this year, one row per leave type. */
const provideLeaveBalances = ({ leave }: StaffLeaveEffects, userId: number) =>
  provideCollection<LeaveBalanceRow>(async () => (await leave.balances(userId)).map(asBalanceRow));

/** What a screen needs to show one user's leave, made once per user. */
export function staffLeaveLogic(effects: StaffLeaveEffects) {
  const requestLeave = provideRequestLeave(effects);
  const details = provideLeaveRequestDetails(effects);
  return {
    requestLeave,
    details,
    requestsOf: (userId: number, afterRemoval?: () => void) =>
      provideUserLeaveRequests(effects, userId, afterRemoval),
    balancesOf: (userId: number) => provideLeaveBalances(effects, userId),
    /** The stat cards' counts and the leave types (the dialog's choices, the Leave Type filter). */
    overviewOf: (userId: number) =>
      provideLeaveOverview(effects.leave, () => effects.leave.countsOfUser(userId)),
  };
}
export type StaffLeaveLogic = ReturnType<typeof staffLeaveLogic>;
