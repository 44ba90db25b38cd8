import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * The Import screen (/admin/import) as issue 38 tells it (items 2, 4 and 6): "Import (upload, dry-run table
 * of errors by row, apply)" of staff, opening YTD or opening leave, with "progress on imports over 500 rows
 * through the job queue". The administrator chooses what to import and can download its template
 * (GET /api/imports/{kind}/template?format=csv|xlsx), chooses a file: the dry run
 * (POST /api/imports/{kind}?dryRun=true) answers `{rows, valid, errors: [{row, field, message}]}` and the
 * screen shows the errors by row, column and message; Apply (dryRun=false) is offered only when there is
 * none. An apply answers what it created, or a `jobId` whose progress (GET /api/imports/jobs/{jobId}:
 * QUEUED, RUNNING, DONE, FAILED with `done` of `total`) is followed until it ends. The result says how many
 * were created; for staff it offers "E-mail sign-in links to the N imported staff"
 * (POST /api/imports/staff/invite {userIds}). Our words: 'Choose file', 'Apply', 'Cancel',
 * 'Download template (CSV)', 'Download template (XLSX)', 'What to import', 'created N'.
 */

export type DataImportModelEvent =
  | { type: 'user.choosesKind' }
  | { type: 'user.downloadsTemplate' }
  | { type: 'user.choosesFile' }
  | { type: 'user.choosesHugeFile' }
  | { type: 'user.cancels' }
  | { type: 'user.applies' }
  | { type: 'user.invites' }
  | { type: 'server.namesErrors' }
  | { type: 'server.findsNoError' }
  | { type: 'server.failsCheck' }
  | { type: 'server.imports' }
  | { type: 'server.queuesJob' }
  | { type: 'server.refusesApply' }
  | { type: 'server.failsApply' }
  | { type: 'server.reportsProgress' }
  | { type: 'server.blips' }
  | { type: 'server.reportsDone' }
  | { type: 'server.reportsFailure' }
  | { type: 'server.forgetsJob' }
  | { type: 'server.sendsInvites' }
  | { type: 'server.refusesInvites' };

export type Kind = 'staff' | 'opening-ytd';

export interface DataImportModel {
  kind: Kind;
  /** Uploads so far, as `kind:dryRun`. */
  uploads: string[];
  /** Templates asked for, as `kind:format`. */
  templates: string[];
  /** Looks at the job so far. */
  polls: number;
  /** The progress shown ('n of N'); null before the first answer. */
  progress: string | null;
  created: number | null;
  /** The result offers the invite (the apply named the staff it created). */
  invitable: boolean;
  /** Invite requests so far. */
  invites: number;
  invited: boolean;
  /** The reason shown beside the file. */
  reason: 'tooLarge' | 'unreadable' | 'serverDown' | 'jobFailed' | 'jobGone' | null;
  /** Which errors the table shows. */
  table: 'dryRun' | 'job' | null;
}

export const DRY_RUN_ERRORS = [
  { row: 3, field: 'nric', message: 'The NRIC/FIN check letter is wrong.' },
  { row: 7, field: 'race', message: 'Race must be one of the allowed values.' },
];
export const JOB_ERRORS = [{ row: 812, field: 'email', message: 'This email is already a staff member’s.' }];
export const UNREADABLE = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'The file could not be read as CSV or XLSX.',
};
export const SERVER_DOWN = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
export const JOB_FAILURE = 'The import stopped at row 812: nothing was stored.';
export const JOB_GONE = { statusCode: 404, error: 'Not Found', message: 'Import job not found.' };
export const SMALL_ROWS = 3;
export const LARGE_ROWS = 1200;
export const RUNNING_DONE = 400;
export const CREATED_IDS = [41, 42, 43];

const KIND_LABEL: Record<Kind, string> = { staff: 'Staff', 'opening-ytd': 'Opening YTD' };

const button = (name: string) => screen.queryByText(name, { selector: 'button' }) as HTMLButtonElement | null;

export const uploadsOf = (app: RunningApp) =>
  app.server.requests
    .filter((r) => r.method === 'POST' && /^\/api\/imports\/[a-z-]+$/.test(r.path))
    .map((r) => `${r.path.replace('/api/imports/', '')}:${r.query.get('dryRun')}`);

export const dataImportModel = setup({
  types: { context: {} as DataImportModel, events: {} as DataImportModelEvent },
  actions: {
    dryRun: assign({
      uploads: ({ context }) => [...context.uploads, `${context.kind}:true`],
      reason: null,
      table: null,
      created: null,
      invitable: false,
      invited: false,
      progress: null,
    }),
    letGo: assign({
      reason: null,
      table: null,
      created: null,
      invitable: false,
      invited: false,
      progress: null,
    }),
    poll: assign({ polls: ({ context }) => context.polls + 1 }),
  },
}).createMachine({
  id: 'dataImportModel',
  context: {
    kind: 'staff',
    uploads: [],
    templates: [],
    polls: 0,
    progress: null,
    created: null,
    invitable: false,
    invites: 0,
    invited: false,
    reason: null,
    table: null,
  },
  meta: shows((app: RunningApp, s) => {
    const m = s.context as DataImportModel;
    expect(window.location.pathname).toBe('/admin/import');
    const kind = screen.getByLabelText('What to import') as HTMLSelectElement;
    expect(kind.selectedOptions[0]?.textContent, 'what is imported').toBe(KIND_LABEL[m.kind]);
    expect(uploadsOf(app), 'the uploads made').toEqual(m.uploads);
    const templates = app.server.requests
      .filter((r) => r.method === 'GET' && r.path.endsWith('/template'))
      .map((r) => `${r.path.split('/')[3]}:${r.query.get('format')}`);
    expect(templates, 'the templates asked for').toEqual(m.templates);
    const polls = app.server.requests.filter((r) => r.path.startsWith('/api/imports/jobs/'));
    expect(polls.length, 'looks at the job').toBe(m.polls);
    for (const poll of polls) expect(poll.path).toBe('/api/imports/jobs/job-1');
    const invites = app.server.requests.filter((r) => r.path === '/api/imports/staff/invite');
    expect(invites.length, 'invite requests').toBe(m.invites);
    for (const invite of invites) {
      expect(invite.method).toBe('POST');
      expect(invite.body).toEqual({ userIds: CREATED_IDS });
    }

    const table = screen.queryByRole('table', { name: /errors/i });
    if (m.table === null) expect(table, 'no table of errors').toBeNull();
    else {
      const errors = m.table === 'dryRun' ? DRY_RUN_ERRORS : JOB_ERRORS;
      const rows = [...(table as HTMLElement).querySelectorAll('tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent),
      );
      expect(rows, 'the errors by row, column and message').toEqual(
        errors.map((e) => [String(e.row), e.field, e.message]),
      );
    }

    // While applying, Apply shows its spinner (its words hidden).
    const apply = button('Apply');
    if (!s.matches('applying')) expect(apply !== null, 'Apply offered').toBe(s.matches('ready'));
    if (s.matches('ready')) expect(apply).toBeEnabled();

    const progress = screen.queryByRole('progressbar');
    expect(progress !== null, 'progress shown').toBe(s.matches('following'));
    if (progress && m.progress) expect(document.body.textContent).toContain(m.progress);

    const result = screen.queryByRole('region', { name: 'Result' });
    if (m.created === null) expect(result).toBeNull();
    else expect(result).toHaveTextContent(`created ${m.created.toLocaleString('en-SG')}`);
    const invite = button(`E-mail sign-in links to the ${CREATED_IDS.length} imported staff`);
    if (!s.matches('inviting')) expect(invite !== null, 'the invite offered').toBe(m.invitable && !m.invited);
    if (m.invited) expect(document.body.textContent).toMatch(/sign-in links sent to 3/i);

    const alert = screen.queryAllByRole('alert').find((el) => el.tagName === 'P');
    const reasons = {
      tooLarge: /larger than/i,
      unreadable: UNREADABLE.message,
      serverDown: SERVER_DOWN.message,
      jobFailed: JOB_FAILURE,
      jobGone: JOB_GONE.message,
    };
    if (m.reason) expect(alert?.textContent).toMatch(reasons[m.reason]);
    else expect(alert).toBeUndefined();
  }),
  // Offered while nothing is asked of the server (tests/machines/data-import.test.tsx says where).
  on: {
    'user.choosesKind': {
      target: '.idle',
      actions: [assign({ kind: 'opening-ytd' }), 'letGo'],
    },
    'user.downloadsTemplate': {
      actions: assign({ templates: ({ context }) => [...context.templates, `${context.kind}:xlsx`] }),
    },
    'user.choosesFile': { target: '.checking', actions: 'dryRun' },
    'user.choosesHugeFile': { target: '.idle', actions: ['letGo', assign({ reason: 'tooLarge' })] },
    'user.cancels': { target: '.idle', actions: 'letGo' },
  },
  initial: 'idle',
  states: {
    idle: {},
    checking: {
      on: {
        'server.namesErrors': { target: 'problems', actions: assign({ table: 'dryRun' }) },
        'server.findsNoError': 'ready',
        'server.failsCheck': { target: 'idle', actions: assign({ reason: 'unreadable' }) },
      },
    },
    problems: {},
    ready: {
      on: {
        'user.applies': {
          target: 'applying',
          actions: assign({
            uploads: ({ context }) => [...context.uploads, `${context.kind}:false`],
            reason: null,
          }),
        },
      },
    },
    applying: {
      on: {
        'server.imports': {
          target: 'done',
          actions: assign({
            created: SMALL_ROWS,
            invitable: ({ context }) => context.kind === 'staff',
          }),
        },
        'server.queuesJob': { target: 'following', actions: 'poll' },
        // Errors found since the dry run (another admin took an e-mail): they show, nothing is stored.
        'server.refusesApply': { target: 'problems', actions: assign({ table: 'dryRun' }) },
        'server.failsApply': { target: 'ready', actions: assign({ reason: 'serverDown' }) },
      },
    },
    following: {
      on: {
        'server.reportsProgress': {
          actions: [
            assign({ progress: `${RUNNING_DONE} of ${LARGE_ROWS.toLocaleString('en-SG')} rows` }),
            'poll',
          ],
        },
        'server.blips': { actions: 'poll' },
        // A job's result names no staff: no invite from here (the staff are invited from their records).
        'server.reportsDone': { target: 'done', actions: assign({ created: LARGE_ROWS, progress: null }) },
        'server.reportsFailure': {
          target: 'failed',
          actions: assign({ reason: 'jobFailed', table: 'job', progress: null }),
        },
        'server.forgetsJob': { target: 'failed', actions: assign({ reason: 'jobGone', progress: null }) },
      },
    },
    failed: {},
    done: {
      on: {
        'user.invites': {
          target: 'inviting',
          actions: assign({ invites: ({ context }) => context.invites + 1 }),
        },
      },
    },
    inviting: {
      on: {
        'server.sendsInvites': { target: 'done', actions: assign({ invited: true }) },
        'server.refusesInvites': 'done',
      },
    },
  },
});
