import { type ActorRefFrom, assign, sendTo, setup, stopChild } from 'xstate';
import type { LeaveRequest, LeaveType } from '../src/domain/leave';
import { leaveBalanceQuery } from '../src/domain/leave-balance';
import { leaveToasts } from '../src/domain/messages/leave';
import { childNews, notProvided, type ToastParams } from './effects';
import { type LeaveCalendarInput, leaveCalendarMachine } from './leave-calendar.machine';
import { leaveOverviewMachine } from './leave-overview.machine';
import { leaveRequestDetailsMachine } from './leave-request-details.machine';
import { type ListInput, listMachine, listToasts } from './list.machine';
import { requestLeaveDialogMachine } from './request-leave.machine';

/**
 * One person's leave as the staff dashboard, My profile and user detail show it (spec section 2): the
 * requests (7 a page), their stat cards and leave types, the details panel, the Request for Leave dialog and
 * the Leave Balance table (on the staff dashboard too, issue 34). This machine spawns them and routes what
 * one does to the others, so the balance and the counts always follow the requests: a request created,
 * deleted from its row or deleted from its panel reloads every part the screen shows, and the next Request
 * for Leave starts empty. A Leave Balance that cannot be fetched is also said in a toast (spec section 8);
 * the table offers Try again. On the staff dashboard it also spawns the calendar of the person's own
 * requests (an entry opens the same details panel), which follows the requests too.
 */
export interface UserLeaveInput {
  userId: number;
  /** The requests list's first query (7 a page). */
  requests: ListInput;
  /** The month the calendar of one's own requests opens on (the staff dashboard); none elsewhere. */
  calendar?: LeaveCalendarInput;
}

type Children = {
  requests: ActorRefFrom<typeof listMachine>;
  /** The Leave Balance table: this year's balance per leave type. */
  balances: ActorRefFrom<typeof listMachine>;
  overview: ActorRefFrom<typeof leaveOverviewMachine>;
  details: ActorRefFrom<typeof leaveRequestDetailsMachine>;
  requestLeave: ActorRefFrom<typeof requestLeaveDialogMachine>;
};

export interface UserLeaveContext extends Children {
  userId: number;
  /** The calendar of the person's requests, where the screen shows one (the staff dashboard). */
  calendar: ActorRefFrom<typeof leaveCalendarMachine> | null;
  /** The leave types as last fetched with the counts: the dialog's choices. */
  leaveTypes: LeaveType[];
}

export type UserLeaveEvent =
  | { type: 'overview.loaded'; types: LeaveType[] }
  | { type: 'requests.removed' }
  | { type: 'details.changed' }
  /** The allowances were saved elsewhere on the screen (user detail's Leave Allowance tab). */
  | { type: 'allowances.changed' }
  /** The Leave Balance table's fetch failed. */
  | { type: 'balances.failed' }
  | { type: 'xstate.done.actor.requestLeave' };

type Listened = Pick<UserLeaveContext, 'requests' | 'balances' | 'overview' | 'details'>;

/** Delete Request on a row of the requests (spec section 8). */
const requestRemovalToasts = listToasts<LeaveRequest>({
  removed: () => leaveToasts.deleted,
  removeFailed: (_request, error) => leaveToasts.refused(error),
});

export const userLeaveMachine = setup({
  types: {
    input: {} as UserLeaveInput,
    context: {} as UserLeaveContext,
    events: {} as UserLeaveEvent,
  },
  actors: {
    requests: listMachine,
    balances: listMachine,
    overview: leaveOverviewMachine,
    details: leaveRequestDetailsMachine,
    requestLeave: requestLeaveDialogMachine,
    calendar: leaveCalendarMachine,
    /** Hears what the children tell (they emit it) and passes it to this machine. */
    childNews: childNews<Listened>((input, tell) => [
      input.overview.on('overview.loaded', ({ types }) => tell({ type: 'overview.loaded', types })),
      input.requests.on('list.removed', () => tell({ type: 'requests.removed' })),
      input.details.on('leaveRequest.changed', () => tell({ type: 'details.changed' })),
      input.balances.on('list.failed', () => tell({ type: 'balances.failed' })),
    ]),
  },
  actions: {
    notify: notProvided('userLeave', 'notify') as (_: unknown, params: ToastParams) => void,
    /** The balance, the counts and the calendar (where there is one). */
    reloadBalanceCountsAndCalendar: ({ context }) => {
      context.balances.send({ type: 'list.reload' });
      context.overview.send({ type: 'load.reload' });
      context.calendar?.send({ type: 'load.reload' });
    },
    reloadBalance: ({ context }) => context.balances.send({ type: 'list.reload' }),
    restartRequests: sendTo(({ context }) => context.requests, { type: 'list.reset' }),
    /**
     * A fresh, closed Request for Leave dialog with the current leave types. The dialog is made again after
     * each request, so it has no systemId (that names one actor for the life of the system).
     */
    newRequestDialog: assign({
      requestLeave: ({ context, spawn }) =>
        spawn('requestLeave', {
          id: 'requestLeave',
          input: { params: { userId: context.userId, leaveTypes: context.leaveTypes } },
        }),
    }),
  },
}).createMachine({
  id: 'userLeave',
  description:
    "One person's leave: requests, counts, details panel, the Request for Leave dialog and the balance.",
  context: ({ spawn, input }) => ({
    userId: input.userId,
    leaveTypes: [],
    requests: spawn('requests', {
      id: 'requests',
      systemId: 'leaveRequests',
      input: { ...input.requests, toasts: requestRemovalToasts },
    }),
    balances: spawn('balances', {
      id: 'balances',
      systemId: 'leaveBalances',
      input: { query: leaveBalanceQuery(input.userId) },
    }),
    overview: spawn('overview', { id: 'overview', systemId: 'leaveOverview' }),
    details: spawn('details', { id: 'details', systemId: 'leaveRequestDetails' }),
    requestLeave: spawn('requestLeave', {
      id: 'requestLeave',
      input: { params: { userId: input.userId, leaveTypes: [] } },
    }),
    calendar: input.calendar
      ? spawn('calendar', { id: 'calendar', systemId: 'leaveCalendar', input: input.calendar })
      : null,
  }),
  invoke: {
    id: 'childNews',
    src: 'childNews',
    input: ({ context }) => ({
      requests: context.requests,
      balances: context.balances,
      overview: context.overview,
      details: context.details,
    }),
  },
  on: {
    'requests.removed': {
      description: "Delete Request in a row's menu: the balance and the counts follow.",
      actions: 'reloadBalanceCountsAndCalendar',
    },
    'details.changed': {
      description:
        'Delete or Withdraw leave in the details panel: the list starts over; the balance, the counts and the calendar follow.',
      actions: ['restartRequests', 'reloadBalanceCountsAndCalendar'],
    },
    'allowances.changed': {
      description: 'New allowances: the Leave Balance table fetches the new totals.',
      actions: 'reloadBalance',
    },
    'balances.failed': {
      description:
        "The Leave Balance table could not be fetched: a toast says so (spec section 8); the table's Try again stays.",
      actions: { type: 'notify', params: leaveToasts.balanceFailed },
    },
    'xstate.done.actor.requestLeave': {
      description:
        'A request was created: the list starts over, the balance and the counts follow, and the next dialog starts empty.',
      actions: [
        'restartRequests',
        'reloadBalanceCountsAndCalendar',
        stopChild(({ context }) => context.requestLeave),
        'newRequestDialog',
      ],
    },
  },
  initial: 'awaitingLeaveTypes',
  states: {
    awaitingLeaveTypes: {
      description: 'The leave types are on their way with the counts; the dialog has no choices yet.',
      on: {
        'overview.loaded': {
          target: 'showing',
          description: 'The leave types arrived: the dialog is made again with them as its choices.',
          actions: [
            assign({ leaveTypes: ({ event }) => event.types }),
            stopChild(({ context }) => context.requestLeave),
            'newRequestDialog',
          ],
        },
      },
    },
    showing: {
      description:
        'Everything shows; the parts run on their own and this machine routes between them (later reloads of the counts bring the same leave types).',
    },
  },
});
