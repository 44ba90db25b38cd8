import { type ActorRefFrom, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { todayIso } from '../src/domain/dates';
import { EMPLOYMENT_STATUSES } from '../src/domain/enums';
import { LEAVE_PAGE_SIZE } from '../src/domain/leave';
import type { LeaveEntitlement } from '../src/domain/leave-policies';
import { allowancesFromEntitlements } from '../src/domain/leave-policy-form';
import { payrollToasts } from '../src/domain/messages/payroll';
import { staffToasts } from '../src/domain/messages/staff';
import type { LeaveAllowanceRow, LeaveTypeRef } from '../src/domain/onboarding';
import { payslipsOfUser } from '../src/domain/pay-lists';
import { type RecordPanelValues, recordPanelValues } from '../src/domain/record-panels';
import type { UserDetail } from '../src/domain/users';
import type { editablePanelMachine, PanelValues, RecordPanelKind } from './editable-panel.machine';
import { childNews, notProvided, type ToastParams } from './effects';
import { listMachine } from './list.machine';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';
import { openingBalancesMachine } from './opening-balances.machine';
import { recordPanels } from './record-panel-forms';
import { userLeaveMachine } from './user-leave.machine';

/**
 * User detail (/admin/users/:id) and My profile (/staff/profile) as one machine: it fetches the user
 * through the load statechart (machines/load.machine.ts: a spinner, a failure with Try again; a 404 answer
 * is the final 'not found'), spawns the record panels (Profile and the four tabs) and the user's leave, and routes a save in one
 * panel to what else shows it: a new name or e-mail to the header, a new employment status to its
 * badge, new allowances to the Leave Balance table. On user detail it also lists the user's processed payslips
 * (issue 34: the one list statechart) and opens one as a PDF.
 */

type PanelRef = ActorRefFrom<typeof editablePanelMachine>;
export type RecordPanelRefs = { [K in keyof RecordPanelValues]: PanelRef | null };

export interface UserRecordInput {
  /** The :id of /admin/users/:id, or the signed-in user's own id on My profile; null when not a number. */
  userId: number | null;
  /** User detail (the administrator) shows the Payslips section; My profile does not (staff have My Payslips). */
  withPayslips?: boolean;
  /** User detail (the administrator) shows a staff member's Opening balances (issue 38); My profile does not. */
  withOpeningBalances?: boolean;
}

export interface UserRecordContext {
  userId: number | null;
  withPayslips: boolean;
  withOpeningBalances: boolean;
  /** The user's fetch (GET /users/{id} with the leave types and allowances): its spinner, failure and Try again. */
  record: LoadActorRef;
  user: UserDetail | null;
  /** Every leave type, and this year's allowances of the user (the Leave Allowance tab). */
  leaveTypes: LeaveTypeRef[];
  allowances: LeaveAllowanceRow[];
  /** Why the last delete was refused (the server's message), shown on the page. */
  deleteError: ApiError | null;
  /** The panels, once the user is loaded. */
  panels: RecordPanelRefs | null;
  /** The user's leave (requests and balance), once the user is loaded. */
  leave: ActorRefFrom<typeof userLeaveMachine> | null;
  /** The user's processed payslips, newest first, once the user is loaded (user detail only). */
  payslips: ActorRefFrom<typeof listMachine> | null;
  /** The staff member's Opening balances, once the user is loaded (user detail only). */
  opening: ActorRefFrom<typeof openingBalancesMachine> | null;
  /** The payslip whose PDF is being fetched: its View payslip reads 'Processing...' (spec section 8). */
  viewing: number | null;
}

export interface UserRecordData {
  user: UserDetail;
  leaveTypes: LeaveTypeRef[];
  allowances: LeaveAllowanceRow[];
}

export type UserRecordEvent =
  | { type: 'record.loaded'; data: UserRecordData }
  | { type: 'record.failed'; error: ApiError }
  | { type: 'panel.saved'; kind: RecordPanelKind; values: PanelValues }
  | { type: 'userRecord.delete' }
  | { type: 'userRecord.cancelDelete' }
  | { type: 'userRecord.confirmDelete' }
  | { type: 'payslip.view'; payslipId: number };

export const userRecordMachine = setup({
  types: {
    context: {} as UserRecordContext,
    events: {} as UserRecordEvent,
    input: {} as UserRecordInput,
  },
  actors: {
    record: loadMachine,
    /** Hears the user's fetch and passes its outcome to this machine. */
    recordNews: childNews<{ record: LoadActorRef }>((input, tell) =>
      loadNews<UserRecordData>(input.record, {
        loaded: (data) => tell({ type: 'record.loaded', data }),
        failed: (error) => tell({ type: 'record.failed', error }),
      }),
    ),
    deleteUser: fromPromise<void, { userId: number }>(notProvided('user-record', 'deleteUser')),
    payslips: listMachine,
    openingBalances: openingBalancesMachine,
    /** The payslip's PDF into a tab opened on the click (a tab opened later is a blocked pop-up). */
    openPayslipPdf: fromPromise<void, { payslipId: number }>(notProvided('user-record', 'openPayslipPdf')),
    /** GET /users/{id}/leave-entitlements (issue 17): the policy's days and the law's minimum per type. */
    loadEntitlements: fromPromise<LeaveEntitlement[], { userId: number }>(
      notProvided('user-record', 'loadEntitlements'),
    ),
    // Each record panel is the one panel flow, given its kind's form here (machines/record-panel-forms.ts).
    profilePanel: recordPanels.profile,
    staffInfoPanel: recordPanels.staffInfo,
    employmentInfoPanel: recordPanels.employmentInfo,
    paymentInfoPanel: recordPanels.paymentInfo,
    leaveAllowancePanel: recordPanels.leaveAllowance,
    leave: userLeaveMachine,
    /** Hears the panels' saves (each emits its own) and passes them to this machine. */
    panelSaves: childNews<{ panels: RecordPanelRefs | null }>((input, tell) =>
      Object.values(input.panels ?? {}).map((panel: PanelRef | null) =>
        panel?.on('panel.saved', ({ kind, values }) => {
          if (kind !== 'paymentSnapshot') tell({ type: 'panel.saved', kind, values });
        }),
      ),
    ),
  },
  actions: {
    notify: notProvided('user-record', 'notify') as (_: unknown, params: ToastParams) => void,
    navigate: notProvided('user-record', 'navigate') as (_: unknown, params: { to: string }) => void,
    /**
     * The loaded user, a panel per record that exists (the payment panel follows the birth date) and the
     * user's leave. Spawned when the user arrives, by id only (see docs/guides/build-a-screen.md on systemIds).
     */
    showUser: assign(({ context, spawn }, data: UserRecordData) => {
      const values = recordPanelValues(data.user, data.leaveTypes, data.allowances);
      const subject = { user: data.user };
      const dateOfBirth = data.user.staffInfo?.dateOfBirth ?? null;
      const panel = (kind: RecordPanelKind) => {
        const first = values[kind];
        return first
          ? spawn(`${kind}Panel` as 'profilePanel', {
              id: kind,
              input: { kind, values: first, subject, dateOfBirth },
            })
          : null;
      };
      return {
        ...data,
        leave: spawn('leave', {
          id: 'leave',
          // Both screens show the Leave Balance table under the requests (spec section 2).
          input: { userId: data.user.id, requests: { query: { pageSize: LEAVE_PAGE_SIZE } } },
        }),
        payslips: context.withPayslips
          ? spawn('payslips', { id: 'payslips', input: { query: payslipsOfUser(data.user.id) } })
          : null,
        // Opening balances are kept for staff only (the API refuses an administrator's).
        opening:
          context.withOpeningBalances && data.user.role === 'STAFF'
            ? spawn('openingBalances', {
                id: 'openingBalances',
                input: {
                  userId: data.user.id,
                  year: Number(todayIso().slice(0, 4)),
                  leaveTypes: data.leaveTypes,
                },
              })
            : null,
        panels: {
          profile: panel('profile'),
          staffInfo: panel('staffInfo'),
          employmentInfo: panel('employmentInfo'),
          paymentInfo: panel('paymentInfo'),
          leaveAllowance: panel('leaveAllowance'),
        },
      };
    }),
  },
  guards: {
    isSavedPanel: ({ event }, kind: RecordPanelKind) => event.type === 'panel.saved' && event.kind === kind,
    /** The server answered that there is no such user (404), as against failing to answer. */
    isNotFound: ({ event }) => event.type === 'record.failed' && event.error.statusCode === 404,
  },
}).createMachine({
  id: 'userRecord',
  description: 'User detail (/admin/users/:id) and My profile (/staff/profile): the user, and Delete User.',
  context: ({ input, spawn }) => ({
    userId: input.userId,
    withPayslips: input.withPayslips ?? false,
    withOpeningBalances: input.withOpeningBalances ?? false,
    record: spawn('record', { id: 'record', systemId: 'userRecordLoad', input: { query: input.userId } }),
    user: null,
    leaveTypes: [],
    allowances: [],
    deleteError: null,
    panels: null,
    leave: null,
    payslips: null,
    opening: null,
    viewing: null,
  }),
  initial: 'fetching',
  states: {
    fetching: {
      description:
        'GET /users/{id}, the leave types and the allowances are on their way: the load shows a spinner, or its failure with Try again.',
      invoke: { src: 'recordNews', input: ({ context }) => ({ record: context.record }) },
      on: {
        'record.loaded': {
          target: 'loaded',
          description: 'The user arrived: the panels and the leave are made from it.',
          actions: { type: 'showUser', params: ({ event }) => event.data },
        },
        'record.failed': {
          guard: 'isNotFound',
          target: 'notFound',
          description:
            "No such user (404): a final answer, not one to try again. Other failures stay with the load's Try again.",
        },
      },
    },
    notFound: {
      description: 'No such user: a message and the way back.',
      type: 'final',
    },
    loaded: {
      description: 'The user with the four tabs, the leave panels and (user detail) the payslips.',
      invoke: [
        { id: 'panelSaves', src: 'panelSaves', input: ({ context }) => ({ panels: context.panels }) },
        {
          id: 'loadEntitlements',
          src: 'loadEntitlements',
          input: ({ context }) => ({ userId: context.user?.id ?? 0 }),
          onDone: {
            description: 'The entitlements prefill the Leave Allowance panel and set its warnings.',
            actions: enqueueActions(({ context, event, enqueue }) => {
              const panel = context.panels?.leaveAllowance;
              if (!panel) return;
              enqueue.sendTo(panel, { type: 'panel.prefill', ...allowancesFromEntitlements(event.output) });
            }),
          },
          onError: { description: 'Not available: the panel shows what is stored, without suggestions.' },
        },
      ],
      on: {
        'panel.saved': [
          {
            guard: { type: 'isSavedPanel', params: 'profile' },
            description: 'Profile saved: the header shows the new name and e-mail.',
            actions: assign({
              user: ({ context, event }) =>
                context.user && {
                  ...context.user,
                  fullName: event.values.fullName ?? context.user.fullName,
                  email: event.values.email ?? context.user.email,
                },
            }),
          },
          {
            guard: { type: 'isSavedPanel', params: 'employmentInfo' },
            description: 'Employment saved: the badge shows the new employment status.',
            actions: assign({
              user: ({ context, event }) =>
                context.user?.employmentInfo
                  ? {
                      ...context.user,
                      employmentInfo: {
                        ...context.user.employmentInfo,
                        employmentStatus:
                          EMPLOYMENT_STATUSES.find((status) => status === event.values.employmentStatus) ??
                          context.user.employmentInfo.employmentStatus,
                      },
                    }
                  : context.user,
            }),
          },
          {
            guard: { type: 'isSavedPanel', params: 'leaveAllowance' },
            description: 'Allowances saved: the Leave Balance table fetches the new totals.',
            actions: sendTo(({ context }) => context.leave as NonNullable<typeof context.leave>, {
              type: 'allowances.changed',
            }),
          },
        ],
      },
      initial: 'idle',
      states: {
        idle: {
          description: "Delete User is in the action menu (admin); each payslip's View payslip.",
          on: {
            'userRecord.delete': 'confirmingDelete',
            'payslip.view': {
              target: 'openingPayslip',
              description: 'View payslip: the PDF in a new tab, opened on the click.',
              actions: assign({ viewing: ({ event }) => event.payslipId }),
            },
          },
        },
        openingPayslip: {
          description:
            "The payslip's PDF is fetched into the tab opened on the click; View payslip reads 'Processing...'.",
          invoke: {
            id: 'openPayslipPdf',
            src: 'openPayslipPdf',
            input: ({ context }) => ({ payslipId: context.viewing ?? 0 }),
            onDone: {
              target: 'idle',
              description: 'The PDF shows in the new tab (its link is released after 60 s).',
              actions: assign({ viewing: null }),
            },
            onError: {
              target: 'idle',
              description: "'Error retrieving payslip'; the tab opened for it closes.",
              actions: [{ type: 'notify', params: payrollToasts.pdfFailed }, assign({ viewing: null })],
            },
          },
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
                  params: ({ context }) => staffToasts.deleted(context.user?.fullName ?? 'The user'),
                },
                { type: 'navigate', params: { to: '/admin/users' } },
              ],
            },
            onError: {
              target: 'idle',
              description: 'Refused (processed payslips, for one): the user stays and the reason shows.',
              actions: [
                assign({ deleteError: ({ event }) => toApiError(event.error) }),
                { type: 'notify', params: staffToasts.deleteFailed },
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
