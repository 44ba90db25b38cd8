import { act, fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { requestLeaveFormMachine, requestLeaveMachine } from '../../machines/request-leave.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import type { LeaveRequest } from '../../src/domain/leave';
import type { FormWalkEvent } from '../models/form.model';
import { type RequestLeaveScreen, requestLeaveForm } from '../models/request-leave.model';
import { admin, staff } from '../views/fixtures';
import { getOf, type RecordedRequest } from './fake-server';
import { advance, isDialogOpen, openDialog, type RunningApp, renderApp, settle } from './harness';
import { describeSpecForm } from './spec-form';
import { requestLeaveSpec } from './spec-forms';
import { answerNoLeaveYet, onboardedStaff } from './staff-fixtures';

/**
 * The Request for Leave dialog, walked from its spec model (tests/models/request-leave.model.ts) through
 * each screen that offers it: user detail (an administrator for the user) and the staff dashboard.
 */

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
const holidaysDown: ApiError = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The database is unavailable.',
};
const holidaysLoaded: FormWalkEvent = {
  type: 'server.answersReference',
  key: '2026',
  data: holidays2026.map((h) => h.date),
};
/** The year's holidays could not be fetched: the form counts with the gazetted ones for it. */
const holidaysMissing: FormWalkEvent = { type: 'server.answersReference', key: '2026', data: null };

const change = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const submit: FormWalkEvent = { type: 'user.submits' };
const done: FormWalkEvent = { type: 'server.accepts', answer: created };
const failed: FormWalkEvent = { type: 'server.refuses', refusal: overdrawn };
const uploadFailed: FormWalkEvent = { type: 'server.refuses', refusal: refusedUpload };
const chooseCertificate: FormWalkEvent = { type: 'user.choosesFile', name: 'file', file: certificate };
const [wrongType = ''] = requestLeaveSpec.errors({}).file;
const dropNotes: FormWalkEvent = {
  type: 'user.dropsRefusedFile',
  name: 'file',
  file: notes,
  message: wrongType,
};

/** An Annual Leave request for Mon 2 to Tue 3 March 2026, which most paths start from. */
const annualLeaveInMarch: FormWalkEvent[] = [
  change('leaveType', 'Annual Leave'),
  change('fromDate', '2026-03-02'),
  change('toDate', '2026-03-03'),
];

const dialog = () => (isDialogOpen('dialog', TITLE) ? openDialog('dialog', TITLE) : null);
const control = (name: string) => {
  const element = dialog()?.querySelector<HTMLInputElement>(`form[aria-label="${TITLE}"] [name="${name}"]`);
  if (!element) throw new Error(`no ${name} control in the dialog`);
  return element;
};
const requestsOf = (app: RunningApp, method: string, path: string) =>
  app.server.requests.filter((r: RecordedRequest) => r.method === method && r.path === path);

/** Where the dialog is met: user detail (an administrator for the user) and the staff dashboard (oneself). */
interface Where {
  name: string;
  storage: Record<string, string>;
  /** The button that opens the dialog (spec section 2). */
  trigger: string;
  where: RequestLeaveScreen;
}

const common = {
  grant,
  // answerNoLeaveYet: 14 days of Annual Leave in every year, nothing taken; the other types have no limit.
  available: {
    'Annual Leave': 14,
    'Medical Leave': null,
    'Childcare Leave': null,
    'Unpaid Leave': null,
  },
  gazetted: { '2026': holidays2026.map((h) => h.date) },
  uploadRefused: (refusal: { error: string }) => refusal.error === refusedUpload.error,
};
const screens: Where[] = [
  {
    name: 'admin on user detail',
    storage: signedInAdmin,
    trigger: 'Add Leave Request',
    where: {
      ...common,
      path: `/admin/users/${user.id}`,
      who: user,
      askedAtOpen: { requests: 0, balances: 0 },
    },
  },
  {
    name: 'staff on the staff dashboard',
    storage: {
      [ACCESS_TOKEN_KEY]: 'token',
      [CURRENT_USER_KEY]: JSON.stringify({ user: staff, isNewUser: false }),
    },
    trigger: 'Request Leave',
    where: {
      ...common,
      path: '/staff',
      who: staff,
      askedAtOpen: { requests: 0, balances: 0 },
    },
  },
];

function walkThrough({ name, storage, trigger, where }: Where) {
  const who = { ...user, ...where.who };
  /** Each path chooses its own copy of the file: the app never uploads one File twice. */
  let chosen = certificate;
  describeSpecForm({
    title: `request-leave form, walked from its spec model (the Request for Leave dialog, ${name})`,
    form: requestLeaveForm(where),
    starts: [
      {
        name,
        async open(inspect) {
          const app = await renderApp({
            path: where.path,
            storage,
            inspect,
            prepare: (server) => {
              server.autoAnswer(getOf(`/api/users/${who.id}`), 200, who);
              answerNoLeaveYet(server, who.id);
            },
          });
          chosen = new File([certificate], certificate.name, { type: certificate.type });
          where.askedAtOpen.requests = requestsOf(app, 'GET', `/api/users/${who.id}/leave-requests`).length;
          // The Leave Balance table asks for this year's (no year); the dialog names its years.
          where.askedAtOpen.balances = requestsOf(app, 'GET', `/api/users/${who.id}/leave-balances`).filter(
            (r) => !r.query.has('year'),
          ).length;
          // The form is met in its dialog: the screen's button opens it.
          await act(async () => fireEvent.click(screen.getByRole('button', { name: trigger })));
          // Zag arms the dialog on the next tick.
          await advance(50);
          await settle();
          return app;
        },
      },
    ],
    events: [
      change('leaveType', 'Annual Leave'),
      change('fromDate', '2026-03-02'),
      change('fromDate', ''),
      change('toDate', '2026-03-03'),
      change('toDate', ''),
      change('fromTime', 'PM'),
      { type: 'user.leaves', name: 'fromDate' },
      chooseCertificate,
      dropNotes,
      submit,
      done,
      failed,
      holidaysLoaded,
      holidaysMissing,
    ],
    // The dialog's flow (holidays, the chosen document) and the form it holds are both walked whole.
    app: { machine: requestLeaveMachine, holds: [requestLeaveFormMachine] },
    // The dialog asks for 2026's public holidays once both dates are chosen (every date here is in 2026).
    canProduce: (model, event) =>
      event.type !== 'server.answersReference' ||
      (model.values.fromDate !== '' && model.values.toDate !== '' && !('2026' in model.reference)),
    scenarios: [
      {
        name: 'every field, a half day at each end: Mon PM to Tue AM is one day; created',
        events: [
          ...annualLeaveInMarch,
          holidaysLoaded,
          change('fromTime', 'PM'),
          change('toTime', 'AM'),
          change('reason', 'Dental surgery'),
          chooseCertificate,
          submit,
          done,
        ],
      },
      {
        name: 'the file is refused on its way up: nothing is created; a retry uploads it again',
        events: [...annualLeaveInMarch, chooseCertificate, submit, uploadFailed, submit, done],
      },
      {
        name: 'the file went up but the request is refused: a retry sends the request, not the file again',
        events: [...annualLeaveInMarch, chooseCertificate, submit, failed, submit],
      },
      {
        name: 'half a day that ends before it starts: PM to AM of one day counts nothing',
        events: [
          change('fromDate', '2026-03-02'),
          change('toDate', '2026-03-02'),
          holidaysLoaded,
          change('fromTime', 'PM'),
          change('toTime', 'AM'),
          submit,
        ],
      },
      {
        name: "the year's holidays cannot be fetched: its toast shows, and the days are still counted",
        events: [...annualLeaveInMarch, holidaysMissing, change('fromTime', 'PM')],
      },
      {
        // Thu 2 to Mon 6 April 2026 holds Good Friday (3 April): Thu, Mon = 2 days.
        name: 'a public holiday inside the dates is not leave',
        events: [
          change('leaveType', 'Annual Leave'),
          change('fromDate', '2026-04-02'),
          change('toDate', '2026-04-06'),
          holidaysLoaded,
          change('fromTime', 'AM'),
        ],
      },
      {
        name: 'a refused file is no file: choosing one clears the refusal',
        events: [...annualLeaveInMarch, dropNotes, chooseCertificate, submit],
      },
    ],
    async perform(app, event) {
      if (event.type === 'server.answersReference') {
        // The dialog asked for the year of its dates (the staff dashboard's calendar may ask for it too).
        const asked = app.server.pending('GET', '/api/public-holidays');
        expect(asked.length).toBeGreaterThan(0);
        for (const request of asked) {
          expect(request.query.get('year')).toBe(event.key);
          if (event.data) app.server.answer('GET', '/api/public-holidays', 200, holidays2026);
          else app.server.answer('GET', '/api/public-holidays', holidaysDown.statusCode, holidaysDown);
        }
      } else if (event.type === 'user.types' && !['fromDate', 'toDate'].includes(event.name)) {
        fireEvent.change(control(event.name), { target: { value: event.value } });
      } else if (event.type === 'user.choosesFile' || event.type === 'user.dropsRefusedFile') {
        const file = event.type === 'user.choosesFile' ? chosen : event.file;
        await act(async () => {
          fireEvent.change(control('file'), { target: { files: [file] } });
        });
      } else if (
        (event.type === 'server.accepts' || event.type === 'server.refuses') &&
        app.server.pending('GET', '/api/s3/upload-url').length > 0
      ) {
        // A chosen file goes up before the request is made: the grant, then the PUT, then the request.
        app.server.answer('GET', '/api/s3/upload-url', 200, grant);
        await settle();
        if (event.type === 'server.refuses' && event.refusal === refusedUpload) {
          app.server.answer('PUT', grant.uploadUrl, refusedUpload.statusCode, {
            message: refusedUpload.message,
          });
          await settle();
          return true;
        }
        app.server.answer('PUT', grant.uploadUrl, 200);
        await settle();
        return false;
      } else {
        return false;
      }
      await settle();
      return true;
    },
  });
}

for (const where of screens) walkThrough(where);
