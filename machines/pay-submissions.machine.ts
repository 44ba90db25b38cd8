import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { submissionToasts } from '../src/domain/messages/submissions';
import { payMonths, payYears } from '../src/domain/payslips';
import {
  type CpfSummary,
  isValueDateAllowed,
  type SALARY_FILE_BANK_CODES,
  VALUE_DATE_MESSAGE,
} from '../src/domain/submissions';
import { notProvided, type ToastParams } from './effects';

/**
 * Submissions (/admin/pay-submissions, issue 15): a month's hand-over. Its CPF summary and the checks
 * that would stop the CPF file are fetched for the chosen month; then the CPF file, the bank's salary
 * file (with the bank and value date chosen here) and the year's IR8A forms are downloaded.
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
  summary: CpfSummary | null;
  /** Why the summary could not be fetched. */
  error: ApiError | null;
  bank: SalaryFileBankCode;
  /** '' lets the server choose (the pay date, or the next working day once it has passed). */
  valueDate: string;
  /** The message beside the value date field. */
  valueDateError: string | null;
  /** The file being made, whose button reads 'Processing...'. */
  downloading: SubmissionFile | null;
  /** Why the last download was refused, shown beside the buttons as well as in the toast. */
  downloadError: string | null;
}

export type PaySubmissionsEvent =
  | { type: 'period.change'; year: number; month: number }
  | { type: 'summary.reload' }
  | { type: 'bank.change'; bank: SalaryFileBankCode }
  | { type: 'valueDate.change'; valueDate: string }
  | { type: 'file.download'; file: SubmissionFile };

/** The four files of the screen; the IR8A PDF opens in a new tab, the others are saved. */
export type SubmissionFile = 'cpfFile' | 'bankFile' | 'ir8aPdf' | 'ir8aCsv';

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
    loadSummary: fromPromise<CpfSummary, { year: number; month: number }>(
      notProvided('pay-submissions', 'loadSummary'),
    ),
    /** Fetches the file and saves it, answering its name; the IR8A PDF opens in a tab instead (null). */
    download: fromPromise<string | null, DownloadInput>(notProvided('pay-submissions', 'download')),
  },
  actions: {
    notify: notProvided('pay-submissions', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    isBankFileWithInvalidDate: ({ context, event }) =>
      event.type === 'file.download' &&
      event.file === 'bankFile' &&
      context.valueDate !== '' &&
      !isValueDateAllowed(context.valueDate, context.today),
  },
}).createMachine({
  id: 'paySubmissions',
  description: "A month's CPF summary and checks, then the CPF file, the bank file and the year's IR8A.",
  context: ({ input }) => {
    const year = Number(input.today.slice(0, 4));
    return {
      today: input.today,
      years: payYears(input.today),
      year,
      month: Number(input.today.slice(5, 7)),
      summary: null,
      error: null,
      bank: 'UOB',
      valueDate: '',
      valueDateError: null,
      downloading: null,
      downloadError: null,
    };
  },
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
      target: '.loading',
      description: 'Another year or month: its summary is fetched (a month past the year’s last becomes it).',
      actions: assign(({ context, event }) => ({
        year: event.year,
        month: Math.min(event.month, payMonths(event.year, context.today).length),
        downloadError: null,
      })),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The month's CPF summary and checks are fetched; skeletons show.",
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        input: ({ context }) => ({ year: context.year, month: context.month }),
        onDone: { target: 'ready', actions: assign({ summary: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: [
            assign({ summary: null, error: ({ event }) => toApiError(event.error) }),
            {
              type: 'notify',
              params: ({ event }) => submissionToasts.summaryFailed(toApiError(event.error)),
            },
          ],
        },
      },
    },
    failed: {
      description: 'The summary could not be fetched: the error and Try again show.',
      on: { 'summary.reload': 'loading' },
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
            target: 'downloading',
            actions: assign({ downloading: ({ event }) => event.file, downloadError: null }),
          },
        ],
      },
    },
    downloading: {
      description:
        "The file is made, then saved (the IR8A PDF opens in a new tab); its button reads 'Processing...'.",
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
        onDone: {
          target: 'ready',
          description: 'Saved: a toast names the file (a PDF opened in a tab needs none).',
          actions: [
            assign({ downloading: null }),
            // A PDF opened in a tab answers no file name, and needs no toast.
            enqueueActions(({ event, enqueue }) => {
              if (event.output !== null)
                enqueue({ type: 'notify', params: submissionToasts.downloaded(event.output) });
            }),
          ],
        },
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
