import type { ToastParams } from '../../machines/effects';
import { type ListInput, listToasts } from '../../machines/list.machine';
import type { usersApi } from '../api/users.api';
import { wholeListPage } from '../domain/list-query';
import { staffToasts } from '../domain/messages/staff';
import type { DirectoryEntry } from '../domain/staff-directory';
import { provideList } from './list.actors';

export interface AllStaffEffects {
  users: Pick<typeof usersApi, 'list' | 'remove'>;
  notify: (toast: ToastParams) => void;
}

/** Columns the All Staff table sorts by (spec section 2: Email is sortable). */
const sortKeys = { email: (user: DirectoryEntry) => user.email };

/**
 * The All Staff list (/admin/users): only STAFF users (spec section 6). GET /users answers the whole directory
 * for a search, so sorting and paging cut that answer here without asking again; an endpoint that pages on the
 * server would return its page.
 */
export function provideAllStaff({ users, notify }: AllStaffEffects) {
  return provideList<DirectoryEntry>({
    fetchRows: async (query) =>
      wholeListPage(await users.list({ search: query.search, role: 'STAFF' }), query, sortKeys),
    removeRow: async (user) => {
      // The spec's remove answers false on failure; the list machine's removal fails by rejecting.
      if (!(await users.remove(user.id))) throw new Error('Failed to delete user');
    },
    notify,
  });
}

/** The All Staff list's input: the spec's toasts of a deletion (section 8). */
export const allStaffListInput: ListInput = {
  toasts: listToasts<DirectoryEntry>({
    removed: (user) => staffToasts.deleted(user.fullName),
    removeFailed: () => staffToasts.deleteFailed,
  }),
};
