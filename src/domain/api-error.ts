import type { ApiError } from './auth';

/** Error text when there was no server response at all (spec section 8). */
export const NO_RESPONSE_ERROR_TEXT = 'Something went wrong. Please try again later.';
export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

/**
 * The machine-readable reasons an API error carries as `code` (every 400 has one), so that a client
 * decides by the reason, never by the words of the message (which the spec may change). A new refusal
 * gets its own code here; `BAD_REQUEST` is what a 400 without one says.
 */
export type ErrorCode =
  /** The request did not pass its route's schema; `field` is the first problem's path. */
  | 'VALIDATION'
  /** The database refused a value (a rule of the record, a value out of range, a value too large). */
  | 'INVALID_VALUE'
  | 'BAD_REQUEST'
  | 'LEAVE_POLICY_BELOW_STATUTE'
  | 'LEAVE_POLICY_NO_LIMIT_ONLY'
  | 'LEAVE_POLICY_LIMIT_REQUIRED'
  | 'LEAVE_TYPE_UNKNOWN'
  /** Opening balances are an employee's: an administrator has none. */
  | 'OPENING_NOT_STAFF'
  /** 409: a month of the opening's year is processed; `field` is throughMonth (the months it names). */
  | 'OPENING_MONTHS_PROCESSED'
  | 'LEAVE_ALLOWANCE_MISSING'
  | 'LEAVE_BELOW_MINIMUM_DAYS'
  | 'LEAVE_BEFORE_HIRE_DATE'
  | 'LEAVE_AFTER_LAST_DAY'
  /** 403: the employee's last day of service has passed. */
  | 'EMPLOYMENT_ENDED'
  | 'ATTACHMENT_INVALID'
  | 'ATTACHMENT_NOT_UPLOADED'
  | 'RESET_LINK_INVALID'
  | 'CURRENT_PASSWORD_INCORRECT'
  | 'PASSWORD_UNCHANGED'
  | 'OWN_ACCOUNT'
  | 'PAY_ITEM_TYPE_OF_OTHER_KIND'
  | 'PAY_ITEM_TYPE_GENERATED'
  | 'PAY_ITEM_OF_CLAIM'
  | 'PAYSLIP_OF_OTHER_EMPLOYEE'
  | 'PAYSLIP_TOO_LARGE'
  | 'PAYSLIP_PROCESSED_IN_BULK'
  | 'RESEND_NEEDS_STAFF'
  /** A bank no salary file is made for. */
  | 'BANK_UNKNOWN'
  /** The query's valueDate is not a date, is past, too far ahead, or not a business day. */
  | 'VALUE_DATE_REFUSED'
  /** 409: the year's IR8A PDF has more forms than are drawn on request; it is made as a job. */
  | 'IR8A_USE_JOB'
  /** 409: an import job is queued or running; its message names it (issue 38 item 6). */
  | 'IMPORT_RUNNING'
  /** 409: the NRIC/FIN is another staff member's. */
  | 'NRIC_TAKEN'
  /** Issue 36: more than 12 hours of work in a day, or 72 overtime hours in a month without an exemption. */
  | 'TIMESHEET_DAY_LIMIT'
  | 'TIMESHEET_MONTH_LIMIT'
  /** A day outside the timesheet's month or the employment, or given twice. */
  | 'TIMESHEET_DAY_INVALID'
  /** 409: the month's payslip is processed, so its timesheet is frozen. */
  | 'TIMESHEET_FROZEN'
  /** A month's CSV of hours has problems: nothing is saved; the dry run names each row's. */
  | 'TIMESHEET_IMPORT_INVALID'
  /** Issue 37: the rules a new expense claim keeps, each its own reason. */
  | 'CLAIM_AMOUNT_NOT_POSITIVE'
  | 'CLAIM_DATE_IN_FUTURE'
  | 'CLAIM_BEFORE_HIRE_DATE'
  | 'CLAIM_AFTER_LAST_DAY'
  | 'CLAIM_OUTSIDE_WINDOW'
  | 'CLAIM_RECEIPT_REQUIRED'
  | 'CLAIM_OVER_LIMIT'
  | 'CLAIM_TYPE_ARCHIVED'
  | 'CLAIM_TYPE_UNKNOWN'
  /** Issue 38: an import file that cannot be read, holds no rows, or more than the limit. */
  | 'IMPORT_UNREADABLE'
  | 'IMPORT_EMPTY'
  | 'IMPORT_TOO_LARGE';

/**
 * Reads whatever an effect rejected with as the spec's plain error object (with the server's `code` and
 * `field` when it gave them). The API client already normalises what it throws; this keeps machine
 * context typed and serialisable even when something else throws.
 */
export function toApiError(value: unknown): ApiError {
  if (typeof value === 'object' && value !== null) {
    const { statusCode, error, message, code, field } = value as Record<string, unknown>;
    if (typeof statusCode === 'number' && typeof error === 'string' && typeof message === 'string') {
      return {
        statusCode,
        error,
        message,
        ...(typeof code === 'string' ? { code } : {}),
        ...(typeof field === 'string' ? { field } : {}),
      };
    }
  }
  const message = value instanceof Error && value.message ? value.message : DEFAULT_ERROR_MESSAGE;
  return { statusCode: 500, error: NO_RESPONSE_ERROR_TEXT, message };
}
