import type { ToastParams } from '../../machines/effects';
import type { ListInput } from '../../machines/list.machine';
import type { LeaveApi } from '../api/leave.api';
import {
  LEAVE_PAGE_SIZE,
  LEAVE_SORT_FIELDS,
  type LeaveListQuery,
  type LeaveRequest,
  type LeaveRequestPage,
  type LeaveSortField,
} from '../domain/leave';
import type { ListPage, ListQuery } from '../domain/list-query';
import { provideList } from './list.actors';

/**
 * The leave request lists (admin dashboard, staff dashboard, the leave panels of user detail and My profile)
 * on the one list statechart. The server pages, filters and sorts, so a list query becomes the API's query
 * as it is: filters `status` and `type` (the leave type's name), the sort column's id (a field of
 * `LEAVE_SORT_FIELDS`, see src/views/leave/leave-columns.tsx) and its direction.
 */

/** Spec section 9: leave request lists show 7 a page. Give it to the list actor as its `input`. */
export const leaveListInput: ListInput = { query: { pageSize: LEAVE_PAGE_SIZE } };

const isSortField = (id: string): id is LeaveSortField =>
  (LEAVE_SORT_FIELDS as readonly string[]).includes(id);

/** A list query as GET /leave-requests (or /users/{id}/leave-requests) takes it. */
function toLeaveListQuery(query: ListQuery): LeaveListQuery {
  const sort = query.sorting.find((rule) => isSortField(rule.id));
  const sortField = sort && isSortField(sort.id) ? sort.id : undefined;
  return {
    page: query.page,
    limit: query.pageSize,
    search: query.search || undefined,
    // Comma-joined lists (spec section 7); an empty one is left out.
    status: query.filters.status?.join(',') || undefined,
    type: query.filters.type?.join(',') || undefined,
    ...(sort && sortField ? { sort: sortField, order: sort.desc ? 'desc' : 'asc' } : {}),
  };
}

const pageOf = (answer: LeaveRequestPage): ListPage<LeaveRequest> => ({
  rows: answer.data,
  total: answer.total,
});

export interface LeaveListEffects {
  leave: Pick<LeaveApi, 'list' | 'listOfUser' | 'remove'>;
  notify: (toast: ToastParams) => void;
}

/** The admin dashboard's list: everyone's requests, searchable by staff name or e-mail; nothing is removed here. */
export function provideAdminLeaveList({ leave }: Pick<LeaveListEffects, 'leave'>) {
  return provideList<LeaveRequest>({
    fetchRows: async (query) => pageOf(await leave.list(toLeaveListQuery(query))),
    removeRow: () => Promise.reject(new Error('The admin leave list removes no requests.')),
  });
}

/**
 * One person's requests (staff dashboard, My profile, an admin on user detail). Delete Request removes a
 * pending one (`removal.request` with the row) with the spec's toasts (machines/user-leave.machine.ts gives
 * their words); the list then starts over.
 */
export function provideUserLeaveList(userId: number, { leave, notify }: LeaveListEffects) {
  return provideList<LeaveRequest>({
    fetchRows: async (query) => {
      const { search: _search, ...rest } = toLeaveListQuery(query);
      return pageOf(await leave.listOfUser(userId, rest));
    },
    removeRow: (request) => leave.remove(request.id),
    notify,
  });
}
