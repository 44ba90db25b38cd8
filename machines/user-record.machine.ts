import { assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import type { LeaveAllowanceRow, LeaveTypeRef } from '../src/domain/onboarding';
import type { UserDetail } from '../src/domain/users';
import { notProvided, type ToastParams } from './effects';

export interface UserRecordInput {
  /** The :id of /admin/users/:id, or the signed-in user's own id on My profile; null when not a number. */
  userId: number | null;
}

export interface UserRecordContext {
  userId: number | null;
  user: UserDetail | null;
  /** Every leave type, and this year's allowances of the user (the Leave Allowance tab). */
  leaveTypes: LeaveTypeRef[];
  allowances: LeaveAllowanceRow[];
  /** Why the last delete was refused (the server's message), shown on the page. */
  deleteError: ApiError | null;
}

export interface UserRecordData {
  user: UserDetail;
  leaveTypes: LeaveTypeRef[];
  allowances: LeaveAllowanceRow[];
}

export type UserRecordEvent =
  | { type: 'userRecord.delete' }
  | { type: 'userRecord.cancelDelete' }
  | { type: 'userRecord.confirmDelete' };

export const userRecordMachine = setup({
  types: {
    context: {} as UserRecordContext,
    events: {} as UserRecordEvent,
    input: {} as UserRecordInput,
  },
  actors: {
    loadUser: fromPromise<UserRecordData, { userId: number | null }>(notProvided('user-record', 'loadUser')),
    deleteUser: fromPromise<void, { userId: number }>(notProvided('user-record', 'deleteUser')),
  },
  actions: {
    notify: notProvided('user-record', 'notify') as (_: unknown, params: ToastParams) => void,
    navigate: notProvided('user-record', 'navigate') as (_: unknown, params: { to: string }) => void,
  },
}).createMachine({
  id: 'userRecord',
  description: 'User detail (/admin/users/:id) and My profile (/staff/profile): the user, and Delete User.',
  context: ({ input }) => ({
    userId: input.userId,
    user: null,
    leaveTypes: [],
    allowances: [],
    deleteError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /users/{id}, the leave types and the allowances.',
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'loaded', actions: assign(({ event }) => event.output) },
        onError: { target: 'notFound' },
      },
    },
    notFound: {
      description: 'No such user: a message and the way back.',
      type: 'final',
    },
    loaded: {
      description: 'The user with the four tabs and the leave panels.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Delete User is in the action menu (admin).',
          on: { 'userRecord.delete': 'confirmingDelete' },
        },
        confirmingDelete: {
          description: "'Are you absolutely sure?' with Cancel and Continue.",
          on: {
            'userRecord.cancelDelete': 'idle',
            'userRecord.confirmDelete': 'deleting',
          },
        },
        deleting: {
          description: 'DELETE /users/{id} is in flight.',
          invoke: {
            id: 'deleteUser',
            src: 'deleteUser',
            input: ({ context }) => ({ userId: context.user?.id ?? 0 }),
            onDone: {
              target: '#userRecord.deleted',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    type: 'success',
                    title: 'User deleted',
                    description: `${context.user?.fullName ?? 'The user'} has been deleted.`,
                  }),
                },
                { type: 'navigate', params: { to: '/admin/users' } },
              ],
            },
            onError: {
              target: 'idle',
              description: 'Refused (processed payslips, for one): the user stays and the reason shows.',
              actions: [
                assign({ deleteError: ({ event }) => toApiError(event.error) }),
                {
                  type: 'notify',
                  params: { type: 'error', title: 'Error', description: 'Failed to delete user' },
                },
              ],
            },
          },
        },
      },
    },
    deleted: {
      description: "'User deleted' and back to the staff list.",
      type: 'final',
    },
  },
});
