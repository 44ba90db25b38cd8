import { assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ImportJob } from '../src/domain/import-jobs';
import { importToasts } from '../src/domain/messages/imports';
import {
  IMPORT_MAX_BYTES,
  type ImportApplied,
  type ImportError,
  type ImportFormat,
  type ImportKind,
} from '../src/domain/staff-import';
import { notProvided, type ToastParams } from './effects';

/**
 * /admin/import (issue 38 items 2, 4 and 6): choose what to import, download its template, choose a file;
 * the server's dry run names every error by row and column; Apply (only when there is none) imports the
 * file all or nothing, at once or, over 500 rows, as a job whose progress is followed; the result says
 * how many were created and, for staff, offers to e-mail them their sign-in links.
 */

/** How often a running import job's progress is asked for. */
export const IMPORT_JOB_POLL_MS = 1000;

/** The file the administrator chose (a File in the browser). */
export type DataImportFile = Blob & { name: string };

export interface DataImportUpload {
  kind: ImportKind;
  file: DataImportFile;
  dryRun: boolean;
}

export interface DataImportContext {
  kind: ImportKind;
  file: DataImportFile | null;
  /** The dry run's answer (or a refused apply's): rows, valid, errors. */
  report: ImportApplied | null;
  /** The job following an apply over the threshold. */
  jobId: string | null;
  job: ImportJob | null;
  /** Rows created by the last apply; null before one. */
  created: number | null;
  /** The staff the last apply created, when the server named them: whom Invite e-mails. */
  userIds: number[];
  /** How many sign-in links the last Invite sent. */
  invited: number | null;
  /** Why the file was refused, the apply failed or the job stopped (beside the file and in a toast). */
  error: string | null;
  /** Rows that stopped a job. */
  jobErrors: ImportError[];
}

export type DataImportEvent =
  | { type: 'import.kind'; kind: ImportKind }
  | { type: 'import.template'; format: ImportFormat }
  | { type: 'import.choose'; file: DataImportFile }
  | { type: 'import.apply' }
  | { type: 'import.cancel' }
  | { type: 'import.invite' };

export const importFileTooLarge = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`;

const fresh: Omit<DataImportContext, 'kind'> = {
  file: null,
  report: null,
  jobId: null,
  job: null,
  created: null,
  userIds: [],
  invited: null,
  error: null,
  jobErrors: [],
};

const reset = (more: Partial<DataImportContext> = {}) =>
  assign<DataImportContext, DataImportEvent, undefined, DataImportEvent, never>(() => ({
    ...fresh,
    ...more,
  }));

/** Choosing a file, wherever one can be chosen: too large is said at once, else the dry run. */
const choose = [
  {
    guard: 'isTooLarge' as const,
    target: '#dataImport.idle',
    description: 'Larger than the server takes: said at once, nothing sent.',
    actions: reset({ error: importFileTooLarge }),
  },
  {
    target: '#dataImport.checking',
    description: 'A file: the dry run checks it.',
    actions: assign<DataImportContext, DataImportEvent, undefined, DataImportEvent, never>(({ event }) => ({
      ...fresh,
      file: event.type === 'import.choose' ? event.file : null,
    })),
  },
];

const chooseKind = {
  target: '#dataImport.idle',
  description: 'Another kind of import: whatever file was chosen is let go.',
  actions: assign<DataImportContext, DataImportEvent, undefined, DataImportEvent, never>(({ event }) => ({
    ...fresh,
    kind: event.type === 'import.kind' ? event.kind : 'staff',
  })),
};

const template = {
  description: "The kind's template in the format chosen, saved (a failure is a toast).",
  actions: {
    type: 'downloadTemplate' as const,
    params: ({ context, event }: { context: DataImportContext; event: DataImportEvent }) => ({
      kind: context.kind,
      format: event.type === 'import.template' ? event.format : ('csv' as const),
    }),
  },
};

const cancel = { target: '#dataImport.idle', description: 'Cancel: the file is let go.', actions: reset() };

export const dataImportMachine = setup({
  types: {
    context: {} as DataImportContext,
    events: {} as DataImportEvent,
    input: {} as { kind?: ImportKind },
  },
  actors: {
    upload: fromPromise<ImportApplied, DataImportUpload>(notProvided('data-import', 'upload')),
    fetchJob: fromPromise<ImportJob, { jobId: string }>(notProvided('data-import', 'fetchJob')),
    invite: fromPromise<{ invited: number }, { userIds: number[] }>(notProvided('data-import', 'invite')),
  },
  actions: {
    notify: notProvided('data-import', 'notify') as (_: unknown, params: ToastParams) => void,
    downloadTemplate: notProvided('data-import', 'downloadTemplate') as (
      _: unknown,
      params: { kind: ImportKind; format: ImportFormat },
    ) => void,
  },
  guards: {
    isTooLarge: ({ event }) => event.type === 'import.choose' && event.file.size > IMPORT_MAX_BYTES,
    isClean: (_, report: ImportApplied) => report.errors.length === 0 && report.rows > 0,
    isJob: (_, report: ImportApplied) => report.jobId !== null,
    isRefused: (_, report: ImportApplied) => report.errors.length > 0,
    isDone: (_, job: ImportJob) => job.state === 'DONE',
    isFailed: (_, job: ImportJob) => job.state === 'FAILED',
    isGone: (_, error: unknown) => toApiError(error).statusCode === 404,
    hasInvitees: ({ context }) => context.kind === 'staff' && context.userIds.length > 0,
  },
  delays: { pollDelay: IMPORT_JOB_POLL_MS },
}).createMachine({
  id: 'dataImport',
  description:
    'Import from a spreadsheet: what, its template, a file; the dry run names errors; Apply when none; the result.',
  context: ({ input }) => ({ kind: input.kind ?? 'staff', ...fresh }),
  // The screen offers these only while nothing is asked of the server (its buttons wait meanwhile).
  on: {
    'import.kind': chooseKind,
    'import.template': template,
    'import.choose': choose,
    'import.cancel': cancel,
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'No file: the kind, its template and Choose file are offered.',
    },
    checking: {
      description: 'Dry run: POST /imports/{kind}?dryRun=true; nothing is saved.',
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ kind: context.kind, file: context.file as DataImportFile, dryRun: true }),
        onDone: [
          {
            guard: { type: 'isClean', params: ({ event }) => event.output },
            target: 'ready',
            description: 'No error: Apply is offered.',
            actions: assign({ report: ({ event }) => event.output }),
          },
          {
            target: 'problems',
            description: 'Errors: a table by row, column and message; a toast counts them.',
            actions: [
              assign({ report: ({ event }) => event.output }),
              { type: 'notify', params: ({ event }) => importToasts.hasProblems(event.output.errors.length) },
            ],
          },
        ],
        onError: {
          target: 'idle',
          description:
            'Refused (empty, unreadable, too many rows) or failed: said beside the file and in a toast.',
          actions: [
            assign(({ event }) => ({ ...fresh, error: toApiError(event.error).message })),
            { type: 'notify', params: ({ event }) => importToasts.checkFailed(toApiError(event.error)) },
          ],
        },
      },
    },
    problems: {
      description: 'The dry run named errors: nothing can be applied; choose a corrected file.',
    },
    ready: {
      description: 'No error: Apply imports the file; Cancel lets it go.',
      on: { 'import.apply': 'applying' },
    },
    applying: {
      description: 'Apply: POST /imports/{kind}?dryRun=false, all or nothing.',
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ kind: context.kind, file: context.file as DataImportFile, dryRun: false }),
        onDone: [
          {
            guard: { type: 'isJob', params: ({ event }) => event.output },
            target: 'following',
            description: 'Over 500 rows: a job imports it; its progress is followed.',
            actions: assign({ jobId: ({ event }) => event.output.jobId }),
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'problems',
            description: 'Refused for errors found since the dry run: they show; nothing was stored.',
            actions: [
              assign({ report: ({ event }) => event.output }),
              { type: 'notify', params: ({ event }) => importToasts.hasProblems(event.output.errors.length) },
            ],
          },
          {
            target: 'done',
            description: 'Imported: the result says how many were created.',
            actions: [
              assign({
                created: ({ event }) => event.output.created,
                userIds: ({ event }) => event.output.userIds ?? [],
              }),
              { type: 'notify', params: ({ event }) => importToasts.imported(event.output.created) },
            ],
          },
        ],
        onError: {
          target: 'ready',
          description: 'Failed: said beside the file and in a toast; Apply may be tried again.',
          actions: [
            assign({ error: ({ event }) => toApiError(event.error).message }),
            { type: 'notify', params: ({ event }) => importToasts.importFailed(toApiError(event.error)) },
          ],
        },
      },
    },
    following: {
      description: "The job's progress ('n of N rows') is followed until it is done or has failed.",
      initial: 'fetching',
      states: {
        fetching: {
          description: "GET /imports/jobs/{jobId}: the job's progress.",
          invoke: {
            src: 'fetchJob',
            input: ({ context }) => ({ jobId: context.jobId ?? '' }),
            onDone: [
              {
                guard: { type: 'isDone', params: ({ event }) => event.output },
                target: '#dataImport.done',
                description: 'Done: the result says how many were created.',
                actions: [
                  assign({
                    job: ({ event }) => event.output,
                    created: ({ event }) => event.output.created ?? event.output.done,
                  }),
                  {
                    type: 'notify',
                    params: ({ event }) => importToasts.imported(event.output.created ?? event.output.done),
                  },
                ],
              },
              {
                guard: { type: 'isFailed', params: ({ event }) => event.output },
                target: '#dataImport.failed',
                description: 'Failed: why, and the rows that stopped it; nothing was stored.',
                actions: [
                  assign({
                    job: ({ event }) => event.output,
                    error: ({ event }) => event.output.message ?? 'The import failed: nothing was stored.',
                    jobErrors: ({ event }) => event.output.errors,
                  }),
                  {
                    type: 'notify',
                    params: ({ event }) =>
                      importToasts.importFailed({
                        message: event.output.message ?? 'The import failed: nothing was stored.',
                      }),
                  },
                ],
              },
              {
                target: 'waiting',
                description: 'Queued or running: the count moves.',
                actions: assign({ job: ({ event }) => event.output }),
              },
            ],
            onError: [
              {
                guard: { type: 'isGone', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: '#dataImport.failed',
                description: 'The server no longer knows the job: said, and the file may be chosen again.',
                actions: [
                  assign({ error: ({ event }) => toApiError(event.error).message }),
                  {
                    type: 'notify',
                    params: ({ event }) => importToasts.importFailed(toApiError(event.error)),
                  },
                ],
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
    failed: {
      description: 'The job stopped: why, and its rows by row and column; choose a corrected file.',
    },
    done: {
      description: 'Imported N; for staff, "E-mail sign-in links to the N imported staff" is offered.',
      on: { 'import.invite': { guard: 'hasInvitees', target: 'inviting' } },
    },
    inviting: {
      description: 'POST /imports/staff/invite {userIds}: each is e-mailed the set-password link.',
      invoke: {
        src: 'invite',
        input: ({ context }) => ({ userIds: context.userIds }),
        onDone: {
          target: 'done',
          description: 'Queued: the result says so and a toast counts the e-mails.',
          actions: [
            assign({ invited: ({ event }) => event.output.invited }),
            { type: 'notify', params: ({ event }) => importToasts.invited(event.output.invited) },
          ],
        },
        onError: {
          target: 'done',
          description: 'Refused or failed: a toast says why; the invite may be tried again.',
          actions: {
            type: 'notify',
            params: ({ event }) => importToasts.inviteFailed(toApiError(event.error)),
          },
        },
      },
    },
  },
});
