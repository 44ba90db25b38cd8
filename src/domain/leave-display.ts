import { DateTime } from 'luxon';
import { COMPANY_TIME_ZONE } from './dates';
import type { LeaveStatus } from './enums';

/**
 * How leave requests read on screen (spec sections 2 and 9): dates day/month/year with zero padding in
 * tables, short month, day, year in US English in the details; a half-day marker beside each date.
 */

/** `2025-12-29` -> `29/12/2025`. */
export function formatDayMonthYear(isoDate: string): string {
  const date = DateTime.fromISO(isoDate, { zone: 'utc' });
  return date.isValid ? date.toFormat('dd/MM/yyyy') : isoDate;
}

/** A stored timestamp as the company's calendar day, `dd/MM/yyyy`. */
export function formatTimestampDay(timestamp: string): string {
  const date = DateTime.fromISO(timestamp).setZone(COMPANY_TIME_ZONE);
  return date.isValid ? date.toFormat('dd/MM/yyyy') : timestamp;
}

/** `2025-12-29` (or a timestamp, read in the company's zone) -> `Dec 29, 2025`. */
export function formatShortDate(value: string): string {
  const date =
    value.length === 10
      ? DateTime.fromISO(value, { zone: 'utc' })
      : DateTime.fromISO(value).setZone(COMPANY_TIME_ZONE);
  return date.isValid ? date.setLocale('en-US').toFormat('LLL d, yyyy') : value;
}

/** The AM/PM marker of a start or end date. */
export const halfDayMarker = (isAm: boolean) => (isAm ? 'AM' : 'PM');

/** PENDING -> Pending. */
export const leaveStatusLabel = (status: LeaveStatus) => status.charAt(0) + status.slice(1).toLowerCase();

/** 'annual leave' -> 'Annual Leave': every word capitalised. */
export const capitalised = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

/** '2.5 days' (spec: duration as '{days} days'). */
export const daysLabel = (days: number) => `${days} days`;
