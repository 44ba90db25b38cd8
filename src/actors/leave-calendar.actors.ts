import { adminLeaveCalendarMachine } from '../../machines/admin-leave-calendar.machine';
import {
  type LeaveCalendarMonth,
  type LeaveCalendarQueryInput,
  leaveCalendarMachine,
} from '../../machines/leave-calendar.machine';
import { type HolidaysApi, holidaysApi } from '../api/holidays.api';
import type { LeaveApi } from '../api/leave.api';
import { firstOfMonth } from '../domain/leave-calendar';
import type { LeaveReviewLogic } from './leave-admin.actors';
import { provideLoad } from './load.actors';

/**
 * The team calendar's effects (machines/leave-calendar.machine.ts): a month's requests (GET
 * /leave-calendar), its public holidays (GET /public-holidays?year, the administrator's list) and the
 * leave types of the filter, fetched together.
 */
export interface LeaveCalendarEffects {
  leave: Pick<LeaveApi, 'calendar' | 'types'>;
  /** The app's API client when not given. */
  holidays?: Pick<HolidaysApi, 'ofYear'>;
}

export function provideLeaveCalendar({ leave, holidays: holidayList = holidaysApi }: LeaveCalendarEffects) {
  return leaveCalendarMachine.provide({
    actors: {
      month: provideLoad(async (input: LeaveCalendarQueryInput): Promise<LeaveCalendarMonth> => {
        const [entries, holidays, leaveTypes] = await Promise.all([
          leave.calendar(input),
          holidayList.ofYear(input.year),
          leave.types(),
        ]);
        const month = firstOfMonth(input).slice(0, 8);
        return {
          entries,
          holidays: holidays.filter((holiday) => holiday.date.startsWith(month)),
          leaveTypes,
        };
      }),
    },
  });
}
export type LeaveCalendarLogic = ReturnType<typeof provideLeaveCalendar>;

/** /admin/leave-calendar: everyone's month and the admin dashboard's review sheet. */
export function provideAdminLeaveCalendar(effects: LeaveCalendarEffects & { review: LeaveReviewLogic }) {
  return adminLeaveCalendarMachine.provide({
    actors: { calendar: provideLeaveCalendar(effects), review: effects.review },
  });
}
export type AdminLeaveCalendarLogic = ReturnType<typeof provideAdminLeaveCalendar>;
