import { fromCallback, fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { leaveRequestDetailsMachine } from '../../machines/leave-request-details.machine';
import {
  type BalanceQuery,
  requestLeaveDialogMachine,
  requestLeaveFormMachine,
  requestLeaveMachine,
  type ValuesEvent,
} from '../../machines/request-leave.machine';
import { userLeaveMachine } from '../../machines/user-leave.machine';
import { type HolidaysApi, holidaysApi } from '../api/holidays.api';
import type { LeaveApi } from '../api/leave.api';
import { toApiError } from '../domain/api-error';
import type { LeaveBalance, LeaveType } from '../domain/leave';
import { holidayYearsNeeded, type RequestLeaveFormValues } from '../domain/leave-form';
import { provideLeaveOverview } from './leave-admin.actors';
import { provideLeaveBalanceList } from './leave-balances.actors';
import { provideLeaveCalendar } from './leave-calendar.actors';
import { provideUserLeaveList } from './leave-list.actors';
import { provideLoad } from './load.actors';

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
    | 'requestWithdrawal'
    | 'balances'
    | 'uploadGrant'
    | 'upload'
    | 'viewUrl'
    | 'calendar'
  >;
  notify: (toast: ToastParams) => void;
  /** The public holidays the dialog counts with; the app's API client when not given. */
  holidays?: Pick<HolidaysApi, 'datesOfYears'>;
}

/**
 * The Request for Leave flow's holidays: the public holidays of each year the chosen dates need, each year
 * asked for once (GET /public-holidays?year). A year that cannot be loaded is answered as failed (the flow
 * toasts it), and the days are counted without the company's own holidays for it.
 */
function holidaysAsNeeded(holidays: Pick<HolidaysApi, 'datesOfYears'>) {
  return fromCallback<ValuesEvent, { leaveTypes: LeaveType[] }>(({ input, receive, sendBack }) => {
    // The years asked for, answered or not, so none is asked twice.
    const asked: Record<string, null> = {};
    let stopped = false;
    const load = (values: RequestLeaveFormValues) => {
      const years = holidayYearsNeeded(values, input.leaveTypes, asked).map(String);
      if (years.length === 0) return;
      for (const year of years) asked[year] = null;
      holidays.datesOfYears(years).then(
        (loaded) => {
          if (!stopped) sendBack({ type: 'holidays.loaded', holidays: loaded });
        },
        (error: unknown) => {
          if (!stopped) sendBack({ type: 'holidays.failed', years, error: toApiError(error) });
        },
      );
    };
    receive((event) => load(event.values));
    return () => {
      stopped = true;
    };
  });
}

function provideRequestLeave({ leave, notify, holidays = holidaysApi }: StaffLeaveEffects) {
  // A document that went up is not sent again when the request is retried (the flow keeps the same File).
  const uploaded = new WeakMap<File, string>();
  const uploadOnce = async (file: File) => {
    const done = uploaded.get(file);
    if (done) return done;
    const grant = await leave.uploadGrant(file.name, file.type);
    await leave.upload(grant, file);
    uploaded.set(file, grant.uploadKey);
    return grant.uploadKey;
  };
  const form = requestLeaveFormMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        const fileUrl = input.attachment ? await uploadOnce(input.attachment) : '';
        return leave.create({
          userId: input.userId,
          leaveType: input.leaveType,
          fromDate: input.fromDate,
          fromDateIsAm: input.fromDateIsAm,
          toDate: input.toDate,
          toDateIsAm: input.toDateIsAm,
          reason: input.reason,
          fileUrl,
          days: input.days,
        });
      }),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
  // The balance beside the Leave Type: each year the dates touch, named even when it is this year.
  const balance = provideLoad<LeaveBalance[], BalanceQuery>(async ({ userId, years }) =>
    (await Promise.all(years.map((year) => leave.balances(userId, year)))).flat(),
  );
  const flow = requestLeaveMachine.provide({
    actors: { form, holidays: holidaysAsNeeded(holidays), balance },
    actions: { notify: (_, toast) => notify(toast) },
  });
  return requestLeaveDialogMachine.provide({ actors: { form: flow } });
}
export type RequestLeaveLogic = ReturnType<typeof provideRequestLeave>;

function provideLeaveRequestDetails({ leave, notify }: StaffLeaveEffects) {
  return leaveRequestDetailsMachine.provide({
    actors: {
      attachment: provideLoad<string, string>((fileUrl) => leave.viewUrl(fileUrl)),
      deleteLeaveRequest: fromPromise(({ input }) => leave.remove(input.id)),
      requestWithdrawal: fromPromise(({ input }) => leave.requestWithdrawal(input.id)),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}
export type LeaveRequestDetailsLogic = ReturnType<typeof provideLeaveRequestDetails>;

/** One user's requests (staff dashboard, My profile, user detail) on the shared leave list effects, 7 a page. */
const provideUserLeaveRequests = ({ leave, notify }: StaffLeaveEffects, userId: number) =>
  provideUserLeaveList(userId, { leave: { ...leave, list: unusedList }, notify });
const unusedList = () => Promise.reject(new Error("A user's leave list reads only that user's requests"));

/**
 * One person's leave with its live effects (machines/user-leave.machine.ts): the parent of the requests,
 * the balance, the counts, the details panel and the Request for Leave dialog. Made once per user.
 */
export function staffLeaveLogic(effects: StaffLeaveEffects) {
  const requestLeave = provideRequestLeave(effects);
  const details = provideLeaveRequestDetails(effects);
  // The staff dashboard's calendar of one's own requests (the input names the person).
  const calendar = provideLeaveCalendar({ leave: effects.leave });
  // The Leave Balance table (My profile, user detail): whose it is comes with the list's query.
  const balances = provideLeaveBalanceList(effects.leave);
  return {
    userLeaveOf: (userId: number) =>
      userLeaveMachine.provide({
        actors: {
          requests: provideUserLeaveRequests(effects, userId),
          balances,
          // The stat cards' counts and the leave types (the dialog's choices, the Leave Type filter).
          overview: provideLeaveOverview(effects.leave, () => effects.leave.countsOfUser(userId)),
          details,
          requestLeave,
          calendar,
        },
        // Spec section 8's toast when the Leave Balance table cannot be fetched.
        actions: { notify: (_, toast) => effects.notify(toast) },
      }),
  };
}
export type StaffLeaveLogic = ReturnType<typeof staffLeaveLogic>;
