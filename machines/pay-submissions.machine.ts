import { type ActorRefFrom, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { submissionToasts } from '../src/domain/messages/submissions';
import { payMonths, payYears } from '../src/domain/payslips';
import type { AisCheck } from '../src/domain/submissions';
import {
  type CpfSummary,
  isValueDateAllowed,
  type SALARY_FILE_BANK_CODES,
  VALUE_DATE_MESSAGE,
} from '../src/domain/submissions';
import { childNews, notProvided, type ToastParams } from './effects';
import { ir8aJobMachine } from './ir8a-job.machine';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/**
 * Submissions (/admin/pay-submissions, issue 15): a month's hand-over. Its CPF summary and the checks
 * that would stop the CPF file are fetched for the chosen month (the load statechart, whose query is the
 * period); then the summary as a PDF, the CPF file, the bank's salary
 * file (with the bank and value date chosen here) and the year's IR8A CSV are downloaded. The year's IR8A
 * PDF is made as a job by a child (machines/ir8a-job.machine.ts, told each new year); the IRAS AIS file
 * is checked first (issue 32.13) and downloaded only when nothing needs fixing. After IRAS's IR21
 * clearance a bank file of the released payments alone is offered; once saved, the summary is fetched
 * again so the screen says when it was made.
 */
export type SalaryFileBankCode = (typeof SALARY_FILE_BANK_CODES)[number];

export interface PaySubmissionsInput {
  today: string;
}

export interface PaySubmissionsContext {
  today: string;
  years: number[];
  year: number;
  month: number;
  /** The month's summary fetch (its query is the period): its skeleton, its failure and Try again. */
  load: LoadActorRef;
  /** The chosen month's summary; null until it arrives. */
  summary: CpfSummary | null;
  bank: SalaryFileBankCode;
  /** '' lets the server choose (the pay date, or the next working day once it has passed). */
  valueDate: string;
  /** The message beside the value date field. */
  valueDateError: string | null;
  /** The file being made, whose button reads 'Processing...'. */
  downloading: SubmissionFile | null;
  /** Why the last download was refused, shown beside the buttons as well as in the toast. */
  downloadError: string | null;
  /** The year's IR8A PDF job. */
  ir8aJob: ActorRefFrom<typeof ir8aJobMachine>;
  /** The last AIS check that found problems: what to fix before the AIS file is made. */
  aisCheck: AisCheck | null;
}

export type PaySubmissionsEvent =
  | { type: 'period.change'; year: number; month: number }
  | { type: 'summary.loaded'; summary: CpfSummary }
  | { type: 'summary.failed'; error: ApiError }
  | { type: 'bank.change'; bank: SalaryFileBankCode }
  | { type: 'valueDate.change'; valueDate: string }
  | { type: 'file.download'; file: SubmissionFile };

/** The files of the screen, each saved; the AIS file after its check. */
export type SubmissionFile =
  | 'cpfSummaryPdf'
  | 'cpfFile'
  | 'bankFile'
  // Only the payments released by IR21 clearance (issue 35 item 5), with the same bank and value date.
  | 'releasedBankFile'
  | 'ir8aCsv'
  | 'aisFile'
  // The payroll records (issue 38 item 5): the month's or the year's processed payslips.
  | 'payrollMonthCsv'
  | 'payrollMonthXlsx'
  | 'payrollYearCsv'
  | 'payrollYearXlsx';

export interface DownloadInput {
  file: SubmissionFile;
  year: number;
  month: number;
  bank: SalaryFileBankCode;
  valueDate: string;
}

export const paySubmissionsMachine = setup({
  types: {
    context: {} as PaySubmissionsContext,
    events: {} as PaySubmissionsEvent,
    input: {} as PaySubmissionsInput,
  },
  actors: {
    summary: loadMachine,
    /** Hears the summary's fetch and passes its outcome to this machine. */
    summaryNews: childNews<{ load: LoadActorRef }>((input, tell) =>
      loadNews<CpfSummary>(input.load, {
        loaded: (summary) => tell({ type: 'summary.loaded', summary }),
        failed: (error) => tell({ type: 'summary.failed', error }),
      }),
    ),
    /** Fetches the file and saves it, answering its name. */
    download: fromPromise<string, DownloadInput>(notProvided('pay-submissions', 'download')),
    /** GET /payslips/ir8a/ais-check: what would stop the year's AIS file. */
    checkAis: fromPromise<AisCheck, { year: number }>(notProvided('pay-submissions', 'checkAis')),
    ir8aJob: ir8aJobMachine,
  },
  actions: {
    notify: notProvided('pay-submissions', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    isBankFileWithInvalidDate: ({ context, event }) =>
      event.type === 'file.download' &&
      (event.file === 'bankFile' || event.file === 'releasedBankFile') &&
      context.valueDate !== '' &&
      !isValueDateAllowed(context.valueDate, context.today),
    isReleasedBankFile: ({ context }) => context.downloading === 'releasedBankFile',
    isAisFile: ({ event }) => event.type === 'file.download' && event.file === 'aisFile',
    hasAisProblems: (_, check: AisCheck) => check.problems.length > 0,
  },
}).createMachine({
  id: 'paySubmissions',
  description: "A month's CPF summary and checks, then the CPF file, the bank file and the year's IR8A.",
  context: ({ input, spawn }) => {
    const year = Number(input.today.slice(0, 4));
    const month = Number(input.today.slice(5, 7));
    return {
      today: input.today,
      years: payYears(input.today),
      year,
      month,
      load: spawn('summary', { id: 'summary', systemId: 'cpfSummary', input: { query: { year, month } } }),
      summary: null,
      bank: 'UOB',
      valueDate: '',
      valueDateError: null,
      downloading: null,
      downloadError: null,
      ir8aJob: spawn('ir8aJob', { id: 'ir8aJob', systemId: 'ir8aJob', input: { year } }),
      aisCheck: null,
    };
  },
  invoke: { src: 'summaryNews', input: ({ context }) => ({ load: context.load }) },
  on: {
    'bank.change': {
      description: 'Another bank: its file is the next bank file.',
      actions: assign({ bank: ({ event }) => event.bank, downloadError: null }),
    },
    'valueDate.change': {
      description: 'A value date is typed; its message clears.',
      actions: assign({ valueDate: ({ event }) => event.valueDate, valueDateError: null }),
    },
    'period.change': {
      target: '.fetching',
      description:
        'Another year or month: its summary is fetched instead (a month past the year’s last becomes it).',
      actions: [
        // Another year: the IR8A job shown is that year's, and the AIS check's problems go.
        enqueueActions(({ context, event, enqueue }) => {
          if (event.year !== context.year) {
            enqueue.sendTo(context.ir8aJob, { type: 'year.change', year: event.year });
            enqueue.assign({ aisCheck: null });
          }
        }),
        assign(({ context, event }) => ({
          year: event.year,
          month: Math.min(event.month, payMonths(event.year, context.today).length),
          summary: null,
          downloadError: null,
        })),
        sendTo(
          ({ context }) => context.load,
          ({ context }) => ({ type: 'load.change', query: { year: context.year, month: context.month } }),
        ),
      ],
    },
  },
  initial: 'fetching',
  states: {
    fetching: {
      description:
        "The month's CPF summary and checks are on their way: the load shows skeletons, or its failure.",
      on: {
        'summary.loaded': {
          target: 'ready',
          description: 'They arrived: the summary, the checks and the download buttons show.',
          actions: assign({ summary: ({ event }) => event.summary }),
        },
        'summary.failed': {
          description: 'They could not be fetched: a toast says so; the load offers Try again.',
          actions: { type: 'notify', params: ({ event }) => submissionToasts.summaryFailed(event.error) },
        },
      },
    },
    ready: {
      description: 'The summary, the checks and the download buttons show.',
      on: {
        'file.download': [
          {
            guard: 'isBankFileWithInvalidDate',
            description:
              'The bank file with a value date in the past or more than 30 days ahead: its message shows.',
            actions: [
              assign({ valueDateError: VALUE_DATE_MESSAGE }),
              { type: 'notify', params: { type: 'error', title: VALUE_DATE_MESSAGE } },
            ],
          },
          {
            guard: 'isAisFile',
            target: 'checkingAis',
            description: 'The IRAS AIS file: the year is checked first.',
            actions: assign({ downloading: 'aisFile', downloadError: null, aisCheck: null }),
          },
          {
            target: 'downloading',
            actions: assign({ downloading: ({ event }) => event.file, downloadError: null }),
          },
        ],
      },
    },
    checkingAis: {
      description: "The year's figures are checked for the AIS file; its button reads 'Processing...'.",
      invoke: {
        src: 'checkAis',
        input: ({ context }) => ({ year: context.year }),
        onDone: [
          {
            guard: { type: 'hasAisProblems', params: ({ event }) => event.output },
            target: 'ready',
            description: 'Something to fix: the problems list by employee, a toast says so; no file.',
            actions: [
              assign({ downloading: null, aisCheck: ({ event }) => event.output }),
              { type: 'notify', params: ({ event }) => submissionToasts.aisProblems(event.output) },
            ],
          },
          { target: 'downloading', description: 'Nothing to fix: the file is made and saved.' },
        ],
        onError: {
          target: 'ready',
          description: 'The check was refused: the reason shows beside the buttons and in a toast.',
          actions: [
            assign({ downloading: null, downloadError: ({ event }) => toApiError(event.error).message }),
            {
              type: 'notify',
              params: ({ event }) => submissionToasts.downloadFailed(toApiError(event.error)),
            },
          ],
        },
      },
    },
    downloading: {
      description: "The file is made, then saved; its button reads 'Processing...'.",
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({
          file: context.downloading ?? 'cpfFile',
          year: context.year,
          month: context.month,
          bank: context.bank,
          valueDate: context.valueDate,
        }),
        onDone: [
          {
            guard: 'isReleasedBankFile',
            target: 'fetching',
            description:
              'The file of released payments saved: a toast names it; the summary is fetched again to say when it was made.',
            actions: [
              assign({ downloading: null, summary: null }),
              sendTo(({ context }) => context.load, { type: 'load.reload' }),
              { type: 'notify', params: ({ event }) => submissionToasts.downloaded(event.output) },
            ],
          },
          {
            target: 'ready',
            description: 'Saved: a toast names the file.',
            actions: [
              assign({ downloading: null }),
              { type: 'notify', params: ({ event }) => submissionToasts.downloaded(event.output) },
            ],
          },
        ],
        onError: {
          target: 'ready',
          description: 'Refused: the reason shows beside the buttons and in a toast.',
          actions: [
            assign({ downloading: null, downloadError: ({ event }) => toApiError(event.error).message }),
            {
              type: 'notify',
              params: ({ event }) => submissionToasts.downloadFailed(toApiError(event.error)),
            },
          ],
        },
      },
    },
  },
});
