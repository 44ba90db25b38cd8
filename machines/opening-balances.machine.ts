import { type ActorRefFrom, assign, fromPromise, sendTo, setup, stopChild } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { openingBalanceToasts } from '../src/domain/messages/staff';
import type { LeaveTypeRef } from '../src/domain/onboarding';
import {
  type OpeningLeave,
  type OpeningYtd,
  openingLeaveFormValues,
  openingYtdFormValues,
} from '../src/domain/opening-balances';
import type { editablePanelMachine } from './editable-panel.machine';
import { childNews, notProvided, type ToastParams } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';
import { openingLeavePanelForm, openingYtdPanelForm, panelWith } from './record-panel-forms';

/**
 * User detail's Opening balances (issue 38 item 6; the API in src/server/routes/opening-balances.ts): for
 * a chosen year, the year so far paid before the company used the product and the leave days taken
 * before, each the one editable panel (decision 0012), and Remove of the year so far after asking.
 * Another year fetches both again and makes the panels anew from what is stored.
 */

type PanelRef = ActorRefFrom<typeof editablePanelMachine>;

/** What the load answers for a user and year: the opening (null when none is recorded) and the leave days. */
export interface OpeningBalancesData {
  ytd: OpeningYtd | null;
  leave: OpeningLeave;
}

export interface OpeningBalancesQuery {
  userId: number;
  year: number;
}

export interface OpeningBalancesInput {
  userId: number;
  /** The year shown first: this year (Asia/Singapore). */
  year: number;
  /** Every leave type: the leave panel has a field for each. */
  leaveTypes: LeaveTypeRef[];
}

export interface OpeningBalancesContext {
  userId: number;
  year: number;
  /** The years offered: the first year shown and the two before it (a company starts mid-year, or late in one). */
  years: number[];
  leaveTypes: LeaveTypeRef[];
  /** The year's fetch: its spinner, failure and Try again. */
  load: LoadActorRef;
  /** An opening year to date is recorded for the year: Remove is offered. */
  recorded: boolean;
  ytdPanel: PanelRef | null;
  leavePanel: PanelRef | null;
  /** Why the last Remove was refused (the server's message), shown beside Remove. */
  removeError: ApiError | null;
}

export type OpeningBalancesEvent =
  | { type: 'openingBalances.loaded'; data: OpeningBalancesData }
  | { type: 'openingBalances.changeYear'; year: number }
  | { type: 'openingBalances.remove' }
  | { type: 'openingBalances.cancelRemove' }
  | { type: 'openingBalances.confirmRemove' }
  | { type: 'openingBalances.ytdSaved' };

export const openingBalancesMachine = setup({
  types: {
    context: {} as OpeningBalancesContext,
    events: {} as OpeningBalancesEvent,
    input: {} as OpeningBalancesInput,
  },
  actors: {
    load: loadMachine,
    /** Hears the year's fetch and passes what it answered to this machine. */
    loadNews: childNews<{ load: LoadActorRef }>((input, tell) =>
      loadNews<OpeningBalancesData>(input.load, {
        loaded: (data) => tell({ type: 'openingBalances.loaded', data }),
      }),
    ),
    ytdPanel: panelWith(openingYtdPanelForm),
    leavePanel: panelWith(openingLeavePanelForm),
    /** Hears the year-so-far panel's save: Remove is offered from then on. */
    ytdSaves: childNews<{ panel: PanelRef | null }>((input, tell) => [
      input.panel?.on('panel.saved', () => tell({ type: 'openingBalances.ytdSaved' })),
    ]),
    /** DELETE /users/{id}/opening-ytd?year. */
    removeOpening: fromPromise<void, OpeningBalancesQuery>(notProvided('opening-balances', 'removeOpening')),
  },
  actions: {
    notify: notProvided('opening-balances', 'notify') as (_: unknown, params: ToastParams) => void,
    /** The year's panels from what is stored, spawned by id (docs/guides/build-a-screen.md). */
    showOpening: assign(({ context, spawn }, data: OpeningBalancesData) => {
      const subject = { opening: { userId: context.userId, year: context.year } };
      return {
        recorded: data.ytd !== null,
        ytdPanel: spawn('ytdPanel', {
          id: 'openingYtd',
          input: { kind: 'openingYtd', values: openingYtdFormValues(data.ytd), subject },
        }),
        leavePanel: spawn('leavePanel', {
          id: 'openingLeave',
          input: {
            kind: 'openingLeave',
            values: openingLeaveFormValues(data.leave, context.leaveTypes),
            subject,
          },
        }),
      };
    }),
  },
}).createMachine({
  id: 'openingBalances',
  description:
    "User detail's Opening balances (ADMIN): a year's year so far and leave days taken before, each editable, and Remove.",
  context: ({ input, spawn }) => ({
    userId: input.userId,
    year: input.year,
    years: [input.year, input.year - 1, input.year - 2],
    leaveTypes: input.leaveTypes,
    load: spawn('load', {
      id: 'load',
      systemId: 'openingBalancesLoad',
      input: { query: { userId: input.userId, year: input.year } satisfies OpeningBalancesQuery },
    }),
    recorded: false,
    ytdPanel: null,
    leavePanel: null,
    removeError: null,
  }),
  on: {
    'openingBalances.changeYear': {
      target: '.loading',
      description: 'Another year: both are fetched for it, and what showed (an edit too) was the old year’s.',
      actions: [
        assign({ year: ({ event }) => event.year, removeError: null }),
        sendTo(
          ({ context }) => context.load,
          ({ context }) => ({
            type: 'load.change' as const,
            query: { userId: context.userId, year: context.year } satisfies OpeningBalancesQuery,
          }),
        ),
      ],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description:
        'GET opening-ytd (404: none recorded) and opening-leave for the year: a spinner, or the failure with Try again.',
      invoke: { src: 'loadNews', input: ({ context }) => ({ load: context.load }) },
      on: {
        'openingBalances.loaded': {
          target: 'ready',
          description: 'The year arrived: its two panels are made from what is stored.',
          actions: { type: 'showOpening', params: ({ event }) => event.data },
        },
      },
    },
    ready: {
      description: 'The two panels, read-only or editing; Remove while a year so far is recorded.',
      exit: [
        stopChild('openingYtd'),
        stopChild('openingLeave'),
        assign({ ytdPanel: null, leavePanel: null }),
      ],
      invoke: { src: 'ytdSaves', input: ({ context }) => ({ panel: context.ytdPanel }) },
      on: {
        'openingBalances.ytdSaved': {
          description: 'The year so far was saved: it is recorded, and Remove is offered.',
          actions: assign({ recorded: true, removeError: null }),
        },
      },
      initial: 'idle',
      states: {
        idle: {
          description: 'Remove asks first.',
          on: { 'openingBalances.remove': 'confirmingRemove' },
        },
        confirmingRemove: {
          description: 'Remove the year so far? with Cancel and Remove.',
          on: {
            'openingBalances.cancelRemove': 'idle',
            'openingBalances.confirmRemove': 'removing',
          },
        },
        removing: {
          description: 'DELETE /users/{id}/opening-ytd?year is in flight.',
          invoke: {
            src: 'removeOpening',
            input: ({ context }) => ({ userId: context.userId, year: context.year }),
            onDone: {
              target: '#openingBalances.loading',
              description: 'Removed: the year is fetched again, with no year so far recorded.',
              actions: [
                { type: 'notify', params: openingBalanceToasts.removed },
                assign({ removeError: null }),
                sendTo(({ context }) => context.load, { type: 'load.reload' }),
              ],
            },
            onError: {
              target: 'idle',
              description: 'Refused (a month of the year is processed): the reason shows beside Remove.',
              actions: [
                assign({ removeError: ({ event }) => toApiError(event.error) }),
                {
                  type: 'notify',
                  params: ({ event }) => openingBalanceToasts.removeFailed(toApiError(event.error)),
                },
              ],
            },
          },
        },
      },
    },
  },
});

export type OpeningBalancesRef = ActorRefFrom<typeof openingBalancesMachine>;
