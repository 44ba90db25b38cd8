import { screen } from '@testing-library/react';
import { payslipEmailsMachine } from '../../machines/payslip-emails.machine';
import { todayIso } from '../../src/domain/dates';
import type { JobProgress } from '../../src/domain/payslip-emails';
import type { PayslipAggregate } from '../../src/domain/payslips';
import {
  button,
  COMPANY_PATH,
  confirmLabel,
  deliveryOf,
  EMAIL_PATH,
  type EmailsEvent,
  type EmailsModel,
  JOB,
  JOB_GONE,
  JOB_PATH,
  nothingMessage,
  type Period,
  PROCESSED_GET,
  type Progress,
  payslipEmailsModel,
  QUEUE_DOWN,
  queuedMessage,
  RETRY_PATH,
} from '../models/payslip-emails.model';
import { admin } from '../views/fixtures';
import { setUpCompany } from './fixtures';
import { advance, openDialog, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * Email payslips (issue 16) walked from its spec model (tests/models/payslip-emails.model.ts) through View
 * Processed Records (/admin/pay-records): the confirmation (Cancel against Send), the job followed to its
 * end, the payslips not sent by the names of the job's own month, Retry failed and Close, with the server's
 * answers from the fake server and the poll on the fake clock. The app's payslip-emails machine is only
 * watched, for coverage. Issue 34: the confirmation asks how mail is delivered; without SMTP every word
 * says kept in the outbox.
 */

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const thisMonth = Number(today.slice(5, 7));
const shownFirst = { year: thisYear, month: thisMonth };
/** Another period the pickers reach in one change: last month, or in January the Year picker's last year. */
const otherPeriod =
  thisMonth > 1 ? { year: thisYear, month: thisMonth - 1 } : { year: thisYear - 1, month: 1 };

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

/** Refused by the SMTP server to the last try, and the other one's server never answered. */
const REFUSED = "Can't send mail - all recipients were rejected: 450 4.2.1 Mailbox temporarily unavailable";
const TIMED_OUT = 'Connection timeout';
const failures = [
  { userId: userIdOf('Nur Aisyah binti Rahman'), message: REFUSED },
  // On the list's second page: the name comes from the whole list, not the page shown.
  { userId: userIdOf('Daniel Koh Jun Jie'), message: TIMED_OUT },
];

/** The server's progress (its delivery is the job's own: the walk answers with the model's). */
const progress = (p: Omit<JobProgress, 'id' | 'kind' | 'total' | 'delivery'>): Progress => ({
  ...p,
  delivery: 'SMTP',
});
const running = progress({ status: 'running', done: 5, failed: 0, errors: [] });
const runningWithFailure = progress({ status: 'running', done: 7, failed: 1, errors: failures.slice(0, 1) });
const allSent = progress({ status: 'completed', done: 12, failed: 0, errors: [] });
const someFailed = progress({ status: 'failed', done: 10, failed: 2, errors: failures });

const people = (names: readonly string[]) => names.map((name) => ({ id: userIdOf(name), name }));
const first: EmailsEvent = { type: 'server.sendsList', staff: people(STAFF) };
const showOther = (names: readonly string[] = STAFF): EmailsEvent => ({
  type: 'user.showsPeriod',
  period: otherPeriod,
  staff: people(names),
});
const showFirst: EmailsEvent = { type: 'user.showsPeriod', period: shownFirst, staff: people(STAFF) };
const ask: EmailsEvent = { type: 'user.asksToEmail' };
const send: EmailsEvent = { type: 'user.sends' };
const cancel: EmailsEvent = { type: 'user.cancels' };
const queued: EmailsEvent = { type: 'server.queues' };
const poll: EmailsEvent = { type: 'clock.pollDelay' };
const reports = (p: Progress): EmailsEvent => ({ type: 'server.reports', progress: p });
const retry: EmailsEvent = { type: 'user.retriesFailed' };
const requeued: EmailsEvent = { type: 'server.requeues' };
const smtp: EmailsEvent = { type: 'server.tellsDelivery', mode: 'SMTP' };
const outbox: EmailsEvent = { type: 'server.tellsDelivery', mode: 'OUTBOX' };

const events: EmailsEvent[] = [
  first,
  { type: 'server.sendsList', staff: [] },
  showOther(),
  showFirst,
  ask,
  cancel,
  send,
  queued,
  { type: 'server.hasNothingToSend' },
  { type: 'server.refusesEmails' },
  poll,
  reports(running),
  reports(runningWithFailure),
  reports(allSent),
  reports(someFailed),
  { type: 'server.failsReport' },
  retry,
  requeued,
  { type: 'server.refusesRetry' },
  { type: 'user.closes' },
  smtp,
  outbox,
  { type: 'server.failsDelivery' },
];

type ModelSnapshot = { value: unknown; context: EmailsModel };

/** The pickers change to another period than the one shown. */
function canProduce(m: ModelSnapshot, event: EmailsEvent) {
  if (event.type !== 'user.showsPeriod') return true;
  const { shown } = m.context;
  return event.period.month !== shown.month || event.period.year !== shown.year;
}

/** The guards read whether the list is in, whether it has processed payslips, whether the job has failures. */
const serialize = (m: ModelSnapshot) =>
  JSON.stringify([
    m.value,
    m.context.staff === null ? null : m.context.staff.length > 0,
    (m.context.job?.progress.failed ?? 0) > 0,
    m.context.mail,
    m.context.job?.progress.delivery,
  ]);

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const shownPeriod = (): Period => ({
  year: Number(select('Year').value),
  month: Number(select('Month').value),
});

/** The Processed List and its totals row (issue 34), as the server answers them for these rows. */
function answerList(app: RunningApp, rows: PayslipAggregate[]) {
  app.server.answer('GET', PROCESSED_GET, 200, rows);
  const sum = (pick: (row: PayslipAggregate) => number) =>
    rows.reduce((total, row) => total + Math.round(pick(row) * 100), 0) / 100;
  app.server.answer('GET', '/api/payslips/processed/totals', 200, {
    payslips: rows.length,
    grossPay: sum((row) => row.grossPay),
    employeeCpf: sum((row) => row.totalEmployeeCpfContribution),
    employerCpf: sum((row) => row.totalEmployerCpfContribution),
    selfHelpGroup: sum((row) => row.selfHelpGroupContribution),
    netPay: sum((row) => row.netPay),
    otherItems: sum((row) => row.otherItems),
    netPayable: sum((row) => row.netPayable),
  });
}

async function perform(app: RunningApp, event: EmailsEvent, m: ModelSnapshot) {
  const dialog = () => openDialog('alertdialog', 'Email payslips');
  switch (event.type) {
    case 'server.sendsList':
      answerList(
        app,
        processedRows(
          m.context.shown,
          event.staff.map((p) => p.name),
        ),
      );
      break;
    case 'user.showsPeriod':
      if (event.period.year !== shownPeriod().year)
        await app.user.selectOptions(select('Year'), String(event.period.year));
      else await app.user.selectOptions(select('Month'), String(event.period.month));
      await settle();
      answerList(
        app,
        processedRows(
          event.period,
          event.staff.map((p) => p.name),
        ),
      );
      break;
    case 'user.asksToEmail':
      await app.user.click(button('Email payslips') as HTMLElement);
      break;
    case 'user.sends':
      await app.user.click(button(confirmLabel(m.context), dialog()) as HTMLElement);
      break;
    case 'server.tellsDelivery':
      app.server.answerLatest('GET', COMPANY_PATH, 200, {
        ...setUpCompany,
        mailDelivery:
          event.mode === 'SMTP' ? { mode: 'SMTP', host: 'smtp.acme.example' } : { mode: 'OUTBOX' },
      });
      break;
    case 'server.failsDelivery':
      app.server.answerLatest('GET', COMPANY_PATH, 500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'The database is unavailable.',
      });
      break;
    case 'user.cancels':
      await app.user.click(button('Cancel', dialog()) as HTMLElement);
      break;
    case 'user.retriesFailed':
      await app.user.click(button('Retry failed') as HTMLElement);
      break;
    case 'user.closes':
      await app.user.click(button('Close') as HTMLElement);
      break;
    case 'server.queues':
      app.server.answer('POST', EMAIL_PATH, 202, {
        jobId: JOB,
        total: 12,
        skipped: 0,
        message: queuedMessage(m.context.shown),
        delivery: deliveryOf(m.context),
      });
      break;
    case 'server.hasNothingToSend':
      app.server.answer('POST', EMAIL_PATH, 202, {
        jobId: 'f0e1d2c3-b4a5-4968-8776-655443322110',
        total: 0,
        skipped: 12,
        message: nothingMessage(m.context.shown),
        delivery: deliveryOf(m.context),
      });
      break;
    case 'server.refusesEmails':
      app.server.answer('POST', EMAIL_PATH, 503, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: QUEUE_DOWN,
      });
      break;
    case 'clock.pollDelay':
      await advance(1000);
      break;
    case 'server.reports':
      app.server.answer('GET', JOB_PATH, 200, {
        id: JOB,
        kind: 'payslipEmails',
        total: 12,
        ...event.progress,
        delivery: m.context.job?.progress.delivery ?? 'SMTP',
      });
      break;
    case 'server.failsReport':
      app.server.answer('GET', JOB_PATH, 500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'The database is unavailable.',
      });
      break;
    case 'server.requeues': {
      const done = m.context.job?.progress.done ?? 0;
      app.server.answer('POST', RETRY_PATH, 200, {
        id: JOB,
        kind: 'payslipEmails',
        total: 12,
        status: 'queued',
        done,
        failed: 0,
        errors: [],
        delivery: m.context.job?.progress.delivery ?? 'SMTP',
      });
      break;
    }
    case 'server.refusesRetry':
      app.server.answer('POST', RETRY_PATH, 404, { statusCode: 404, error: 'Not Found', message: JOB_GONE });
      break;
  }
  await settle();
}

const label = (event: EmailsEvent) => {
  switch (event.type) {
    case 'server.sendsList':
      return `server.sendsList (${event.staff.length} processed)`;
    case 'user.showsPeriod':
      return `user.showsPeriod (${event.period.month === shownFirst.month && event.period.year === shownFirst.year ? 'this month' : 'another month'}, ${event.staff.length} processed)`;
    case 'server.reports':
      return `server.reports (${event.progress.status} ${event.progress.done}/${event.progress.failed})`;
    default:
      return event.type;
  }
};

describeSpecWalk({
  title: 'Email payslips on View Processed Records (/admin/pay-records), walked from its spec model',
  model: payslipEmailsModel,
  starts: [{ name: 'admin opens View Processed Records', input: { shown: shownFirst } }],
  events,
  canProduce: canProduce as never,
  serialize: serialize as never,
  app: { machine: payslipEmailsMachine },
  open: (_path, inspect) => renderApp({ path: '/admin/pay-records', storage: signedIn(admin), inspect }),
  perform: (app, event, model) => perform(app, event, model as unknown as ModelSnapshot),
  label,
  scenarios: [
    {
      name: 'the confirmation: Cancel sends nothing, then Send queues the month',
      events: [first, ask, cancel, ask, smtp, send, queued],
    },
    {
      name: 'the whole story: progress, a failure while running, two failures at the end, Retry failed, all sent, Close',
      events: [
        first,
        ask,
        smtp,
        send,
        queued,
        poll,
        reports(running),
        poll,
        reports(runningWithFailure),
        poll,
        reports(someFailed),
        retry,
        requeued,
        poll,
        reports(allSent),
        { type: 'user.closes' },
      ],
    },
    {
      name: "another month e-mailed; the month shown meanwhile does not change the job's month",
      events: [
        first,
        showOther(),
        ask,
        smtp,
        send,
        queued,
        showFirst,
        poll,
        reports(someFailed),
        showOther(),
        retry,
        requeued,
      ],
    },
    {
      name: "the payslips not sent keep the names of the job's month while a month without those staff shows",
      events: [
        first,
        ask,
        smtp,
        send,
        queued,
        poll,
        reports(runningWithFailure),
        showOther(BEFORE_THEY_JOINED),
        poll,
        reports(someFailed),
        showFirst,
        showOther(BEFORE_THEY_JOINED),
        retry,
        requeued,
      ],
    },
    {
      name: 'a failed look at the job is followed by another',
      events: [first, ask, smtp, send, queued, poll, { type: 'server.failsReport' }, poll, reports(allSent)],
    },
    {
      name: 'a refused retry keeps the failures; the next Retry failed goes through',
      events: [
        first,
        ask,
        smtp,
        send,
        queued,
        poll,
        reports(someFailed),
        retry,
        { type: 'server.refusesRetry' },
        retry,
        requeued,
      ],
    },
    {
      name: 'e-mail not set up: the question, the progress and the toast say kept in the outbox',
      events: [first, ask, outbox, send, queued, poll, reports(running), poll, reports(allSent)],
    },
    {
      name: 'how mail is delivered not known: the plain question, and Send goes through',
      events: [first, ask, { type: 'server.failsDelivery' }, send, queued],
    },
    { name: 'nothing processed: nothing to e-mail', events: [{ type: 'server.sendsList', staff: [] }] },
    {
      name: 'refused, then everyone e-mailed before: nothing is followed',
      events: [
        first,
        ask,
        smtp,
        send,
        { type: 'server.refusesEmails' },
        ask,
        smtp,
        send,
        { type: 'server.hasNothingToSend' },
      ],
    },
  ],
});
