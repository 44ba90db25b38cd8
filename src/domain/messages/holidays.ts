import { formatDayMonthYear } from '../dates';
import type { ChangedLeaveRequest } from '../holidays';
import type { Toast } from './toast';

/**
 * The words of the Public Holidays screen and of the holidays the Request for Leave dialog loads (issue 17;
 * the spec names none, so these are ours, in the spec's style: a short title and the reason beneath it).
 */
export const holidayToasts = {
  added: (name: string): Toast => ({ type: 'success', title: 'Public holiday added', description: name }),
  addFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to add the public holiday',
    description: error.message,
  }),
  removed: (name: string): Toast => ({ type: 'success', title: 'Public holiday deleted', description: name }),
  removeFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to delete the public holiday',
    description: error.message,
  }),
  loadFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to fetch public holidays',
    description: error.message,
  }),
};

/** The notice the Public Holidays screen shows after an add or a delete: what changed in pending requests. */
export const holidayNoticeWords = {
  title: (change: 'added' | 'deleted', holiday: { date: string; name: string }): string =>
    `${holiday.name} (${formatDayMonthYear(holiday.date)}) ${change === 'added' ? 'added' : 'deleted'}`,
  none: 'No pending leave request changed its days.',
  some: (count: number): string =>
    count === 1
      ? 'The days of 1 pending leave request changed:'
      : `The days of ${count} pending leave requests changed:`,
  /** '<name>, <type>, <dates>: <before> → <after> days'. */
  line: (request: ChangedLeaveRequest): string => {
    const dates =
      request.fromDate === request.toDate
        ? formatDayMonthYear(request.fromDate)
        : `${formatDayMonthYear(request.fromDate)} to ${formatDayMonthYear(request.toDate)}`;
    return `${request.user.fullName}, ${request.leaveType.name}, ${dates}: ${request.daysBefore} → ${request.daysAfter} days`;
  },
};
