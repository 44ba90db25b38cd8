import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type PayslipEmailsEvent, payslipEmailsMachine } from '../../machines/payslip-emails.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import type { EmailPayslipsAnswer, JobProgress } from '../../src/domain/payslip-emails';
import type { PayslipAggregate } from '../../src/domain/payslips';
import { admin } from '../views/fixtures';
import { describeEvent, planScenario, planTransitionPaths } from './coverage';
import type { RecordedRequest } from './fake-server';
import {
  advanceThroughDelay,
  expectToast,
  isDialogOpen,
  openDialog,
  type RunningApp,
  renderApp,
  settle,
} from './harness';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the payslip-emails statechart (issue 16, docs/decisions/0001) through View Processed
 * Records (/admin/pay-records), whose payroll-period actor spawns it and tells it the period once the
 * Processed List has loaded. Paths from the real machine are walked through the real app with HTTP answered
 * at the fetch level and the poll delay on a fake clock. After every step the test checks the requests the
 * screen made (the POST's period, each GET of the job, the retry), the staff the records screen hands over,
 * the confirmation, the progress card ('N of M sent', the bar named so with sends finished of the total, the
 * failures by the names of the job's own month with their reasons, whatever month the pickers show, Retry
 * failed and Close) and the toasts, all written out here from the texts.
 */

type Machine = typeof payslipEmailsMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | PayslipEmailsEvent
  | { type: 'xstate.done.actor.requestEmails'; output: EmailPayslipsAnswer; actorId: 'requestEmails' }
  | { type: 'xstate.error.actor.requestEmails'; error: ApiError; actorId: 'requestEmails' }
  | { type: 'xstate.done.actor.fetchProgress'; output: JobProgress; actorId: 'fetchProgress' }
  | { type: 'xstate.error.actor.fetchProgress'; error: ApiError; actorId: 'fetchProgress' }
  | { type: 'xstate.done.actor.retryFailed'; output: JobProgress; actorId: 'retryFailed' }
  | { type: 'xstate.error.actor.retryFailed'; error: ApiError; actorId: 'retryFailed' }
  | { type: 'xstate.after.pollDelay.payslipEmails.watching.waiting' };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const thisMonth = Number(today.slice(5, 7));
const shownFirst = { year: thisYear, month: thisMonth };
/** Another period the pickers reach in one change: last month, or in January the Year picker's last year. */
const otherPeriod =
  thisMonth > 1 ? { year: thisYear, month: thisMonth - 1 } : { year: thisYear - 1, month: 1 };
const nameOf = (p: { year: number; month: number }) => `${MONTHS[p.month - 1]} ${p.year}`;

/** The staff of the Processed List, the same people in both months; the user ids are the server's. */
const STAFF = [
  'Tan Wei Ming',
  'Nur Aisyah binti Rahman',
  'Rajesh s/o Kumar',
  'Chloe Fernandez',
  'Lim Hui Ling',
  'Muhammad Hafiz bin Osman',
  'Priya Ramasamy',
  'Nguyen Van An',
  'Arjun Mehta',
  'Goh Mei Ling',
  'Daniel Koh Jun Jie',
  'Marcus Lee Jun Hao',
];
const userIdOf = (name: string) => 201 + STAFF.indexOf(name);
/** The other month as a scenario has it: before Nur Aisyah (202) and Daniel Koh (211) joined. */
const BEFORE_THEY_JOINED = STAFF.filter(
  (name) => name !== 'Nur Aisyah binti Rahman' && name !== 'Daniel Koh Jun Jie',
);
/** The Processed List the server answers for the period: these staff, each with their payslip. */
const processedRows = (p: { year: number; month: number }, staff: readonly string[]): PayslipAggregate[] =>
  staff.map((name) => {
    const i = STAFF.indexOf(name);
    return {
      payslipId: 700 + p.month * 20 + i,
      payslipMonth: p.month,
      payslipYear: p.year,
      processingStatus: 'PROCESSED',
      userDetails: { id: userIdOf(name), name },
      payDate: `${p.year}-${String(p.month).padStart(2, '0')}-28`,
      grossPay: 5000 + i,
      totalEmployeeCpfContribution: 1000,
      totalEmployerCpfContribution: 850,
      selfHelpGroupContribution: 0,
      netPay: 4000 + i,
      otherItems: 0,
      netPayable: 4000 + i,
      payItems: 0,
    };
  });

const JOB = '3f2b8c1e-7d4a-4e6b-9c2d-5a1f0e8b7c63';
const JOB_PATH = `/api/jobs/${JOB}`;
const RETRY_PATH = `/api/jobs/${JOB}/retry`;
const EMAIL_PATH = '/api/payslips/email';
const PROCESSED_GET = '/api/payslips/processed/aggregates';

/** Refused by the SMTP server to the last try, and the other one's server never answered. */
const REFUSED = "Can't send mail - all recipients were rejected: 450 4.2.1 Mailbox temporarily unavailable";
const TIMED_OUT = 'Connection timeout';
const failures = [
  { userId: userIdOf('Nur Aisyah binti Rahman'), message: REFUSED },
  // On the list's second page: the name comes from the whole list, not the page shown.
  { userId: userIdOf('Daniel Koh Jun Jie'), message: TIMED_OUT },
];

const progress = (p: Omit<JobProgress, 'id' | 'kind' | 'total'>): JobProgress => ({
  id: JOB,
  kind: 'payslipEmails',
  total: 12,
  ...p,
});
const running = progress({ status: 'running', done: 5, failed: 0, errors: [] });
const runningWithFailure = progress({ status: 'running', done: 7, failed: 1, errors: failures.slice(0, 1) });
const allSent = progress({ status: 'completed', done: 12, failed: 0, errors: [] });
const someFailed = progress({ status: 'failed', done: 10, failed: 2, errors: failures });
/** POST retry's answer: the failed sends queued again. */
const requeued = progress({ status: 'queued', done: 10, failed: 0, errors: [] });

const queueDown: ApiError = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The job queue is not running in this process.',
};
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
const jobGone: ApiError = { statusCode: 404, error: 'Not Found', message: 'Job not found.' };

/** The records screen's list of the period has loaded with these processed staff. */
const loaded = (p: { year: number; month: number }, staff: readonly string[]) =>
  ({ type: 'period.loaded', ...p, staff: staff.map((name) => ({ id: userIdOf(name), name })) }) as const;
/** The answers to POST /payslips/email; the fake server words the message for the period asked. */
const queuedAnswer: Event = {
  type: 'xstate.done.actor.requestEmails',
  output: { jobId: JOB, total: 12, skipped: 0, message: '' },
  actorId: 'requestEmails',
};
const nothingAnswer: Event = {
  type: 'xstate.done.actor.requestEmails',
  output: { jobId: 'f0e1d2c3-b4a5-4968-8776-655443322110', total: 0, skipped: 12, message: '' },
  actorId: 'requestEmails',
};
const requestRefused: Event = {
  type: 'xstate.error.actor.requestEmails',
  error: queueDown,
  actorId: 'requestEmails',
};
const poll: Event = { type: 'xstate.after.pollDelay.payslipEmails.watching.waiting' };
const fetched = (output: JobProgress): Event => ({
  type: 'xstate.done.actor.fetchProgress',
  output,
  actorId: 'fetchProgress',
});
const fetchFailed: Event = {
  type: 'xstate.error.actor.fetchProgress',
  error: serverDown,
  actorId: 'fetchProgress',
};
const retried: Event = { type: 'xstate.done.actor.retryFailed', output: requeued, actorId: 'retryFailed' };
const retryRefused: Event = {
  type: 'xstate.error.actor.retryFailed',
  error: jobGone,
  actorId: 'retryFailed',
};
const request: Event = { type: 'emails.request' };
const confirm: Event = { type: 'emails.confirm' };
const cancel: Event = { type: 'emails.cancel' };
const retry: Event = { type: 'emails.retry' };
const dismiss: Event = { type: 'emails.dismiss' };

/** The server's words for the period asked (src/server/services/payroll/emails.ts, as the API test reads them). */
const queuedMessage = (p: { year: number; month: number }) =>
  `12 payslips of ${nameOf(p)} are being e-mailed.`;
const nothingMessage = (p: { year: number; month: number }) =>
  `Every processed payslip of ${nameOf(p)} has been e-mailed already; nothing was sent again.`;
const periodOf = (c: { year: number; month: number }) => ({ year: c.year, month: c.month });

const events: Event[] = [
  loaded(shownFirst, STAFF),
  loaded(shownFirst, []),
  loaded(otherPeriod, STAFF),
  request,
  confirm,
  cancel,
  queuedAnswer,
  nothingAnswer,
  requestRefused,
  poll,
  fetched(running),
  fetched(runningWithFailure),
  fetched(allSent),
  fetched(someFailed),
  fetchFailed,
  retry,
  retried,
  retryRefused,
  dismiss,
];

/** What the screen lets an administrator (or the server) do in a snapshot. */
function canProduce(s: Snapshot, event: Event): boolean {
  if (event.type !== 'period.loaded') return true;
  // The first list is the one the page asks for; later ones come from the pickers, which the open
  // confirmation covers.
  if (s.context.year === 0) return event.year === shownFirst.year && event.month === shownFirst.month;
  if (s.matches('confirming') || s.matches('requesting')) return false;
  return event.month !== s.context.month || event.year !== s.context.year;
}

/** The guards read whether any payslips are processed and whether the job has failures. */
const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.staff.length > 0, (s.context.progress?.failed ?? 0) > 0]);

const start = { name: 'admin opens View Processed Records', input: undefined };
const actor = followActor(payslipEmailsMachine);
const plan = planTransitionPaths<Machine, Event>(payslipEmailsMachine, {
  starts: [start],
  events,
  canProduce,
  serialize,
});
const first = loaded(shownFirst, STAFF);
/** Walked whatever the plan chose. */
const scenarios: Event[][] = [
  // The whole story: progress, a failure while running, the end with two failures, Retry failed, all sent.
  [
    first,
    request,
    confirm,
    queuedAnswer,
    poll,
    fetched(running),
    poll,
    fetched(runningWithFailure),
    poll,
    fetched(someFailed),
    retry,
    retried,
    poll,
    fetched(allSent),
    dismiss,
  ],
  // Another month is e-mailed; the list of this month shown meanwhile does not change the job's month.
  [
    first,
    loaded(otherPeriod, STAFF),
    request,
    confirm,
    queuedAnswer,
    loaded(shownFirst, STAFF),
    poll,
    fetched(someFailed),
    loaded(otherPeriod, STAFF),
    retry,
    retried,
  ],
  // The failures keep the names of the job's month while the pickers show a month without those two staff,
  // switched to while the job runs and again after it ends ('Employee 202', 'Employee 211' before).
  [
    first,
    request,
    confirm,
    queuedAnswer,
    poll,
    fetched(runningWithFailure),
    loaded(otherPeriod, BEFORE_THEY_JOINED),
    poll,
    fetched(someFailed),
    loaded(shownFirst, STAFF),
    loaded(otherPeriod, BEFORE_THEY_JOINED),
    retry,
    retried,
  ],
  // A failed look at the job is followed by another.
  [first, request, confirm, queuedAnswer, poll, fetchFailed, poll, fetched(allSent)],
  // A refused retry keeps the failures; the next Retry failed goes through.
  [first, request, confirm, queuedAnswer, poll, fetched(someFailed), retry, retryRefused, retry, retried],
  // Nothing processed: nothing to e-mail.
  [loaded(shownFirst, [])],
  // Cancelled, refused, then everyone e-mailed before: nothing is followed.
  [first, request, cancel, request, confirm, requestRefused, request, confirm, nothingAnswer],
];
const signature = (steps: readonly { event: Event }[] | Event[]) =>
  JSON.stringify(steps.map((step) => ('event' in step ? step.event : step)));
const planned = new Set(plan.paths.map((path) => signature(path.steps)));
plan.paths.push(
  ...scenarios
    .filter((steps) => !planned.has(signature(steps)))
    .map((steps) => planScenario<Machine, Event>(payslipEmailsMachine, start, steps)),
);

const live = actor.live;
const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};

/** A button by its text (role queries over the whole page are slow in jsdom). */
const button = (text: string, within: ParentNode = document) =>
  [...within.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) ?? null;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const shownPeriod = () => ({ year: Number(select('Year').value), month: Number(select('Month').value) });
const toastTitles = () =>
  [...document.querySelectorAll('[data-scope="toast"][data-part="title"]')].map((t) => t.textContent);

/** The requests the step made to the lists and the e-mail endpoints, and the toasts before it. */
let requestsBefore = 0;
let toastsBefore: Array<string | null> = [];
const relevant = (r: RecordedRequest) =>
  r.path === PROCESSED_GET || r.path === EMAIL_PATH || r.path.startsWith('/api/jobs/');
const described = (r: RecordedRequest) => ({
  method: r.method,
  path: r.path,
  ...(r.query.size ? { query: Object.fromEntries(r.query) } : {}),
  ...(r.body === undefined ? {} : { body: r.body }),
});

async function perform(app: RunningApp, event: Event) {
  requestsBefore = app.server.requests.length;
  toastsBefore = toastTitles();
  const dialog = () => openDialog('alertdialog', 'Email payslips');
  switch (event.type) {
    case 'period.loaded': {
      if (app.server.pending('GET', PROCESSED_GET).length === 0) {
        const shown = shownPeriod();
        if (event.year !== shown.year) await app.user.selectOptions(select('Year'), String(event.year));
        else await app.user.selectOptions(select('Month'), String(event.month));
      }
      const asked = app.server.answer(
        'GET',
        PROCESSED_GET,
        200,
        processedRows(
          event,
          event.staff.map((person) => person.name),
        ),
      );
      expect(Object.fromEntries(asked.query)).toEqual({
        year: String(event.year),
        month: String(event.month),
      });
      break;
    }
    case 'emails.request':
      await app.user.click(button('Email payslips') as HTMLElement);
      break;
    case 'emails.confirm':
      await app.user.click(button('Send', dialog()) as HTMLElement);
      break;
    case 'emails.cancel':
      await app.user.click(button('Cancel', dialog()) as HTMLElement);
      break;
    case 'emails.retry':
      await app.user.click(button('Retry failed') as HTMLElement);
      break;
    case 'emails.dismiss':
      await app.user.click(button('Close') as HTMLElement);
      break;
    case 'xstate.done.actor.requestEmails': {
      const asked = app.server.pending('POST', EMAIL_PATH)[0]?.body as { year: number; month: number };
      const message = event.output.total === 0 ? nothingMessage(asked) : queuedMessage(asked);
      app.server.answer('POST', EMAIL_PATH, 202, { ...event.output, message });
      break;
    }
    case 'xstate.error.actor.requestEmails':
      app.server.answer('POST', EMAIL_PATH, event.error.statusCode, event.error);
      break;
    case 'xstate.after.pollDelay.payslipEmails.watching.waiting':
      await advanceThroughDelay(payslipEmailsMachine, event.type, () =>
        live().matches({ watching: 'fetching' }),
      );
      break;
    case 'xstate.done.actor.fetchProgress':
      app.server.answer('GET', JOB_PATH, 200, event.output);
      break;
    case 'xstate.error.actor.fetchProgress':
      app.server.answer('GET', JOB_PATH, event.error.statusCode, event.error);
      break;
    case 'xstate.done.actor.retryFailed':
      app.server.answer('POST', RETRY_PATH, 200, event.output);
      break;
    case 'xstate.error.actor.retryFailed':
      app.server.answer('POST', RETRY_PATH, event.error.statusCode, event.error);
      break;
  }
  await settle();
}

function expectRequests(app: RunningApp, s: Snapshot, event: Event | null, before: Snapshot | null) {
  const made = app.server.requests.slice(requestsBefore).filter(relevant).map(described);
  const listOf = (p: { year: number; month: number }) => ({
    method: 'GET',
    path: PROCESSED_GET,
    query: { year: String(p.year), month: String(p.month) },
  });
  if (event === null) {
    expect(made, "the page asks for this month's Processed List").toEqual([listOf(shownFirst)]);
  } else if (event.type === 'period.loaded') {
    // The page's own list was asked for on load; a period picked asks for its list.
    expect(made).toEqual(before?.context.year === 0 ? [] : [listOf(event)]);
  } else if (event.type === 'emails.confirm') {
    expect(made, 'Send queues the period shown').toEqual([
      { method: 'POST', path: EMAIL_PATH, body: shownPeriod() },
    ]);
    expect(shownPeriod()).toEqual(periodOf(before?.context ?? { year: 0, month: 0 }));
  } else if (event.type === poll.type) {
    expect(made, 'a look at the job').toEqual([{ method: 'GET', path: JOB_PATH }]);
  } else if (event.type === 'emails.retry' && s.matches('retrying')) {
    expect(made, 'Retry failed').toEqual([{ method: 'POST', path: RETRY_PATH, body: {} }]);
  } else {
    expect(made, `no request after ${describeEvent(event)}`).toEqual([]);
  }
  expect(app.server.pending('POST', EMAIL_PATH)).toHaveLength(s.matches('requesting') ? 1 : 0);
  expect(app.server.pending('GET', JOB_PATH)).toHaveLength(s.matches({ watching: 'fetching' }) ? 1 : 0);
  expect(app.server.pending('POST', RETRY_PATH)).toHaveLength(s.matches('retrying') ? 1 : 0);
}

/**
 * What the card shows for each progress the server gives, written out: 'N of M sent' (also the bar's name),
 * the bar at the sends finished (sent or failed) of the total, and the failures by the job's month's names.
 */
const CARDS: Record<string, { sent: string; finished: number; notSent: string | null; failures: string[] }> =
  {
    'queued 0/0': { sent: '0 of 12 sent', finished: 0, notSent: null, failures: [] },
    'running 5/0': { sent: '5 of 12 sent', finished: 5, notSent: null, failures: [] },
    'running 7/1': {
      sent: '7 of 12 sent',
      finished: 8,
      notSent: '1 not sent:',
      failures: [`Nur Aisyah binti Rahman: ${REFUSED}`],
    },
    'completed 12/0': { sent: '12 of 12 sent', finished: 12, notSent: null, failures: [] },
    'failed 10/2': {
      sent: '10 of 12 sent',
      finished: 12,
      notSent: '2 not sent:',
      failures: [`Nur Aisyah binti Rahman: ${REFUSED}`, `Daniel Koh Jun Jie: ${TIMED_OUT}`],
    },
    'queued 10/0': { sent: '10 of 12 sent', finished: 10, notSent: null, failures: [] },
  };

function expectCard(s: Snapshot) {
  const heading = [...document.querySelectorAll('h2')].find((h) =>
    h.textContent?.startsWith('Emailing payslips for '),
  );
  const shown = s.matches('watching') || s.matches('finished') || s.matches('retrying');
  if (!shown) {
    expect(heading, 'no progress card').toBeUndefined();
    expect(button('Retry failed')).toBeNull();
    expect(button('Close')).toBeNull();
    return;
  }
  const { progress, jobPeriod } = s.context;
  // The job's month, whichever the pickers show now.
  expect(heading?.textContent).toBe(`Emailing payslips for ${nameOf(jobPeriod ?? { year: 0, month: 0 })}`);
  const card = heading?.closest('.chakra-card__body') as HTMLElement;
  const key = `${progress?.status} ${progress?.done}/${progress?.failed}`;
  const expected = CARDS[key];
  if (!expected) throw new Error(`no card written for ${key}`);
  expect(within(card).getByText(expected.sent)).toBeInTheDocument();
  // The bar is named what the label reads, and stands at the sends finished (sent or failed) of the 12.
  const bar = within(card).getByRole('progressbar');
  expect(bar).toHaveAccessibleName(expected.sent);
  expect(bar).toHaveAttribute('aria-valuenow', String(expected.finished));
  expect(bar).toHaveAttribute('aria-valuemax', '12');
  const finished = s.matches('finished');
  const allDone = within(card).queryByText('All 12 payslips sent.');
  if (finished && key === 'completed 12/0') expect(allDone).toBeInTheDocument();
  else expect(allDone).toBeNull();
  const list = card.querySelector('ul[aria-label="Payslips not sent"]');
  if (expected.notSent) {
    expect(within(card).getByText(expected.notSent)).toBeInTheDocument();
    expect([...(list?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual(expected.failures);
  } else {
    expect(within(card).queryByText(/not sent:$/)).toBeNull();
    expect(list).toBeNull();
  }
  const over = finished || s.matches('retrying');
  const withFailures = (progress?.failed ?? 0) > 0;
  const retryButton = button(s.matches('retrying') ? 'Processing...' : 'Retry failed', card);
  if (over && withFailures) expect(retryButton).not.toBeNull();
  else expect(retryButton).toBeNull();
  if (retryButton) expect(retryButton.disabled).toBe(s.matches('retrying'));
  const close = button('Close', card);
  if (over) expect(close?.disabled).toBe(s.matches('retrying'));
  else expect(close).toBeNull();
}

function expectConfirmation(s: Snapshot) {
  const asking = s.matches('confirming') || s.matches('requesting');
  expect(isDialogOpen('alertdialog', 'Email payslips')).toBe(asking);
  if (!asking) return;
  const dialog = openDialog('alertdialog', 'Email payslips');
  expect(shownPeriod()).toEqual(periodOf(s.context));
  expect(
    within(dialog).getByText(
      `E-mail the 12 processed payslips of ${nameOf(s.context)} to their staff, each with their payslip as a PDF? Staff already e-mailed their payslip are left out.`,
    ),
  ).toBeInTheDocument();
  const sending = s.matches('requesting');
  expect(button('Cancel', dialog)?.disabled).toBe(sending);
  if (sending) {
    expect(button('Send', dialog)).toBeNull();
    expect(button('Processing...', dialog)?.disabled).toBe(true);
  } else {
    expect(button('Send', dialog)?.disabled).toBe(false);
  }
}

function expectToasts(s: Snapshot, event: Event | null, before: Snapshot | null) {
  const period = periodOf(before?.context ?? { year: 0, month: 0 });
  if (event?.type === 'xstate.done.actor.requestEmails') {
    if (event.output.total > 0) expectToast('Emailing payslips', queuedMessage(period));
    else expectToast('No payslips to email', nothingMessage(period));
    return;
  }
  if (event?.type === 'xstate.error.actor.requestEmails') {
    expectToast('Failed to email payslips', 'The job queue is not running in this process.');
    return;
  }
  if (event?.type === 'xstate.error.actor.retryFailed') {
    expectToast('Failed to email payslips', 'Job not found.');
    return;
  }
  if (event?.type === 'xstate.done.actor.fetchProgress' && s.matches('finished')) {
    if (event.output.failed === 0) expectToast('Payslips sent', '12 of 12 sent.');
    else expectToast('Some payslips were not sent', '10 of 12 sent; 2 failed.');
    return;
  }
  // Nothing else says anything: every toast showing was there before the step.
  for (const title of toastTitles()) expect(toastsBefore, `no new toast '${title}'`).toContain(title);
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null, before: Snapshot | null) {
  expect(window.location.pathname).toBe('/admin/pay-records');
  expect(document.querySelector('h1')?.textContent).toBe('View Processed Records');
  if (event === null) {
    requestsBefore = 0;
    toastsBefore = [];
  }
  expectRequests(app, s, event, before);
  // Email payslips is offered once a list with processed payslips shows, and not while a job is in hand.
  const email = button('Email payslips');
  expect(email, 'the Email payslips button').not.toBeNull();
  expect(email?.disabled, 'Email payslips disabled?').toBe(
    !(s.matches('idle') && s.context.staff.length > 0),
  );
  if (s.context.year !== 0) {
    const paid = `A total of ${s.context.staff.length} employees with processed payslips.`;
    expect(screen.getByText(paid)).toBeInTheDocument();
  }
  // The records screen hands over the staff of the list it shows, by user id and name.
  if (event?.type === 'period.loaded') expect(s.context.staff).toEqual(event.staff);
  expectConfirmation(s);
  expectCard(s);
  expectToasts(s, event, before);
}

const label = (event: Event) => {
  switch (event.type) {
    case 'period.loaded':
      return `period.loaded (${event.month === shownFirst.month && event.year === shownFirst.year ? 'this month' : 'another month'}, ${event.staff.length} processed)`;
    case 'xstate.done.actor.requestEmails':
      return `requestEmails done (${event.output.total === 0 ? 'nothing to send' : 'queued'})`;
    case 'xstate.done.actor.fetchProgress':
    case 'xstate.done.actor.retryFailed':
      return `${describeEvent(event)} (${event.output.status} ${event.output.done}/${event.output.failed})`;
    default:
      return describeEvent(event);
  }
};

describeModelWalk<Machine, Event>({
  title: 'payslip-emails statechart, walked through View Processed Records (/admin/pay-records)',
  machine: payslipEmailsMachine,
  actor,
  plan,
  open: () => renderApp({ path: '/admin/pay-records', storage: signedInAdmin, inspect: actor.inspect }),
  perform,
  expectScreen,
  label,
  serialize,
});
