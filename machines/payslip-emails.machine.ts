import { assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { MailDelivery } from '../src/domain/company';
import { payrollToasts } from '../src/domain/messages/payroll';
import type { EmailPayslipsAnswer, JobProgress } from '../src/domain/payslip-emails';
import { notProvided, type ToastParams } from './effects';

/**
 * Email payslips on View Processed Records (issue 16): after a confirmation, the month's processed
 * payslips are queued for e-mail and the job's progress is followed ('N of M sent') until it ends;
 * the failures show with their reasons, and Retry failed sends them again. The records screen's
 * machine (machines/payroll-period.machine.ts) spawns this one and tells it the period shown. The
 * confirmation first asks how this server delivers mail (issue 34), so that without SMTP it says the
 * payslips will be kept in the outbox rather than sent.
 */

/** How often a running job's progress is asked for. */
export const PROGRESS_POLL_MS = 1000;

export interface PayslipEmailsContext {
  year: number;
  month: number;
  /** Staff with a processed payslip in the period shown: nothing to e-mail without them. */
  staff: StaffName[];
  /** The job being followed, and the period it e-mails. */
  jobId: string | null;
  jobPeriod: { year: number; month: number } | null;
  /** The names of the job's staff, kept from its month: the failures name them whatever month shows. */
  jobStaff: StaffName[];
  progress: JobProgress | null;
  /** The server's answer to the request ("10 payslips ... are being e-mailed; 3 ... left out"). */
  answer: string | null;
  /** How mail leaves this server, asked each time the confirmation opens; null until known or if unknown. */
  mailDelivery: MailDelivery | null;
}

export interface StaffName {
  id: number;
  name: string;
}

export type PayslipEmailsEvent =
  /** From the records screen: the period it shows and its processed staff, once its list is loaded. */
  | { type: 'period.loaded'; year: number; month: number; staff: StaffName[] }
  | { type: 'emails.request' }
  | { type: 'emails.confirm' }
  | { type: 'emails.cancel' }
  | { type: 'emails.retry' }
  | { type: 'emails.dismiss' };

const isOver = (progress: JobProgress | null) =>
  progress !== null && (progress.status === 'completed' || progress.status === 'failed');

export const payslipEmailsMachine = setup({
  types: {
    context: {} as PayslipEmailsContext,
    events: {} as PayslipEmailsEvent,
  },
  actors: {
    requestEmails: fromPromise<EmailPayslipsAnswer, { year: number; month: number }>(
      notProvided('payslip-emails', 'requestEmails'),
    ),
    fetchProgress: fromPromise<JobProgress, { jobId: string }>(
      notProvided('payslip-emails', 'fetchProgress'),
    ),
    retryFailed: fromPromise<JobProgress, { jobId: string }>(notProvided('payslip-emails', 'retryFailed')),
    /** GET /company's `mailDelivery` (ADMIN): SMTP, or the outbox when mail is not set up. */
    loadMailDelivery: fromPromise<MailDelivery>(notProvided('payslip-emails', 'loadMailDelivery')),
  },
  actions: {
    notify: notProvided('payslip-emails', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    hasProcessedPayslips: ({ context }) => context.staff.length > 0,
    hasNothingToSend: (_, answer: EmailPayslipsAnswer) => answer.total === 0,
    isJobOver: (_, progress: JobProgress) => isOver(progress),
    hasFailures: ({ context }) => (context.progress?.failed ?? 0) > 0,
  },
  delays: { pollDelay: PROGRESS_POLL_MS },
}).createMachine({
  id: 'payslipEmails',
  description: "Email payslips: confirm, queue the month's sends, follow the job, retry its failures.",
  context: {
    year: 0,
    month: 0,
    staff: [],
    jobId: null,
    jobPeriod: null,
    jobStaff: [],
    progress: null,
    answer: null,
    mailDelivery: null,
  },
  on: {
    'period.loaded': {
      description: 'The records screen shows another period (a job in hand is still followed).',
      actions: assign(({ event }) => ({
        year: event.year,
        month: event.month,
        staff: event.staff,
      })),
    },
  },
  initial: 'idle',
  states: {
    idle: {
      description: "'Email payslips' is offered when the period has processed payslips.",
      on: { 'emails.request': { guard: 'hasProcessedPayslips', target: 'confirming' } },
    },
    confirming: {
      description: 'A dialog asks before anything is sent; Cancel closes it.',
      on: { 'emails.cancel': 'idle' },
      initial: 'checkingDelivery',
      states: {
        checkingDelivery: {
          description: 'How mail is delivered is asked; Send waits for the answer.',
          invoke: {
            id: 'loadMailDelivery',
            src: 'loadMailDelivery',
            onDone: {
              target: 'asking',
              description: 'Known: the question says sent, or kept in the outbox (e-mail is not set up).',
              actions: assign({ mailDelivery: ({ event }) => event.output }),
            },
            onError: {
              target: 'asking',
              description: 'Not known: the question is the plain one; the progress still says what happened.',
              actions: assign({ mailDelivery: null }),
            },
          },
        },
        asking: {
          description: "The question with Send ('Keep in outbox' without SMTP) and Cancel.",
          on: { 'emails.confirm': '#payslipEmails.requesting' },
        },
      },
    },
    requesting: {
      description: "The sends are queued; the dialog's button reads 'Processing...'.",
      invoke: {
        id: 'requestEmails',
        src: 'requestEmails',
        input: ({ context }) => ({ year: context.year, month: context.month }),
        onDone: [
          {
            guard: { type: 'hasNothingToSend', params: ({ event }) => event.output },
            target: 'idle',
            description: 'Everyone was e-mailed before: the answer says so and nothing is followed.',
            actions: [
              assign({ answer: ({ event }) => event.output.message }),
              { type: 'notify', params: ({ event }) => payrollToasts.emailsNothingToSend(event.output) },
            ],
          },
          {
            target: 'watching',
            description: 'Queued: the progress shows.',
            actions: [
              assign(({ context, event }) => ({
                jobId: event.output.jobId,
                jobPeriod: { year: context.year, month: context.month },
                jobStaff: context.staff,
                answer: event.output.message,
                progress: {
                  id: event.output.jobId,
                  kind: 'payslipEmails' as const,
                  status: 'queued' as const,
                  total: event.output.total,
                  done: 0,
                  failed: 0,
                  errors: [],
                  delivery: event.output.delivery,
                },
              })),
              { type: 'notify', params: ({ event }) => payrollToasts.emailsQueued(event.output) },
            ],
          },
        ],
        onError: {
          target: 'idle',
          description: 'Refused: a toast says why.',
          actions: {
            type: 'notify',
            params: ({ event }) => payrollToasts.emailsFailed(toApiError(event.error)),
          },
        },
      },
    },
    watching: {
      description: "The progress bar reads 'N of M sent' and follows the job.",
      initial: 'waiting',
      states: {
        waiting: {
          description: 'A second between two looks at the job.',
          after: { pollDelay: 'fetching' },
        },
        fetching: {
          description: "The job's progress is asked for.",
          invoke: {
            id: 'fetchProgress',
            src: 'fetchProgress',
            input: ({ context }) => ({ jobId: context.jobId ?? '' }),
            onDone: [
              {
                guard: { type: 'isJobOver', params: ({ event }) => event.output },
                target: '#payslipEmails.finished',
                description: 'Every send is done or given up.',
                actions: [
                  assign({ progress: ({ event }) => event.output }),
                  { type: 'notify', params: ({ event }) => payrollToasts.emailsFinished(event.output) },
                ],
              },
              {
                target: 'waiting',
                description: 'Still running: the bar moves.',
                actions: assign({ progress: ({ event }) => event.output }),
              },
            ],
            onError: {
              target: 'waiting',
              description: 'The look failed (a network blip): the next one tries again.',
            },
          },
        },
      },
    },
    finished: {
      description: 'How many were sent; the failures with their reasons and Retry failed.',
      on: {
        'emails.retry': { guard: 'hasFailures', target: 'retrying' },
        'emails.dismiss': {
          target: 'idle',
          actions: assign({ jobId: null, jobPeriod: null, jobStaff: [], progress: null, answer: null }),
        },
      },
    },
    retrying: {
      description: "The failed sends are queued again; Retry failed reads 'Processing...'.",
      invoke: {
        id: 'retryFailed',
        src: 'retryFailed',
        input: ({ context }) => ({ jobId: context.jobId ?? '' }),
        onDone: {
          target: 'watching',
          actions: assign({ progress: ({ event }) => event.output }),
        },
        onError: {
          target: 'finished',
          description: 'Refused: a toast says why; the failures stay.',
          actions: {
            type: 'notify',
            params: ({ event }) => payrollToasts.emailsFailed(toApiError(event.error)),
          },
        },
      },
    },
  },
});
