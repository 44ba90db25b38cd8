import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { JobProgress } from '../../src/domain/payslip-emails';
import type { RecordedRequest } from '../machines/fake-server';
import { isDialogOpen, openDialog } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { MONTHS } from './calendar-words';

/**
 * Email payslips on View Processed Records (/admin/pay-records) as issue 16 adds it to spec section 2 (Admin
 * pay records): offered once the Processed List shows processed payslips; a confirmation names the month and
 * how many; Send queues the month's e-mails (Cancel sends nothing); a card follows the job ('N of M sent',
 * the bar so named), lists the payslips not sent by the names of the job's own month with their reasons,
 * offers Retry failed and Close; the toasts say what happened. Section 8: 'Processing...' on a button while
 * its request is in flight; one toast at a time.
 * Issue 34, item 2: without SMTP_URL nothing leaves the machine, so the confirmation (which asks GET /company
 * how mail is delivered, Send waiting for the answer), the progress and the toast read 'kept in the outbox
 * (e-mail is not set up)' instead of sent; when the answer does not come, the question is the plain one.
 */

export interface Period {
  year: number;
  month: number;
}
export const nameOf = (p: Period) => `${MONTHS[p.month - 1]} ${p.year}`;
export interface Person {
  id: number;
  name: string;
}
export type Progress = Pick<JobProgress, 'status' | 'done' | 'failed' | 'errors' | 'delivery'>;

export const PROCESSED_GET = '/api/payslips/processed/aggregates';
export const EMAIL_PATH = '/api/payslips/email';
export const COMPANY_PATH = '/api/company';
/** The issue's words for what happens to a payslip without SMTP. */
export const KEPT = 'kept in the outbox (e-mail is not set up)';
export const JOB = '3f2b8c1e-7d4a-4e6b-9c2d-5a1f0e8b7c63';
export const JOB_PATH = `/api/jobs/${JOB}`;
export const RETRY_PATH = `/api/jobs/${JOB}/retry`;
export const TOTAL = 12;
export const QUEUE_DOWN = 'The job queue is not running in this process.';
export const JOB_GONE = 'Job not found.';

/** The server's words for the period asked. */
export const queuedMessage = (p: Period) => `${TOTAL} payslips of ${nameOf(p)} are being e-mailed.`;
export const nothingMessage = (p: Period) =>
  `Every processed payslip of ${nameOf(p)} has been e-mailed already; nothing was sent again.`;

interface Described {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export interface EmailsModel {
  /** The period the pickers show and its Processed List (null until the first list answers). */
  shown: Period;
  staff: Person[] | null;
  /** The job in hand: its month, the names of that month's staff, its progress. */
  job: { period: Period; staff: Person[]; progress: Progress } | null;
  /** Every request to the lists and the e-mail endpoints so far, in order. */
  requests: Described[];
  toast: { title: string; description?: string } | null;
  /** What the open confirmation knows of mail delivery: being asked, the answer, or no answer. */
  mail: 'asking' | 'SMTP' | 'OUTBOX' | 'unknown';
}

export type EmailsEvent =
  | { type: 'server.sendsList'; staff: Person[] }
  | { type: 'user.showsPeriod'; period: Period; staff: Person[] }
  | { type: 'user.asksToEmail' }
  | { type: 'user.cancels' }
  | { type: 'user.sends' }
  | { type: 'server.queues' }
  | { type: 'server.hasNothingToSend' }
  | { type: 'server.refusesEmails' }
  | { type: 'clock.pollDelay' }
  | { type: 'server.reports'; progress: Progress }
  | { type: 'server.failsReport' }
  | { type: 'user.retriesFailed' }
  | { type: 'server.requeues' }
  | { type: 'server.refusesRetry' }
  | { type: 'user.closes' }
  | { type: 'server.tellsDelivery'; mode: 'SMTP' | 'OUTBOX' }
  | { type: 'server.failsDelivery' };

/** What the server delivers through: what /company said, and SMTP (this test server's) when it did not say. */
export const deliveryOf = (c: EmailsModel): 'SMTP' | 'OUTBOX' => (c.mail === 'OUTBOX' ? 'OUTBOX' : 'SMTP');
/** The confirm button's words: it does not promise sending when nothing will be sent. */
export const confirmLabel = (c: EmailsModel) => (c.mail === 'OUTBOX' ? 'Keep in outbox' : 'Send');

const listOf = (p: Period): Described => ({
  method: 'GET',
  path: PROCESSED_GET,
  query: { year: String(p.year), month: String(p.month) },
});
const relevant = (r: RecordedRequest) =>
  r.path === PROCESSED_GET ||
  r.path === EMAIL_PATH ||
  r.path === COMPANY_PATH ||
  r.path.startsWith('/api/jobs/');
const described = (r: RecordedRequest): Described => ({
  method: r.method,
  path: r.path,
  ...(r.query.size ? { query: Object.fromEntries(r.query) } : {}),
  ...(r.body === undefined ? {} : { body: r.body }),
});

/** A button by its text (role queries over the whole page are slow in jsdom). */
export const button = (text: string, inside: ParentNode = document) =>
  [...inside.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) ?? null;

function expectToastNow(toast: EmailsModel['toast']) {
  const shown = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent,
    description: root.querySelector('[data-part="description"]')?.textContent,
  }));
  expect(
    shown.map((t) => t.title),
    'the toasts showing',
  ).toEqual(toast ? [toast.title] : []);
  if (toast?.description) expect(shown[0]?.description, `toast '${toast.title}'`).toBe(toast.description);
}

const cardHeading = () =>
  [...document.querySelectorAll('h2')].find((h) => h.textContent?.startsWith('Emailing payslips for '));

/** The progress card of the job in hand: what it counts, the bar, the payslips not sent by name. */
function expectCard(c: EmailsModel, over: boolean, retrying: boolean) {
  const job = c.job as NonNullable<EmailsModel['job']>;
  const heading = cardHeading();
  // The job's month, whichever the pickers show now.
  expect(heading?.textContent).toBe(`Emailing payslips for ${nameOf(job.period)}`);
  const card = heading?.closest('.chakra-card__body') as HTMLElement;
  const { done, failed, errors, delivery } = job.progress;
  const sent = delivery === 'OUTBOX' ? `${done} of ${TOTAL} ${KEPT}` : `${done} of ${TOTAL} sent`;
  expect(within(card).getByText(sent)).toBeInTheDocument();
  // The bar is named what the label reads and stands at the sends finished (sent or failed) of the total.
  const bar = within(card).getByRole('progressbar');
  expect(bar).toHaveAccessibleName(sent);
  expect(bar).toHaveAttribute('aria-valuenow', String(done + failed));
  expect(bar).toHaveAttribute('aria-valuemax', String(TOTAL));
  const allDone = within(card).queryByText(
    delivery === 'OUTBOX' ? `All ${TOTAL} payslips ${KEPT}.` : `All ${TOTAL} payslips sent.`,
  );
  if (over && !retrying && failed === 0) expect(allDone).toBeInTheDocument();
  else expect(allDone).toBeNull();
  const list = card.querySelector('ul[aria-label="Payslips not sent"]');
  if (errors.length > 0) {
    expect(within(card).getByText(`${failed} not sent:`)).toBeInTheDocument();
    // By the names of the job's own month, whatever month shows now.
    const names = errors.map(
      (e) => `${job.staff.find((p) => p.id === e.userId)?.name ?? `Employee ${e.userId}`}: ${e.message}`,
    );
    expect([...(list?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual(names);
  } else {
    expect(list).toBeNull();
  }
  const retry = button(retrying ? 'Processing...' : 'Retry failed', card);
  if (over && failed > 0) expect(retry?.disabled, 'Retry failed waits while retrying').toBe(retrying);
  else expect(retry, 'Retry failed only after failures').toBeNull();
  const close = button('Close', card);
  if (over) expect(close?.disabled, 'Close waits while retrying').toBe(retrying);
  else expect(close, 'no Close while the job runs').toBeNull();
}

const noCard = () => {
  expect(cardHeading(), 'no progress card').toBeUndefined();
  expect(button('Retry failed')).toBeNull();
  expect(button('Close')).toBeNull();
};

const isOver = (p: Progress) => p.status === 'completed' || p.status === 'failed';
const log = (c: EmailsModel, ...more: Described[]) => [...c.requests, ...more];

export const payslipEmailsModel = setup({
  types: { context: {} as EmailsModel, events: {} as EmailsEvent, input: {} as { shown: Period } },
  guards: {
    firstList: ({ context }) => context.staff === null,
    listShown: ({ context }) => context.staff !== null,
    hasProcessed: ({ context }) => (context.staff?.length ?? 0) > 0,
    jobOver: ({ event }) => event.type === 'server.reports' && isOver(event.progress),
    hasFailures: ({ context }) => (context.job?.progress.failed ?? 0) > 0,
    toldOutbox: ({ event }) => event.type === 'server.tellsDelivery' && event.mode === 'OUTBOX',
  },
}).createMachine({
  id: 'payslipEmailsModel',
  context: ({ input }) => ({
    shown: input.shown,
    staff: null,
    job: null,
    requests: [listOf(input.shown)],
    toast: null,
    mail: 'asking',
  }),
  meta: shows((app, m) => {
    const c = m.context as EmailsModel;
    expect(window.location.pathname).toBe('/admin/pay-records');
    expect(document.querySelector('h1')?.textContent).toBe('View Processed Records');
    expect(app.server.requests.filter(relevant).map(described), 'the requests so far').toEqual(c.requests);
    expect((screen.getByLabelText('Month') as HTMLSelectElement).value).toBe(String(c.shown.month));
    if (c.staff) {
      const table = document.querySelector('table[aria-label="Processed List"]');
      expect(table?.querySelector('caption')?.textContent).toBe(
        `A total of ${c.staff.length} employees with processed payslips.`,
      );
    }
    // Email payslips is offered once a list with processed payslips shows, and not while a job is in hand.
    const offered = m.matches('idle') && (c.staff?.length ?? 0) > 0;
    expect(button('Email payslips')?.disabled, 'Email payslips disabled').toBe(!offered);
    const asking = m.matches('confirming') || m.matches('sending');
    expect(isDialogOpen('alertdialog', 'Email payslips'), 'the confirmation open').toBe(asking);
    expectToastNow(c.toast);
  }),
  on: {
    'server.sendsList': {
      guard: 'firstList',
      actions: assign({ staff: ({ event }) => event.staff }),
    },
  },
  initial: 'idle',
  states: {
    idle: {
      meta: shows(noCard),
      on: {
        'user.showsPeriod': {
          guard: 'listShown',
          actions: assign(({ context, event }) => ({
            shown: event.period,
            staff: event.staff,
            requests: log(context, listOf(event.period)),
          })),
        },
        'user.asksToEmail': {
          guard: 'hasProcessed',
          target: 'confirming',
          actions: assign(({ context }) => ({
            mail: 'asking' as const,
            requests: log(context, { method: 'GET', path: COMPANY_PATH }),
          })),
        },
      },
    },
    confirming: {
      meta: shows(() => {
        const dialog = openDialog('alertdialog', 'Email payslips');
        expect(button('Cancel', dialog)?.disabled).toBe(false);
        noCard();
      }),
      // Cancel closes the dialog and sends nothing.
      on: { 'user.cancels': { target: 'idle' } },
      initial: 'checking',
      states: {
        checking: {
          // How mail leaves is asked; Send waits for the answer.
          meta: shows(() => {
            expect(button('Send', openDialog('alertdialog', 'Email payslips'))?.disabled).toBe(true);
          }),
          on: {
            'server.tellsDelivery': [
              { guard: 'toldOutbox', target: 'asking', actions: assign({ mail: 'OUTBOX' }) },
              { target: 'asking', actions: assign({ mail: 'SMTP' }) },
            ],
            'server.failsDelivery': { target: 'asking', actions: assign({ mail: 'unknown' }) },
          },
        },
        asking: {
          meta: shows((_app, m) => {
            const c = m.context as EmailsModel;
            const dialog = openDialog('alertdialog', 'Email payslips');
            const text = dialog.textContent ?? '';
            if (c.mail === 'OUTBOX') {
              // Says what will happen: kept, not sent; the month and how many.
              expect(text).toContain(KEPT);
              expect(text).toContain(`${c.staff?.length} processed payslips of ${nameOf(c.shown)}`);
              expect(text).not.toMatch(/E-mail the|will be sent/);
            } else {
              expect(
                within(dialog).getByText(
                  `E-mail the ${c.staff?.length} processed payslips of ${nameOf(c.shown)} to their staff, each with their payslip as a PDF? Staff already e-mailed their payslip are left out.`,
                ),
              ).toBeInTheDocument();
            }
            expect(button(confirmLabel(c), dialog)?.disabled).toBe(false);
          }),
          on: {
            'user.sends': {
              target: '#payslipEmailsModel.sending',
              actions: assign(({ context }) => ({
                requests: log(context, { method: 'POST', path: EMAIL_PATH, body: context.shown }),
              })),
            },
          },
        },
      },
    },
    sending: {
      meta: shows(() => {
        const dialog = openDialog('alertdialog', 'Email payslips');
        expect(button('Send', dialog)).toBeNull();
        expect(button('Keep in outbox', dialog)).toBeNull();
        expect(button('Processing...', dialog)?.disabled).toBe(true);
        expect(button('Cancel', dialog)?.disabled).toBe(true);
      }),
      on: {
        'server.queues': {
          target: 'following',
          actions: assign(({ context }) => ({
            job: {
              period: context.shown,
              staff: context.staff ?? [],
              progress: {
                status: 'queued' as const,
                done: 0,
                failed: 0,
                errors: [],
                delivery: deliveryOf(context),
              },
            },
            toast: { title: 'Emailing payslips', description: queuedMessage(context.shown) },
          })),
        },
        // Everyone was e-mailed before: the answer says so and nothing is followed.
        'server.hasNothingToSend': {
          target: 'idle',
          actions: assign(({ context }) => ({
            toast: { title: 'No payslips to email', description: nothingMessage(context.shown) },
          })),
        },
        'server.refusesEmails': {
          target: 'idle',
          actions: assign({ toast: { title: 'Failed to email payslips', description: QUEUE_DOWN } }),
        },
      },
    },
    following: {
      meta: shows((_app, m) => expectCard(m.context as EmailsModel, false, false)),
      on: {
        'user.showsPeriod': {
          actions: assign(({ context, event }) => ({
            shown: event.period,
            staff: event.staff,
            requests: log(context, listOf(event.period)),
          })),
        },
      },
      initial: 'waiting',
      states: {
        waiting: {
          // A second between two looks at the job.
          on: {
            'clock.pollDelay': {
              target: 'looking',
              actions: assign(({ context }) => ({
                requests: log(context, { method: 'GET', path: JOB_PATH }),
              })),
            },
          },
        },
        looking: {
          on: {
            'server.reports': [
              {
                guard: 'jobOver',
                target: '#payslipEmailsModel.finished',
                actions: assign(({ context, event }) => {
                  const job = context.job as NonNullable<EmailsModel['job']>;
                  const { done, failed } = event.progress;
                  const outbox = job.progress.delivery === 'OUTBOX';
                  const counted = outbox ? `${done} of ${TOTAL} ${KEPT}` : `${done} of ${TOTAL} sent`;
                  return {
                    // The server's progress carries how this server delivers: the job's.
                    job: { ...job, progress: { ...event.progress, delivery: job.progress.delivery } },
                    toast:
                      failed === 0
                        ? {
                            title: outbox ? 'Payslips kept in the outbox' : 'Payslips sent',
                            description: `${counted}.`,
                          }
                        : {
                            title: 'Some payslips were not sent',
                            description: `${counted}; ${failed} failed.`,
                          },
                  };
                }),
              },
              {
                target: 'waiting',
                actions: assign(({ context, event }) => {
                  const job = context.job as NonNullable<EmailsModel['job']>;
                  return {
                    job: { ...job, progress: { ...event.progress, delivery: job.progress.delivery } },
                  };
                }),
              },
            ],
            // A failed look (a network blip): the next one tries again, quietly.
            'server.failsReport': { target: 'waiting' },
          },
        },
      },
    },
    finished: {
      meta: shows((_app, m) => expectCard(m.context as EmailsModel, true, false)),
      on: {
        'user.showsPeriod': {
          actions: assign(({ context, event }) => ({
            shown: event.period,
            staff: event.staff,
            requests: log(context, listOf(event.period)),
          })),
        },
        'user.retriesFailed': {
          guard: 'hasFailures',
          target: 'retrying',
          actions: assign(({ context }) => ({
            requests: log(context, { method: 'POST', path: RETRY_PATH, body: {} }),
          })),
        },
        'user.closes': { target: 'idle', actions: assign({ job: null }) },
      },
    },
    retrying: {
      meta: shows((_app, m) => expectCard(m.context as EmailsModel, true, true)),
      on: {
        // The failed sends are queued again and followed.
        'server.requeues': {
          target: 'following',
          actions: assign(({ context }) => {
            const job = context.job as NonNullable<EmailsModel['job']>;
            return {
              job: {
                ...job,
                progress: {
                  status: 'queued' as const,
                  done: job.progress.done,
                  failed: 0,
                  errors: [],
                  delivery: job.progress.delivery,
                },
              },
            };
          }),
        },
        'server.refusesRetry': {
          target: 'finished',
          actions: assign({ toast: { title: 'Failed to email payslips', description: JOB_GONE } }),
        },
      },
    },
  },
});
