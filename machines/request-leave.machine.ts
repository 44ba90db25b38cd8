import {
  type ActorRefFrom,
  type AnyActorRef,
  assign,
  type EventObject,
  enqueueActions,
  fromCallback,
  type SnapshotFrom,
  sendTo,
  setup,
} from 'xstate';
import type { ApiError } from '../src/domain/auth';
import { todayIso } from '../src/domain/dates';
import type { LeaveBalance, LeaveRequest, LeaveType } from '../src/domain/leave';
import {
  type BalanceOutlook,
  balanceOutlook,
  balanceYearsOf,
  type HolidaysByYear,
  previewLeaveDays,
  REQUEST_LEAVE_INITIAL_VALUES,
  type RequestLeaveData,
  type RequestLeaveFormValues,
  requestLeaveFormSchema,
} from '../src/domain/leave-form';
import { holidayToasts } from '../src/domain/messages/holidays';
import { leaveToasts } from '../src/domain/messages/leave';
import { childNews, notProvided, type ToastParams } from './effects';
import { createFormMachine, type FormInput } from './form';
import { formDialogMachine } from './form-dialog.machine';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/** Who the request is for (oneself, or the user an administrator is looking at) and the leave types. */
export interface RequestLeaveParams {
  userId: number;
  leaveTypes: LeaveType[];
}

/**
 * What the form is given besides: the public holidays its days count with (by year), and the chosen
 * supporting document, which its request uploads first.
 */
export interface RequestLeaveFormParams extends RequestLeaveParams {
  holidays: HolidaysByYear;
  attachment: File | null;
}

/**
 * The Request for Leave form (spec section 2): leave type, start and end with AM/PM, the days (computed),
 * reason and the chosen document's name. The flow below gives it the holidays and the document. Its request
 * uploads a chosen document first (the upload grant, then the PUT), then makes POST /leave-requests.
 */
export const requestLeaveFormMachine = createFormMachine<
  RequestLeaveFormValues,
  RequestLeaveData,
  LeaveRequest,
  RequestLeaveFormParams
>({
  id: 'requestLeaveForm',
  description:
    'The Request for Leave form: type, dates with AM/PM, the days recomputed on every change, reason and a supporting document.',
  initialValues: REQUEST_LEAVE_INITIAL_VALUES,
  schema: requestLeaveFormSchema,
  // The days count the way the server counts them: with the public holidays it keeps (given by the flow).
  derive: (values, params) => ({ days: previewLeaveDays(values, params.leaveTypes, params.holidays) }),
  request: {
    id: 'createLeaveRequest',
    description:
      'A chosen document goes up first (the upload grant, then the PUT), then POST /leave-requests; the button shows its spinner and the dialog cannot close.',
  },
  successToast: () => leaveToasts.created,
  failureToast: leaveToasts.createFailed,
  afterSuccess: {
    description: 'Created: the dialog closes, and the lists and balance that show it reload.',
  },
});

/** What the holidays actor hears after every change of the form's values. */
export interface ValuesEvent {
  type: 'values';
  values: RequestLeaveFormValues;
}

/** What the balance load asks: the person's balances (every leave type) of each of these years. */
export interface BalanceQuery {
  userId: number;
  years: number[];
}

export type RequestLeaveEvent =
  /** The form's values changed (its watcher tells). */
  | { type: 'form.changed'; values: RequestLeaveFormValues }
  /** The form's request went out, or came back refused (its watcher tells). */
  | { type: 'form.busy' }
  | { type: 'form.idle' }
  /** The holidays actor's answers: a year's dates, or the years that could not be loaded and why. */
  | { type: 'holidays.loaded'; holidays: HolidaysByYear }
  | { type: 'holidays.failed'; years: string[]; error: ApiError }
  /** The balance load answered (every leave type of the years asked). */
  | { type: 'balance.loaded'; balances: LeaveBalance[] }
  /** The drop zone: a document was chosen, or refused (type, size, count) with the spec's message. */
  | { type: 'file.select'; file: File }
  | { type: 'file.reject'; message: string }
  | { type: 'xstate.done.actor.form'; output: LeaveRequest };

export interface RequestLeaveContext {
  params: RequestLeaveParams;
  /** The form it holds (the view binds it), made with the flow. */
  form: ActorRefFrom<typeof requestLeaveFormMachine>;
  /** The chosen document (its name is the form's `file` value), until refused or another is chosen. */
  file: File | null;
  /** The public holidays loaded so far, by year (null: that year could not be loaded). */
  holidays: HolidaysByYear;
  /** The form's values as last told: the balance beside the Leave Type follows them. */
  values: RequestLeaveFormValues;
  /** The day the dialog opened: its year's balance shows until a date is chosen. */
  today: string;
  /** The balance of the dates' years (its skeleton, failure and Try again show beside the Leave Type). */
  balance: LoadActorRef;
  /** The years it was asked for last, and its answer (every leave type of those years). */
  balanceYears: number[];
  balances: LeaveBalance[];
  result: LeaveRequest | null;
}

/** Tells the flow what the form it holds does: its values as they change, and its request out or back. */
const watchForm = fromCallback<EventObject, { form: AnyActorRef }>(({ input, sendBack }) => {
  let values: unknown = null;
  let busy = false;
  const tell = (snapshot: {
    context: { values: RequestLeaveFormValues };
    status: string;
    hasTag: (tag: string) => boolean;
  }) => {
    if (snapshot.status !== 'active') return;
    if (snapshot.context.values !== values) {
      values = snapshot.context.values;
      sendBack({ type: 'form.changed', values: snapshot.context.values });
    }
    if (snapshot.hasTag('busy') !== busy) {
      busy = !busy;
      sendBack({ type: busy ? 'form.busy' : 'form.idle' });
    }
  };
  tell(input.form.getSnapshot());
  const subscription = input.form.subscribe(tell);
  return () => subscription.unsubscribe();
});

/**
 * The Request for Leave dialog's flow around its form (decision 0012): the form edits and sends; this flow
 * gives it the public holidays of the chosen dates' years (loaded once per year, GET /public-holidays?year,
 * by its `holidays` actor; a year that cannot be loaded toasts and counts with the gazetted holidays) and
 * the document the drop zone chose, whose name is the form's `file` value and which the form's request
 * uploads first; a refused document leaves the field empty with the spec's message. Beside the Leave Type
 * it shows the chosen type's balance for the dates' years (its `balance` load, GET
 * /users/{id}/leave-balances?year, asked again when the dates move to other years) and what this request
 * would leave of it (`leaveBalanceOutlook`), so staff see before sending whether Unpaid Leave is needed.
 * A success finishes the flow with the new request; a failure keeps the dialog open with the toast.
 */
export const requestLeaveMachine = setup({
  types: {
    context: {} as RequestLeaveContext,
    events: {} as RequestLeaveEvent,
    input: {} as FormInput<RequestLeaveParams>,
    output: {} as LeaveRequest,
  },
  actors: {
    form: requestLeaveFormMachine,
    watchForm,
    holidays: fromCallback<ValuesEvent, { leaveTypes: LeaveType[] }>(notProvided('requestLeave', 'holidays')),
    balance: loadMachine,
    /** Hears the balance load and passes its answers to this flow. */
    balanceNews: childNews<{ balance: LoadActorRef }>((input, tell) =>
      loadNews<LeaveBalance[]>(input.balance, {
        loaded: (balances) => tell({ type: 'balance.loaded', balances }),
      }),
    ),
  },
  actions: {
    notify: notProvided('requestLeave', 'notify') as (_: unknown, params: ToastParams) => void,
  },
}).createMachine({
  id: 'requestLeave',
  description:
    'The Request for Leave dialog around its form: the holidays the days count with, the balance of the chosen type, and the chosen supporting document.',
  context: ({ input, spawn }) => {
    // Before any date is chosen, this year's balance (the clock's, in Singapore).
    const today = todayIso();
    const balanceYears = balanceYearsOf(REQUEST_LEAVE_INITIAL_VALUES, today);
    const query: BalanceQuery = { userId: input.params.userId, years: balanceYears };
    return {
      params: input.params,
      form: spawn('form', {
        id: 'form',
        input: { ...input, params: { ...input.params, holidays: {}, attachment: null } },
      }),
      file: null,
      holidays: {},
      values: REQUEST_LEAVE_INITIAL_VALUES,
      today,
      balance: spawn('balance', { id: 'balance', input: { query } }),
      balanceYears,
      balances: [],
      result: null,
    };
  },
  invoke: [
    { id: 'watchForm', src: 'watchForm', input: ({ context }) => ({ form: context.form }) },
    { id: 'holidays', src: 'holidays', input: ({ context }) => ({ leaveTypes: context.params.leaveTypes }) },
    { id: 'balanceNews', src: 'balanceNews', input: ({ context }) => ({ balance: context.balance }) },
  ],
  on: {
    'form.changed': {
      description:
        'The form changed: the holidays actor hears its dates, and loads a year they need once; dates in other years ask the balance of those years.',
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.sendTo('holidays', { type: 'values' as const, values: event.values });
        const years = balanceYearsOf(event.values, context.today);
        enqueue.assign({ values: event.values, balanceYears: years });
        if (years.join() !== context.balanceYears.join()) {
          const query: BalanceQuery = { userId: context.params.userId, years };
          enqueue.sendTo(context.balance, { type: 'load.change', query });
        }
      }),
    },
    'balance.loaded': {
      description:
        "The balances arrived: beside the Leave Type, the chosen type's balance and what this request would leave of it.",
      actions: assign({ balances: ({ event }) => event.balances }),
    },
    'holidays.loaded': {
      description: "A year's public holidays arrived: the form counts its days with them.",
      actions: [
        assign({ holidays: ({ context, event }) => ({ ...context.holidays, ...event.holidays }) }),
        sendTo('form', ({ context }) => ({ type: 'form.given', params: { holidays: context.holidays } })),
      ],
    },
    'holidays.failed': {
      description:
        "A year's public holidays could not be fetched: its toast shows, and the days count with the gazetted holidays.",
      actions: enqueueActions(({ context, event, enqueue }) => {
        const holidays = {
          ...context.holidays,
          ...Object.fromEntries(event.years.map((year) => [year, null])),
        };
        enqueue.assign({ holidays });
        enqueue({ type: 'notify', params: holidayToasts.loadFailed(event.error) });
        enqueue.sendTo('form', { type: 'form.given', params: { holidays } });
      }),
    },
  },
  initial: 'editing',
  output: ({ context }) => context.result as LeaveRequest,
  states: {
    editing: {
      description: 'The user fills in the form and may choose, or drop, a supporting document.',
      on: {
        'file.select': {
          description:
            "A document is chosen: the form's request will upload it, and its name shows in the form's field.",
          actions: [
            assign({ file: ({ event }) => event.file }),
            sendTo('form', ({ event }) => ({ type: 'form.given', params: { attachment: event.file } })),
            sendTo('form', ({ event }) => ({ type: 'field.change', name: 'file', value: event.file.name })),
          ],
        },
        'file.reject': {
          description:
            'The drop zone refused the document (type, size, count): none is chosen, its message shows.',
          actions: [
            assign({ file: null }),
            sendTo('form', { type: 'form.given', params: { attachment: null } }),
            sendTo('form', ({ event }) => ({ type: 'field.refuse', name: 'file', message: event.message })),
          ],
        },
        'form.busy': { target: 'sending', description: "The form's request went out (any document first)." },
      },
    },
    sending: {
      description:
        'The document goes up, then the request, while the dialog cannot close and no document is chosen.',
      tags: ['busy'],
      on: {
        'form.idle': { target: 'editing', description: 'The request was refused: the form shows why.' },
        'xstate.done.actor.form': {
          target: 'sent',
          description: 'The form was sent and answered: the flow ends with the new request.',
          actions: assign({ result: ({ event }) => event.output }),
        },
      },
    },
    sent: { type: 'final', description: 'Created, and whoever holds the dialog reloads what shows it.' },
  },
});

/**
 * The chosen leave type's balance for the years of the dates, and what this request would leave of it,
 * counted with the holidays the form's days count with; empty until a type is chosen and its balance is in.
 */
export const leaveBalanceOutlook = ({
  context,
}: SnapshotFrom<typeof requestLeaveMachine>): BalanceOutlook[] =>
  balanceOutlook(
    context.values,
    context.params.leaveTypes,
    context.holidays,
    context.balances,
    context.balanceYears,
  );

/** The dialog around it (machines/form-dialog.machine.ts): a fresh flow and form on every opening. */
export const requestLeaveDialogMachine = formDialogMachine.provide({ actors: { form: requestLeaveMachine } });
