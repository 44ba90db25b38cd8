import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { expectToast, isDialogOpen, openDialog, type RunningApp } from '../machines/harness';
import { requestLeaveSpec } from '../machines/spec-forms';
import { type FormModelContext, formModel, type Refusal, toasts, type Values } from './form.model';

/**
 * The Request for Leave dialog (spec section 2, "Request for Leave dialog"; spec section 5, Leave request
 * and Attachment; POST /leave-requests and the upload of spec section 7; the toasts of spec section 8):
 * Leave Type, Start and End Date with AM/PM, Days (read-only, recomputed whenever a date or an AM/PM
 * changes: the working days between the dates, a public holiday not counted, half a day off at a PM start
 * or an AM end), Reason and a file (Upload Image, or Selected Image once chosen). Create Request is
 * disabled while an error shows; a chosen file goes up first (the upload grant, then the PUT), and a file
 * that went up is not sent again. 'Leave Request Created!' closes the dialog and the lists reload.
 * Issue 34: once a leave type is chosen, its balance shows beside the field (the year of the dates, this
 * year before any), and, once the days are counted, what would remain after this request.
 */

const TITLE = 'Request for Leave';

/** Where the dialog is met, and whose leave it is. */
export interface RequestLeaveScreen {
  path: string;
  who: { id: number };
  /** What the server says is available of each leave type in any year (null: no limit). */
  available: Record<string, number | null>;
  /** The upload grant the server gives for the chosen file. */
  grant: { uploadKey: string; uploadUrl: string };
  /** The year's public holidays as the gazette lists them (the screen counts with these until answered). */
  gazetted: Record<string, readonly string[]>;
  /** Whether a refusal is the upload's (the file did not go up). */
  uploadRefused: (refusal: Refusal) => boolean;
  /** What the screen had asked for when the dialog opened (the suite counts them when it opens it). */
  askedAtOpen: { requests: number; balances: number };
}

const DAY = 24 * 60 * 60 * 1000;

/** The balance line of a year, as the issue asks: what is available, and what this request would leave. */
const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;
function balanceLine(year: string, available: number | null, requested: number | null): string {
  const now = `Available in ${year}: ${available === null ? 'no limit' : daysText(available)}.`;
  if (available === null || requested === null) return now;
  const after = available - requested;
  return `${now} After this request: ${daysText(after)}${after < 0 ? ', not enough.' : '.'}`;
}

/** Today's year in Singapore (UTC+8, no daylight saving), on the walk's clock. */
const singaporeYear = () => new Date(Date.now() + 8 * 60 * 60 * 1000).toISOString().slice(0, 4);
const isoDay = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The days of leave between the dates: working days that are no public holiday, half days at the ends. */
export function leaveDays(values: Values, holidays: ReadonlySet<string>): string {
  const { fromDate = '', toDate = '', fromTime, toTime } = values;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fromDate) || !/^\d{4}-\d{2}-\d{2}$/.test(toDate)) return '';
  const working = (t: number) => {
    const weekday = new Date(t).getUTCDay();
    return weekday !== 0 && weekday !== 6 && !holidays.has(new Date(t).toISOString().slice(0, 10));
  };
  let days = 0;
  for (let t = isoDay(fromDate); t <= isoDay(toDate); t += DAY) if (working(t)) days += 1;
  if (days > 0 && fromTime === 'PM' && working(isoDay(fromDate))) days -= 0.5;
  if (days > 0 && toTime === 'AM' && working(isoDay(toDate))) days -= 0.5;
  return String(Math.max(days, 0));
}

export function requestLeaveForm(where: RequestLeaveScreen) {
  const dialog = () => (isDialogOpen('dialog', TITLE) ? openDialog('dialog', TITLE) : null);
  const form = () => dialog()?.querySelector<HTMLFormElement>(`form[aria-label="${TITLE}"]`) ?? null;
  const control = (name: string) => form()?.querySelector<HTMLInputElement>(`[name="${name}"]`);
  const requestsOf = (app: RunningApp, method: string, path: string) =>
    app.server.requests.filter((r) => r.method === method && r.path === path);

  return formModel({
    id: 'requestLeave',
    form,
    labels: { fromDate: 'Start Date', toDate: 'End Date', days: 'Days' },
    dates: ['fromDate', 'toDate'],
    others: ['leaveType', 'fromTime', 'toTime', 'reason', 'file'],
    showsOthers(shown, model) {
      for (const name of ['leaveType', 'fromTime', 'toTime', 'reason'])
        expect(control(name)?.value, `${name} shows what was chosen`).toBe(model.values[name]);
      // The file's label and name, and the drop zone's refusal.
      const chosen = model.values.file ?? '';
      expect(shown).toHaveTextContent(chosen ? 'Selected Image' : 'Upload Image');
      if (chosen) expect(shown).toHaveTextContent(chosen);
      const refusal = shown.querySelector('[data-part="file-error"]');
      if (model.errors.file) expect(refusal, "the drop zone's refusal").toHaveTextContent(model.errors.file);
      else expect(refusal, 'no drop-zone refusal').toBeNull();
      expect(shown).toHaveTextContent(/relevant supporting document/);
      // The balance beside the Leave Type: its description, once a type is chosen.
      const select = control('leaveType') as HTMLElement;
      const described = (select.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      const { leaveType = '', fromDate = '', toDate = '', days = '' } = model.values;
      if (!leaveType) {
        expect(described, 'no balance before a type is chosen').not.toMatch(/Available/);
        return;
      }
      const dated = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date);
      const year = dated(fromDate) ? fromDate.slice(0, 4) : singaporeYear();
      // Every date the walk picks is in one year, so the request's days are all that year's.
      if (dated(toDate) && toDate.slice(0, 4) !== year) throw new Error('model: dates across a year end');
      const requested = days !== '' && Number(days) >= 0.5 ? Number(days) : null;
      expect(described, `${leaveType}'s balance`).toBe(
        balanceLine(year, where.available[leaveType] ?? null, requested),
      );
    },
    initialValues: {
      leaveType: '',
      fromDate: '',
      fromTime: 'AM',
      toDate: '',
      toTime: 'PM',
      days: '',
      reason: '',
      file: '',
    },
    // The drop zone's messages are its refusals (user.dropsRefusedFile), not the values' rules.
    errors: (values) => ({ ...requestLeaveSpec.errors(values), file: undefined }),
    canSubmit: requestLeaveSpec.canSubmit,
    derive: (values, _params, reference) => {
      const year = (values.fromDate ?? '').slice(0, 4);
      const answered = reference[year] as readonly string[] | null | undefined;
      return { days: leaveDays(values, new Set(answered ?? where.gazetted[year] ?? [])) };
    },
    file: {
      name: 'file',
      uploadRefused: where.uploadRefused,
      showsGoingUp(app) {
        // The chosen file goes up first: the grant is asked for its name and type; nothing is created yet.
        const asked = app.server.pending('GET', '/api/s3/upload-url');
        expect(asked, 'the upload grant is asked for').toHaveLength(1);
        expect(asked[0]?.query.get('fileName')).toBe('mc.pdf');
        expect(asked[0]?.query.get('fileType')).toBe('application/pdf');
      },
    },
    submitLabel: 'Create Request',
    sendingLabel: 'Processing...',
    request: {
      method: 'POST',
      path: '/api/leave-requests',
      okStatus: 201,
      body: (values, _params, model) => ({
        userId: where.who.id,
        leaveType: values.leaveType,
        fromDate: values.fromDate,
        fromDateIsAm: values.fromTime === 'AM',
        toDate: values.toDate,
        toDateIsAm: values.toTime === 'AM',
        reason: values.reason,
        fileUrl: model.uploaded ? where.grant.uploadKey : '',
        days: Number(values.days),
      }),
    },
    showsOpen(app, model: FormModelContext, sending) {
      expect(window.location.pathname).toBe(where.path);
      const open = dialog() as HTMLElement;
      expect(open).toHaveTextContent(/request unpaid leave/i);
      // The close button goes while the request is out; so does every field.
      expect(within(open).queryByRole('button', { name: 'Close' }) === null, 'Close only when idle').toBe(
        sending,
      );
      for (const name of ['leaveType', 'fromTime', 'toTime', 'reason'])
        expect(control(name)?.disabled, `${name} is locked exactly while sending`).toBe(sending);
      if (sending && model.uploaded) {
        // The PUT carried the file itself, as its own type, without the product's bearer token; a file
        // that went up is not asked a grant for again when the request is retried.
        const put = requestsOf(app, 'PUT', where.grant.uploadUrl).at(-1);
        expect((put?.body as File | undefined)?.name).toBe(model.uploaded);
        expect(put?.headers.get('content-type')).toBe('application/pdf');
        expect(put?.headers.get('authorization')).toBeNull();
        expect(app.server.pending('GET', '/api/s3/upload-url')).toEqual([]);
      }
      // The year's holidays could not be fetched: its toast, and the days still counted.
      if (Object.values(model.reference).includes(null))
        expect(toasts().map((t) => t.title)).toContain('Failed to fetch public holidays');
      if (model.answered === 'refused') {
        // The refusal's toast: its message as the title, its error text as the description.
        const toast = toasts().find((t) => t.title === model.refusal);
        expect(toast, `toast '${model.refusal}'`).toBeDefined();
      }
    },
    showsDone(app) {
      expect(window.location.pathname).toBe(where.path);
      expect(isDialogOpen('dialog', TITLE), 'the dialog closes').toBe(false);
      expectToast('Leave Request Created!', 'Approval has to be made by your employer.');
      // The user's requests and Leave Balance table (this year's: no year asked) are fetched again.
      const { id } = where.who;
      expect(requestsOf(app, 'GET', `/api/users/${id}/leave-requests`).length).toBeGreaterThan(
        where.askedAtOpen.requests,
      );
      const table = requestsOf(app, 'GET', `/api/users/${id}/leave-balances`).filter(
        (r) => !r.query.has('year'),
      );
      expect(table.length).toBeGreaterThan(where.askedAtOpen.balances);
    },
  });
}
