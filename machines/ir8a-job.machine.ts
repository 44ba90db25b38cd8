import { assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { DocumentJobProgress } from '../src/domain/document-jobs';
import { submissionToasts } from '../src/domain/messages/submissions';
import { notProvided, type ToastParams } from './effects';

/**
 * The year's IR8A forms as one PDF, made as a job (issue 33.6) on the Submissions screen, whose machine
 * (machines/pay-submissions.machine.ts) spawns this one and tells it the year shown. The administrator
 * starts the job, follows it ('n of N employees'), and downloads the file when it is stored; a failure
 * says why and offers Try again. A job started earlier for the year (this visit or an earlier one) is
 * picked up when the screen opens: asking again while it runs joins it on the server.
 */

/** How often a running job's progress is asked for. */
export const IR8A_JOB_POLL_MS = 1000;

export interface Ir8aJobInput {
  year: number;
}

export interface Ir8aJobContext {
  year: number;
  /** The job followed for the year; null before one is started or recalled. */
  jobId: string | null;
  progress: DocumentJobProgress | null;
  /** Started on this visit: its file is downloaded as soon as it is stored. */
  startedHere: boolean;
  /** Why the job failed or its file could not be downloaded. */
  error: string | null;
}

export type Ir8aJobEvent =
  /** From the Submissions screen: another year is shown. */
  { type: 'year.change'; year: number } | { type: 'job.start' } | { type: 'job.download' };

const fresh = { jobId: null, progress: null, startedHere: false, error: null };

export const ir8aJobMachine = setup({
  types: {
    context: {} as Ir8aJobContext,
    events: {} as Ir8aJobEvent,
    input: {} as Ir8aJobInput,
  },
  actors: {
    /** The job last started for the year in this browser tab, if any (never fails: none is null). */
    recallJob: fromPromise<string | null, { year: number }>(notProvided('ir8a-job', 'recallJob')),
    /** Asks for the year's PDF; answers the job making it (a new one, or the one already running). */
    startJob: fromPromise<string, { year: number }>(notProvided('ir8a-job', 'startJob')),
    fetchProgress: fromPromise<DocumentJobProgress, { jobId: string }>(
      notProvided('ir8a-job', 'fetchProgress'),
    ),
    /** Fetches the stored file and saves it, answering its name. */
    downloadFile: fromPromise<string, { jobId: string; year: number }>(
      notProvided('ir8a-job', 'downloadFile'),
    ),
  },
  actions: {
    notify: notProvided('ir8a-job', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    hasJob: (_, jobId: string | null) => jobId !== null,
    isStored: (_, progress: DocumentJobProgress) => progress.status === 'completed',
    isStoredHere: ({ context }, progress: DocumentJobProgress) =>
      progress.status === 'completed' && context.startedHere,
    isRefused: (_, progress: DocumentJobProgress) => progress.status === 'failed',
    // A job the server no longer knows (or a stale id): nothing to follow.
    isGone: (_, error: unknown) => toApiError(error).statusCode === 404,
  },
  delays: { pollDelay: IR8A_JOB_POLL_MS },
}).createMachine({
  id: 'ir8aJob',
  description: "The year's IR8A PDF as a job: start it, follow it, download it; failures offer Try again.",
  context: ({ input }) => ({ year: input.year, ...fresh }),
  on: {
    'year.change': {
      target: '.recalling',
      reenter: true,
      description: "Another year: its own job is looked for (the other year's goes on in the background).",
      actions: assign(({ event }) => ({ year: event.year, ...fresh })),
    },
  },
  initial: 'recalling',
  states: {
    recalling: {
      description: 'A job started earlier for the year is looked for.',
      invoke: {
        src: 'recallJob',
        input: ({ context }) => ({ year: context.year }),
        onDone: [
          {
            guard: { type: 'hasJob', params: ({ event }) => event.output },
            target: 'following',
            description: 'There is one: it is followed again, running or finished.',
            actions: assign({ jobId: ({ event }) => event.output }),
          },
          { target: 'idle', description: 'None: the button to make the forms shows.' },
        ],
      },
    },
    idle: {
      description: "'Make IR8A forms (PDF)' is offered.",
      on: { 'job.start': 'starting' },
    },
    starting: {
      description: "The job is asked for; the button reads 'Processing...'.",
      invoke: {
        src: 'startJob',
        input: ({ context }) => ({ year: context.year }),
        onDone: {
          target: 'following',
          description: 'Queued, or joined while running: it is followed.',
          actions: assign(({ event }) => ({ ...fresh, jobId: event.output, startedHere: true })),
        },
        onError: {
          target: 'failed',
          description: 'Refused (no processed payslip, no company UEN...): the reason shows, and a toast.',
          actions: [
            assign({ error: ({ event }) => toApiError(event.error).message }),
            {
              type: 'notify',
              params: ({ event }) => submissionToasts.downloadFailed(toApiError(event.error)),
            },
          ],
        },
      },
    },
    following: {
      description: "The progress reads 'n of N employees' and follows the job.",
      initial: 'fetching',
      states: {
        fetching: {
          description: "The job's progress is asked for.",
          invoke: {
            src: 'fetchProgress',
            input: ({ context }) => ({ jobId: context.jobId ?? '' }),
            onDone: [
              {
                guard: { type: 'isStoredHere', params: ({ event }) => event.output },
                target: '#ir8aJob.downloading',
                description: 'The job started on this visit is done: its file is downloaded at once.',
                actions: assign({ progress: ({ event }) => event.output }),
              },
              {
                guard: { type: 'isStored', params: ({ event }) => event.output },
                target: '#ir8aJob.done',
                description: 'A job picked up is done: its file waits for Download.',
                actions: assign({ progress: ({ event }) => event.output }),
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: '#ir8aJob.failed',
                description: 'The job failed: why shows, with Try again, and a toast.',
                actions: [
                  assign({
                    progress: ({ event }) => event.output,
                    error: ({ event }) => event.output.error ?? 'The PDF could not be made.',
                  }),
                  {
                    type: 'notify',
                    params: ({ event }) =>
                      submissionToasts.downloadFailed({
                        message: event.output.error ?? 'The PDF could not be made.',
                      }),
                  },
                ],
              },
              {
                target: 'waiting',
                description: 'Still drawing: the count moves.',
                actions: assign({ progress: ({ event }) => event.output }),
              },
            ],
            onError: [
              {
                guard: { type: 'isGone', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: '#ir8aJob.idle',
                description: 'The server no longer knows the job: the forms can be made again.',
                actions: assign(fresh),
              },
              {
                target: 'waiting',
                description: 'The look failed (a network blip): the next one tries again.',
              },
            ],
          },
        },
        waiting: {
          description: 'A second between two looks at the job.',
          after: { pollDelay: 'fetching' },
        },
      },
    },
    done: {
      description: 'The file is stored: Download, or make it again (after a change to the year’s pay).',
      on: {
        'job.download': { target: 'downloading', actions: assign({ error: null }) },
        'job.start': 'starting',
      },
    },
    downloading: {
      description: "The stored file is fetched and saved; Download reads 'Processing...'.",
      invoke: {
        src: 'downloadFile',
        input: ({ context }) => ({ jobId: context.jobId ?? '', year: context.year }),
        onDone: {
          target: 'done',
          description: 'Saved: a toast names the file.',
          actions: { type: 'notify', params: ({ event }) => submissionToasts.downloaded(event.output) },
        },
        onError: {
          target: 'done',
          description: 'Not there (removed after a day, or replaced): the reason shows, and a toast.',
          actions: [
            assign({ error: ({ event }) => toApiError(event.error).message }),
            {
              type: 'notify',
              params: ({ event }) => submissionToasts.downloadFailed(toApiError(event.error)),
            },
          ],
        },
      },
    },
    failed: {
      description: 'Why the job failed, with Try again.',
      on: { 'job.start': 'starting' },
    },
  },
});
