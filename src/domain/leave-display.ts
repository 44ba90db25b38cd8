import type { LeaveStatus } from './enums';

/**
 * How leave requests read on screen (spec sections 2 and 9); their dates are formatted by
 * src/domain/dates.ts, the one place dates become text.
 */

/** The AM/PM marker of a start or end date. */
export const halfDayMarker = (isAm: boolean) => (isAm ? 'AM' : 'PM');

/** PENDING -> Pending, WITHDRAWAL_REQUESTED -> Withdrawal requested. */
export const leaveStatusLabel = (status: LeaveStatus) =>
  status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');

/** 'annual leave' -> 'Annual Leave': every word capitalised. */
export const capitalised = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

/** '2.5 days' (spec: duration as '{days} days'). */
export const daysLabel = (days: number) => `${days} days`;
