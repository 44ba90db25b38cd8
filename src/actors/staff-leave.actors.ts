import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { leaveRequestDetailsMachine } from '../../machines/leave-request-details.machine';
import { requestLeaveMachine } from '../../machines/request-leave.machine';
import type { LeaveApi } from '../api/leave.api';
import {
  LEAVE_PAGE_SIZE,
  LEAVE_SORT_FIELDS,
  type LeaveBalance,
  type LeaveCounts,
  type LeaveListQuery,
  type LeaveRequest,
  type LeaveType,
} from '../domain/leave';
import type { ListQuery } from '../domain/list-query';
import { provideList } from './list.actors';

/**
 * The staff side of leave (spec sections 2, 7 and 8): the Request for Leave dialog, the details panel, and
 * the lists of one user's requests, balance, counts and the leave types, each on the list statechart.
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

const deleteToasts = (notify: StaffLeaveEffects['notify']) => ({
  deleted: () =>
    notify({
      type: 'success',
      title: 'Leave request deleted',
      description: 'The leave request has been deleted successfully.',
    }),
  failed: (error: { message: string; error: string }) =>
    notify({
      type: 'error',
      title: error.message || 'Error',
      description: error.error || 'An unknown error occurred',
    }),
});

export function provideRequestLeave({ leave, notify }: StaffLeaveEffects) {
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

export function provideLeaveRequestDetails({ leave, notify }: StaffLeaveEffects) {
  return leaveRequestDetailsMachine.provide({
    actors: {
      loadAttachmentUrl: fromPromise(({ input }) => leave.viewUrl(input)),
      deleteLeaveRequest: fromPromise(({ input }) => leave.remove(input.id)),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}
export type LeaveRequestDetailsLogic = ReturnType<typeof provideLeaveRequestDetails>;

type SortField = (typeof LEAVE_SORT_FIELDS)[number];
const isSortField = (id: string): id is SortField => (LEAVE_SORT_FIELDS as readonly string[]).includes(id);

/** The list query as GET /users/{id}/leave-requests takes it: filters comma-joined, sorted on the server. */
export function leaveListQuery(query: ListQuery): LeaveListQuery {
  const rule = query.sorting.find((candidate) => isSortField(candidate.id));
  const sort = rule && isSortField(rule.id) ? rule.id : undefined;
  return {
    page: query.page,
    limit: query.pageSize,
    status: (query.filters.status ?? []).join(','),
    type: (query.filters.type ?? []).join(','),
    ...(rule && sort ? { sort, order: rule.desc ? 'desc' : 'asc' } : {}),
  };
}

/** One user's requests (staff dashboard, My profile, user detail), 7 a page; Delete for pending ones. */
export function provideUserLeaveRequests(
  { leave, notify }: StaffLeaveEffects,
  userId: number,
  /** After a removal: the screen reloads what else showed the request (balance, counts). */
  afterRemoval: () => void = () => undefined,
) {
  const toasts = deleteToasts(notify);
  return provideList<LeaveRequest>({
    fetchRows: async (query) => {
      const page = await leave.listOfUser(userId, leaveListQuery(query));
      return { rows: page.data, total: page.total };
    },
    removeRow: async (request) => {
      await leave.remove(request.id);
      afterRemoval();
    },
    notifyRemoved: () => toasts.deleted(),
    notifyRemoveFailed: (_, error) => toasts.failed(error),
  });
}

/** The first query of a user's request list: 7 a page (spec section 9), newest first. */
export const USER_LEAVE_QUERY = { pageSize: LEAVE_PAGE_SIZE } as const;

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

export type LeaveBalanceRow = LeaveBalance & { id: number };

/** The Leave Balance table: GET /users/{id}/leave-balances, this year, one row per leave type. */
export const provideLeaveBalances = ({ leave }: StaffLeaveEffects, userId: number) =>
  provideCollection<LeaveBalanceRow>(async () =>
    (await leave.balances(userId)).map((balance) => ({ ...balance, id: balance.leaveType.id })),
  );

export interface LeaveCountRow {
  id: number;
  status: keyof LeaveCounts;
  count: number;
}
/** The three stat cards: GET /users/{id}/leave-requests/count. */
export const provideLeaveCounts = ({ leave }: StaffLeaveEffects, userId: number) =>
  provideCollection<LeaveCountRow>(async () => {
    const counts = await leave.countsOfUser(userId);
    return (['PENDING', 'APPROVED', 'REJECTED'] as const).map((status, index) => ({
      id: index + 1,
      status,
      count: counts[status],
    }));
  });

/** Every leave type (the dialog's choices and the Leave Type filter). */
export const provideLeaveTypes = ({ leave }: StaffLeaveEffects) =>
  provideCollection<LeaveType>(() => leave.types());

/** What a screen needs to show one user's leave, made once per user. */
export function staffLeaveLogic(effects: StaffLeaveEffects) {
  const requestLeave = provideRequestLeave(effects);
  const details = provideLeaveRequestDetails(effects);
  const types = provideLeaveTypes(effects);
  return {
    requestLeave,
    details,
    types,
    requestsOf: (userId: number, afterRemoval?: () => void) =>
      provideUserLeaveRequests(effects, userId, afterRemoval),
    balancesOf: (userId: number) => provideLeaveBalances(effects, userId),
    countsOf: (userId: number) => provideLeaveCounts(effects, userId),
  };
}
export type StaffLeaveLogic = ReturnType<typeof staffLeaveLogic>;
