import { COMPANY_TIME_ZONE } from './dates';
import type { LeaveRequest } from './leave';
import { formatDayMonthYear } from './payslips';

/** How leave requests read on screen (spec sections 2 and 9). */

const STATUS_LABELS: Record<LeaveRequest['status'], string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
export const leaveStatusLabel = (status: LeaveRequest['status']) => STATUS_LABELS[status];

/** A start or end date with its AM/PM marker: '02/03/2026 AM'. */
export const leaveDateWithHalf = (isoDate: string, isAm: boolean) =>
  `${formatDayMonthYear(isoDate)} ${isAm ? 'AM' : 'PM'}`;

const usShortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: COMPANY_TIME_ZONE,
});
/** A timestamp as the spec's short US date in Singapore time: 'Mar 2, 2026'. */
export const shortDate = (timestamp: string) => usShortDate.format(new Date(timestamp));

/** Pending requests show when they were requested; decided ones when they were approved or rejected. */
export function decisionLine(request: Pick<LeaveRequest, 'status' | 'createdAt' | 'updatedAt'>) {
  if (request.status === 'PENDING') return { label: 'Requested On', date: shortDate(request.createdAt) };
  const label = request.status === 'APPROVED' ? 'Approved On' : 'Rejected On';
  return { label, date: shortDate(request.updatedAt) };
}

/** '1 day', '0.5 days', '3 days'. */
export const durationText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;
