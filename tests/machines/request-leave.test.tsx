import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { requestLeaveMachine } from '../../machines/request-leave.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import type { LeaveRequest } from '../../src/domain/leave';
import { admin, staff } from '../views/fixtures';
import { getOf, type RecordedRequest } from './fake-server';
import { describeFormModel, type FormModelEvent } from './form-model';
import {
  advance,
  expectToast,
  isDialogOpen,
  openDialog,
  type RunningApp,
  renderApp,
  settle,
} from './harness';
import { requestLeaveSpec } from './spec-forms';
import { answerNoLeaveYet, leaveTypes, onboardedStaff } from './staff-fixtures';

const user = onboardedStaff;
const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const TITLE = 'Request for Leave';
const certificate = new File(['%PDF-1.4 a medical certificate'], 'mc.pdf', { type: 'application/pdf' });
const notes = new File(['some notes'], 'notes.txt', { type: 'text/plain' });
const grant = { uploadKey: `leave/${user.id}/f00d/mc.pdf`, uploadUrl: '/api/files/upload/f00d' };

const created: LeaveRequest = {
  id: 71,
  status: 'PENDING',
  type: 'Annual Leave',
  leaveTypeId: 1,
  createdAt: '2026-02-20T02:00:00.000Z',
  updatedAt: '2026-02-20T02:00:00.000Z',
  fromDate: '2026-03-02',
  fromDateIsAm: false,
  toDate: '2026-03-03',
  toDateIsAm: false,
  days: 1.5,
  reason: 'Dental surgery',
  fileUrl: grant.uploadKey,
  userId: user.id,
  user: { id: user.id, fullName: user.fullName, email: user.email },
};
const overdrawn: ApiError = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Not enough Annual Leave balance for 2026: 1 day available. Please request Unpaid Leave instead.',
};
const refusedUpload: ApiError = {
  statusCode: 400,
  error: 'Upload failed',
  message: 'The file does not match its declared type.',
};

const dialog = () => (isDialogOpen('dialog', TITLE) ? openDialog('dialog', TITLE) : null);
const form = () => dialog()?.querySelector<HTMLFormElement>(`form[aria-label="${TITLE}"]`) ?? null;
const control = (name: string) => {
  const element = form()?.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no ${name} control in the dialog`);
  return element;
};
const requestsOf = (app: RunningApp, method: string, path: string) =>
  app.server.requests.filter((r: RecordedRequest) => r.method === method && r.path === path);

/** The refusal's toast: its message as the title, its error text as the description (spec section 8). */
function expectErrorToast(error: ApiError) {
  const toast = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].find(
    (root) => root.querySelector('[data-part="title"]')?.textContent === error.message,
  );
  expect(toast, `toast '${error.message}'`).toBeDefined();
  expect(toast?.querySelector('[data-part="description"]')).toHaveTextContent(error.error);
}

/** GET /api/public-holidays?year=2026: MOM's gazetted 2026 holidays (written from the gazette). */
const holidays2026 = [
  ['2026-01-01', "New Year's Day"],
  ['2026-02-17', 'Chinese New Year'],
  ['2026-02-18', 'Chinese New Year (day 2)'],
  ['2026-03-21', 'Hari Raya Puasa'],
  ['2026-04-03', 'Good Friday'],
  ['2026-05-01', 'Labour Day'],
  ['2026-05-27', 'Hari Raya Haji'],
  ['2026-05-31', 'Vesak Day'],
  ['2026-06-01', 'Vesak Day (observed)'],
  ['2026-08-09', 'National Day'],
  ['2026-08-10', 'National Day (observed)'],
  ['2026-11-08', 'Deepavali'],
  ['2026-11-09', 'Deepavali (observed)'],
  ['2026-12-25', 'Christmas Day'],
].map(([date = '', name = '']) => ({ date, name }));
const holidaysLoaded: FormModelEvent = {
  type: 'reference.loaded',
  reference: { '2026': holidays2026.map((h) => h.date) },
};
const holidaysDown: ApiError = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The database is unavailable.',
};
/** The year's holidays could not be fetched: the form counts without the company's own for it. */
const holidaysMissing: FormModelEvent = { type: 'reference.loaded', reference: { '2026': null } };

/**
 * Whether the dialog has asked for 2026's public holidays and not had them yet (every date here is in
 * 2026): it asks once both dates are chosen, for any leave type that counts working days, as every type
 * offered here does.
 */
const asksFor2026 = (snapshot: AnyMachineSnapshot) => {
  const { values, reference } = snapshot.context as {
    values: Record<string, string>;
    reference: Record<string, unknown>;
  };
  return values.fromDate !== '' && values.toDate !== '' && !('2026' in reference);
};

/** An Annual Leave request for Mon 2 to Tue 3 March 2026, which most paths start from. */
const annualLeaveInMarch: FormModelEvent[] = [
  { type: 'field.change', name: 'leaveType', value: 'Annual Leave' },
  { type: 'field.change', name: 'fromDate', value: '2026-03-02' },
  { type: 'field.change', name: 'toDate', value: '2026-03-03' },
];

/** Where the dialog is met: user detail (an administrator for the user) and the staff dashboard (oneself). */
interface RequestScreen {
  name: string;
  path: string;
  storage: Record<string, string>;
  /** Whose leave it is. */
  who: { id: number; fullName: string; email: string };
  /** The button that opens the dialog (spec section 2). */
  trigger: string;
  /** The screen shows the Leave Balance table (user detail; the staff dashboard shows none). */
  balanceTable: boolean;
}

const screens: RequestScreen[] = [
  {
    name: 'admin on user detail',
    path: `/admin/users/${user.id}`,
    storage: signedInAdmin,
    who: user,
    trigger: 'Add Leave Request',
    balanceTable: true,
  },
  {
    name: 'staff on the staff dashboard',
    path: '/staff',
    storage: {
      [ACCESS_TOKEN_KEY]: 'token',
      [CURRENT_USER_KEY]: JSON.stringify({ user: staff, isNewUser: false }),
    },
    who: staff,
    trigger: 'Request Leave',
    balanceTable: false,
  },
];

/**
 * Model-based test of the Request for Leave dialog (see form-model.tsx), walked through each screen that
 * offers it: every transition on each.
 */
function walkThrough({ name, path, storage, who, trigger, balanceTable }: RequestScreen) {
  /** What the screen had asked for when the dialog opened, to tell that a creation made it ask again. */
  let askedAtOpen = { requests: 0, balances: 0 };
  /** Whether the chosen file went up in this path, and how many times it was refused on the way. */
  const upload = { done: false, refused: 0 };
  const chosen = { file: certificate };
  describeFormModel(`request-leave statechart, walked through the Request for Leave dialog (${name})`, {
    machine: requestLeaveMachine,
    starts: [
      {
        name,
        input: { params: { userId: who.id, leaveTypes } },
        async open(inspect) {
          const app = await renderApp({
            path,
            storage,
            inspect,
            prepare: (server) => {
              server.autoAnswer(getOf(`/api/users/${who.id}`), 200, { ...user, ...who });
              answerNoLeaveYet(server, who.id);
            },
          });
          upload.done = false;
          upload.refused = 0;
          chosen.file = new File([certificate], certificate.name, { type: certificate.type });
          askedAtOpen = {
            requests: requestsOf(app, 'GET', `/api/users/${who.id}/leave-requests`).length,
            balances: requestsOf(app, 'GET', `/api/users/${who.id}/leave-balances`).length,
          };
          // The form is met in its dialog: the screen's button opens it (machines/form-dialog.machine.ts).
          await act(async () => fireEvent.click(screen.getByRole('button', { name: trigger })));
          // Zag arms the dialog on the next tick.
          await advance(50);
          await settle();
          return app;
        },
      },
    ],
    events: [
      { type: 'field.change', name: 'leaveType', value: 'Annual Leave' },
      { type: 'field.change', name: 'fromDate', value: '2026-03-02' },
      { type: 'field.change', name: 'fromDate', value: '' },
      { type: 'field.change', name: 'toDate', value: '2026-03-03' },
      { type: 'field.change', name: 'toDate', value: '' },
      { type: 'field.change', name: 'fromTime', value: 'PM' },
      { type: 'field.blur', name: 'fromDate' },
      { type: 'file.select', file: certificate },
      {
        type: 'file.reject',
        message: 'File type must be one of image/png, image/jpeg, image/webp, image/heic, application/pdf',
      },
      { type: 'form.submit' },
      { type: 'xstate.done.actor.createLeaveRequest', output: created, actorId: 'createLeaveRequest' },
      { type: 'xstate.error.actor.createLeaveRequest', error: overdrawn, actorId: 'createLeaveRequest' },
      holidaysLoaded,
      holidaysMissing,
    ],
    scenarios: [
      // Every field, a half day at each end: Mon PM to Tue AM is one day, recomputed on each AM/PM change.
      [
        ...annualLeaveInMarch,
        holidaysLoaded,
        { type: 'field.change', name: 'fromTime', value: 'PM' },
        { type: 'field.change', name: 'toTime', value: 'AM' },
        { type: 'field.change', name: 'reason', value: 'Dental surgery' },
        { type: 'file.select', file: certificate },
        { type: 'form.submit' },
        { type: 'xstate.done.actor.createLeaveRequest', output: created, actorId: 'createLeaveRequest' },
      ],
      // The file is refused on its way up: nothing is created; a retry uploads it again.
      [
        ...annualLeaveInMarch,
        { type: 'file.select', file: certificate },
        { type: 'form.submit' },
        {
          type: 'xstate.error.actor.createLeaveRequest',
          error: refusedUpload,
          actorId: 'createLeaveRequest',
        },
        { type: 'form.submit' },
        { type: 'xstate.done.actor.createLeaveRequest', output: created, actorId: 'createLeaveRequest' },
      ],
      // The file went up but the request is refused: a retry sends the request, not the file again.
      [
        ...annualLeaveInMarch,
        { type: 'file.select', file: certificate },
        { type: 'form.submit' },
        { type: 'xstate.error.actor.createLeaveRequest', error: overdrawn, actorId: 'createLeaveRequest' },
        { type: 'form.submit' },
      ],
      // Half a day that ends before it starts: PM to AM of one day counts nothing.
      [
        { type: 'field.change', name: 'fromDate', value: '2026-03-02' },
        { type: 'field.change', name: 'toDate', value: '2026-03-02' },
        holidaysLoaded,
        { type: 'field.change', name: 'fromTime', value: 'PM' },
        { type: 'field.change', name: 'toTime', value: 'AM' },
        { type: 'form.submit' },
      ],
      // The year's holidays cannot be fetched: its toast shows, and the days are still counted.
      [...annualLeaveInMarch, holidaysMissing, { type: 'field.change', name: 'fromTime', value: 'PM' }],
      // A public holiday inside the dates is not leave: Thu 2 to Mon 6 April 2026 holds Good Friday
      // (3 April), so Thu, Mon = 2 days (the holidays as the server answers them).
      [
        { type: 'field.change', name: 'leaveType', value: 'Annual Leave' },
        { type: 'field.change', name: 'fromDate', value: '2026-04-02' },
        { type: 'field.change', name: 'toDate', value: '2026-04-06' },
        holidaysLoaded,
        { type: 'field.change', name: 'fromTime', value: 'AM' },
      ],
    ],
    labels: { fromDate: 'Start Date', toDate: 'End Date', days: 'Days' },
    customFields: ['leaveType', 'fromTime', 'toTime', 'reason'],
    form,
    submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Create Request'),
    canSubmit: requestLeaveSpec.canSubmit,
    specErrors: requestLeaveSpec.errors,
    request: { method: 'POST', path: '/api/leave-requests', okStatus: 201 },
    notOnThisForm: [],
    canProduce: (s, event) => event.type !== 'reference.loaded' || asksFor2026(s),
    async answer(app, event) {
      // A chosen file goes up before the request is made: the grant, then the PUT.
      if (!event.type.endsWith('.createLeaveRequest')) return false;
      if (app.server.pending('GET', '/api/s3/upload-url').length === 0) return false;
      app.server.answer('GET', '/api/s3/upload-url', 200, grant);
      await settle();
      if ('error' in event && event.error === refusedUpload) {
        app.server.answer('PUT', grant.uploadUrl, refusedUpload.statusCode, {
          message: refusedUpload.message,
        });
        upload.refused += 1;
        return true;
      }
      app.server.answer('PUT', grant.uploadUrl, 200);
      upload.done = true;
      await settle();
      return false;
    },
    async perform(app, event: FormModelEvent) {
      if (event.type === 'reference.loaded') {
        // The dialog asked for the year of its dates (the staff dashboard's calendar may ask for it too).
        const asked = app.server.pending('GET', '/api/public-holidays');
        expect(asked.length).toBeGreaterThan(0);
        for (const request of asked) {
          expect(request.query.get('year')).toBe('2026');
          if (event.reference['2026']) app.server.answer('GET', '/api/public-holidays', 200, holidays2026);
          else app.server.answer('GET', '/api/public-holidays', holidaysDown.statusCode, holidaysDown);
        }
      } else if (event.type === 'field.change') {
        fireEvent.change(control(event.name), { target: { value: event.value } });
      } else if (event.type === 'file.select' || event.type === 'file.reject') {
        // Each path chooses its own copy of the file: the app never uploads one File twice.
        const file = event.type === 'file.select' ? chosen.file : notes;
        await act(async () => {
          fireEvent.change(control('file'), { target: { files: [file] } });
        });
      } else {
        throw new Error(`The test cannot produce ${event.type}`);
      }
      await settle();
    },
    expectScreen(app, s: AnyMachineSnapshot, event) {
      expect(window.location.pathname).toBe(path);
      const showing = ['editing', 'submitting', 'submitFailed'].some((state) => s.matches(state));
      expect(isDialogOpen('dialog', TITLE), 'the dialog is open').toBe(showing);
      const context = s.context as {
        values: Record<string, string>;
        errors: Record<string, string | undefined>;
      };
      if (showing) {
        const open = dialog() as HTMLElement;
        expect(open).toHaveTextContent(/request unpaid leave/i);
        const busy = s.matches('submitting');
        // The close button goes while the request is out.
        expect(within(open).queryByRole('button', { name: 'Close' }) === null).toBe(busy);
        for (const name of ['leaveType', 'fromTime', 'toTime', 'reason']) {
          expect(control(name).value, `${name} shows what was chosen`).toBe(context.values[name]);
          expect(control(name).disabled, `${name} is disabled while sending`).toBe(busy);
        }
        // The file's label and name, and the drop zone's refusal.
        const chosen = context.values.file !== '';
        expect(open).toHaveTextContent(chosen ? 'Selected Image' : 'Upload Image');
        if (chosen) expect(open).toHaveTextContent(context.values.file as string);
        const refusal = open.querySelector('[data-part="file-error"]');
        if (context.errors.file) expect(refusal).toHaveTextContent(context.errors.file);
        else expect(refusal).toBeNull();
        expect(open).toHaveTextContent(/relevant supporting document/);
      }
      if (event?.type === 'field.change' && ['fromTime', 'toTime'].includes(event.name)) {
        // The days follow the AM/PM choices (the server's own count, src/domain/leave-days.ts).
        const expected: Record<string, string> = {
          '2026-03-02|2026-03-03|PM|PM': '1.5',
          '2026-03-02|2026-03-03|PM|AM': '1',
          '2026-03-02|2026-03-02|PM|PM': '0.5',
          '2026-03-02|2026-03-02|PM|AM': '0',
          '2026-04-02|2026-04-06|AM|PM': '2',
        };
        const { fromDate, toDate, fromTime, toTime } = context.values;
        // The same figure before the server has answered the year's holidays (counted with the gazetted
        // ones, which 2026's answer here is) as after.
        expect(context.values.days).toBe(
          fromDate && toDate ? expected[`${fromDate}|${toDate}|${fromTime}|${toTime}`] : '',
        );
      }
      if (s.matches('submitting')) {
        const fileChosen = context.values.file !== '';
        const grants = requestsOf(app, 'GET', '/api/s3/upload-url');
        if (fileChosen && !upload.done) {
          // The chosen file goes up first: the grant is asked for its name and type; nothing is created yet.
          const [asked] = app.server.pending('GET', '/api/s3/upload-url');
          expect(asked?.query.get('fileName')).toBe('mc.pdf');
          expect(asked?.query.get('fileType')).toBe('application/pdf');
          expect(app.server.pending('POST', '/api/leave-requests')).toEqual([]);
        } else {
          expect(app.server.pending('POST', '/api/leave-requests').map((r) => r.body)).toEqual([
            {
              userId: who.id,
              leaveType: 'Annual Leave',
              fromDate: '2026-03-02',
              fromDateIsAm: context.values.fromTime === 'AM',
              toDate: '2026-03-03',
              toDateIsAm: context.values.toTime === 'AM',
              reason: context.values.reason,
              fileUrl: upload.done ? grant.uploadKey : '',
              days: Number(context.values.days),
            },
          ]);
        }
        if (upload.done) {
          // The PUT carried the file itself, as its own type, without the product's bearer token; a file
          // that went up is not sent again when the request is retried.
          const puts = requestsOf(app, 'PUT', grant.uploadUrl);
          expect(puts.at(-1)?.body).toBe(chosen.file);
          expect(puts.at(-1)?.headers.get('content-type')).toBe('application/pdf');
          expect(puts.at(-1)?.headers.get('authorization')).toBeNull();
          expect(grants.length).toBe(upload.refused + 1);
        }
      }
      if (event?.type === 'reference.loaded' && event.reference['2026'] === null) {
        expectToast('Failed to fetch public holidays', holidaysDown.message);
        // The figure stays, counted with the gazetted holidays; the server counts on its own.
        const { fromDate, toDate } = context.values;
        if (fromDate === '2026-03-02' && toDate === '2026-03-03') expect(context.values.days).not.toBe('');
      }
      if (event?.type === 'xstate.error.actor.createLeaveRequest') expectErrorToast(event.error);
      if (s.matches('submitted')) {
        expectToast('Leave Request Created!', 'Approval has to be made by your employer.');
        // The user's requests and balance (where the screen shows one) are fetched again.
        expect(requestsOf(app, 'GET', `/api/users/${who.id}/leave-requests`).length).toBeGreaterThan(
          askedAtOpen.requests,
        );
        const balances = requestsOf(app, 'GET', `/api/users/${who.id}/leave-balances`).length;
        if (balanceTable) expect(balances).toBeGreaterThan(askedAtOpen.balances);
        else expect(balances).toBe(0);
      }
    },
  });
}

for (const screenInfo of screens) walkThrough(screenInfo);
