import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { ApiError } from '../src/domain/auth';
import { timesheetGridToasts } from '../src/domain/messages/timesheets';
import { IMPORT_MAX_BYTES } from '../src/domain/timesheet-import';
import type { TimesheetImportReport } from '../src/domain/timesheets';
import { notProvided, type ToastParams } from './effects';

/** The file the administrator chose (a File in the browser): its name, size and bytes. */
export type ImportFile = Blob & { name: string };

export interface ImportRequest {
  year: number;
  month: number;
  file: ImportFile;
  dryRun: boolean;
}

export interface TimesheetImportContext {
  year: number;
  month: number;
  file: ImportFile | null;
  report: TimesheetImportReport | null;
  /** A refusal before or instead of a report (too large, the server's error). */
  error: string | null;
}

export type TimesheetImportEvent =
  | { type: 'import.choose'; file: ImportFile }
  | { type: 'import.apply' }
  | { type: 'import.cancel' }
  | { type: 'import.month'; year: number; month: number };

export const fileTooLargeMessage = `The file is larger than ${Math.round(IMPORT_MAX_BYTES / 1024)} KB.`;

/** Choosing a file, from any state that offers it: too large is said at once, else the dry run. */
const choose = [
  {
    guard: 'isTooLarge' as const,
    target: '#timesheetImport.idle',
    description: 'Larger than the server takes: said at once, nothing sent.',
    actions: assign<TimesheetImportContext, TimesheetImportEvent, undefined, TimesheetImportEvent, never>({
      file: null,
      report: null,
      error: fileTooLargeMessage,
    }),
  },
  {
    target: '#timesheetImport.checking',
    description: 'A file: the dry run checks it.',
    actions: assign<TimesheetImportContext, TimesheetImportEvent, undefined, TimesheetImportEvent, never>({
      file: ({ event }) => (event.type === 'import.choose' ? event.file : null),
      report: null,
      error: null,
    }),
  },
];

/**
 * A month's hours from a CSV file (issue 36 item 5): choose the file, the server's dry run names each bad
 * row, and Apply (offered only when the dry run found none) writes the month all or nothing. Tells its
 * parent `import.applied` so the grid is fetched again.
 */
export const timesheetImportMachine = setup({
  types: {
    context: {} as TimesheetImportContext,
    events: {} as TimesheetImportEvent,
    input: {} as { year: number; month: number },
  },
  actors: {
    upload: fromPromise<TimesheetImportReport, ImportRequest>(notProvided('timesheetImport', 'upload')),
  },
  actions: {
    notify: notProvided('timesheetImport', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    isTooLarge: ({ event }) => event.type === 'import.choose' && event.file.size > IMPORT_MAX_BYTES,
    isClean: (_, report: TimesheetImportReport) => report.valid,
  },
}).createMachine({
  id: 'timesheetImport',
  description:
    "A month's hours as a CSV file: chosen, checked by a dry run, then applied when it has no problems.",
  context: ({ input }) => ({ year: input.year, month: input.month, file: null, report: null, error: null }),
  on: {
    'import.month': {
      target: '.idle',
      description: 'Another month in the grid: whatever file was chosen is let go.',
      actions: assign({
        year: ({ event }) => event.year,
        month: ({ event }) => event.month,
        file: null,
        report: null,
        error: null,
      }),
    },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'No file: Upload CSV offers to choose one.',
      on: {
        'import.choose': choose,
      },
    },
    checking: {
      description: 'Dry run: POST .../import?dryRun=true; nothing is saved.',
      invoke: {
        src: 'upload',
        input: ({ context }) => ({
          year: context.year,
          month: context.month,
          file: context.file as ImportFile,
          dryRun: true,
        }),
        onDone: [
          {
            guard: { type: 'isClean', params: ({ event }) => event.output },
            target: 'ready',
            description: 'No problems: Apply is offered.',
            actions: assign({ report: ({ event }) => event.output }),
          },
          {
            target: 'problems',
            description: 'Problems: each shows by row and column; a toast counts them.',
            actions: [
              assign({ report: ({ event }) => event.output }),
              {
                type: 'notify',
                params: ({ event }) => timesheetGridToasts.hasProblems(event.output.errors.length),
              },
            ],
          },
        ],
        onError: {
          target: 'idle',
          description: 'The check failed: said beside the upload and in a toast.',
          actions: [
            assign({ file: null, error: ({ event }) => (event.error as ApiError).message }),
            {
              type: 'notify',
              params: ({ event }) => timesheetGridToasts.checkFailed(event.error as ApiError),
            },
          ],
        },
      },
    },
    problems: {
      description: 'The dry run named bad rows: nothing can be applied; choose a corrected file.',
      on: {
        'import.choose': choose,
        'import.cancel': { target: 'idle', actions: assign({ file: null, report: null, error: null }) },
      },
    },
    ready: {
      description: 'The dry run found no problem: Apply writes the month; Cancel lets the file go.',
      on: {
        'import.apply': { target: 'applying' },
        'import.choose': choose,
        'import.cancel': { target: 'idle', actions: assign({ file: null, report: null, error: null }) },
      },
    },
    applying: {
      description: 'Apply: POST .../import?dryRun=false, all or nothing.',
      invoke: {
        src: 'upload',
        input: ({ context }) => ({
          year: context.year,
          month: context.month,
          file: context.file as ImportFile,
          dryRun: false,
        }),
        onDone: {
          target: 'idle',
          description: 'Applied: a toast says how much; the grid is fetched again.',
          actions: [
            { type: 'notify', params: ({ event }) => timesheetGridToasts.applied(event.output) },
            assign({ file: null, report: null, error: null }),
            sendParent({ type: 'import.applied' }),
          ],
        },
        onError: {
          target: 'checking',
          description:
            'Refused (the month changed since the dry run): said in a toast, and the dry run runs again to name why.',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => timesheetGridToasts.applyFailed(event.error as ApiError),
            },
          ],
        },
      },
    },
  },
});
