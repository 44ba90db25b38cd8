import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * "CSV upload of a month's hours with a dry run that names each bad row" (issue 36 item 5) as the
 * administrator meets it on /admin/timesheets: choose a file; the server's dry run either names bad rows
 * (row, column, problem), and nothing can be applied, or finds none, and Apply is offered; Apply writes the
 * month and the grid is fetched again. A file larger than the server takes is refused before sending.
 */
export type UploadEvent =
  | { type: 'user.choosesFile' }
  | { type: 'user.choosesHugeFile' }
  | { type: 'server.namesBadRows' }
  | { type: 'server.findsNoProblem' }
  | { type: 'server.failsCheck' }
  | { type: 'user.applies' }
  | { type: 'server.applies' }
  | { type: 'server.refusesApply' }
  | { type: 'user.cancels' };

export interface UploadModel {
  /** Requests to the import endpoint so far, as `dryRun` values. */
  uploads: string[];
  /** Grid fetches so far. */
  gridFetches: number;
  shownError: 'tooLarge' | 'serverDown' | null;
}

/** One bad row, as the examples: "over 12 hours a day". */
export const BAD_ROW = {
  row: 3,
  field: 'hours',
  message: 'A day cannot have more than 12 hours of work (Employment Act).',
};
export const SERVER_DOWN = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};

const problemsTable = () => screen.queryByRole('table', { name: /problems/i });
const button = (name: string) => screen.queryByText(name, { selector: 'button' });

/** Choosing a file: a normal one goes to the dry run; one too large is refused on the spot. */
const choose = { target: 'checking' as const, actions: 'sendDryRun' as const };
const chooseHuge = { target: 'idle' as const, actions: 'refuseTooLarge' as const };

export const timesheetUploadModel = setup({
  types: { context: {} as UploadModel, events: {} as UploadEvent },
  actions: {
    sendDryRun: assign({ uploads: ({ context }) => [...context.uploads, 'true'], shownError: null }),
    refuseTooLarge: assign({ shownError: 'tooLarge' }),
  },
}).createMachine({
  id: 'timesheetUploadModel',
  context: { uploads: [], gridFetches: 1, shownError: null },
  meta: shows((app: RunningApp, s) => {
    const m = s.context as UploadModel;
    const uploads = app.server.requests
      .filter((r) => r.path.endsWith('/import'))
      .map((r) => r.query.get('dryRun') ?? '');
    expect(uploads, 'the uploads made').toEqual(m.uploads);
    const fetches = app.server.requests.filter(
      (r) => r.method === 'GET' && /\/api\/timesheets\/\d+\/\d+$/.test(r.path),
    );
    expect(fetches, 'the grid fetches').toHaveLength(m.gridFetches);
    if (m.shownError === 'tooLarge') expect(document.body.textContent).toMatch(/larger than/i);
    if (m.shownError === 'serverDown')
      expect(screen.getAllByText(SERVER_DOWN.message).length).toBeGreaterThan(0);
    if (s.matches('problems')) {
      const table = problemsTable() as HTMLElement;
      expect(table).not.toBeNull();
      expect(table.textContent).toContain(BAD_ROW.message);
      expect(table.textContent).toContain('hours');
      expect(button('Apply')).toBeNull();
    } else expect(problemsTable()).toBeNull();
    if (s.matches('ready')) expect(button('Apply')).toBeEnabled();
    if (s.matches('idle')) expect(button('Apply')).toBeNull();
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.choosesFile': choose, 'user.choosesHugeFile': chooseHuge },
    },
    checking: {
      on: {
        'server.namesBadRows': 'problems',
        'server.findsNoProblem': 'ready',
        'server.failsCheck': { target: 'idle', actions: assign({ shownError: 'serverDown' }) },
      },
    },
    problems: {
      on: {
        'user.choosesFile': choose,
        'user.choosesHugeFile': chooseHuge,
        'user.cancels': 'idle',
      },
    },
    ready: {
      on: {
        'user.applies': {
          target: 'applying',
          actions: assign({ uploads: ({ context }) => [...context.uploads, 'false'] }),
        },
        'user.choosesFile': choose,
        'user.choosesHugeFile': chooseHuge,
        'user.cancels': 'idle',
      },
    },
    applying: {
      on: {
        'server.applies': {
          target: 'idle',
          actions: assign({ gridFetches: ({ context }) => context.gridFetches + 1 }),
        },
        // Refused (the month changed since): the dry run runs again to name why.
        'server.refusesApply': {
          target: 'checking',
          actions: assign({ uploads: ({ context }) => [...context.uploads, 'true'] }),
        },
      },
    },
  },
});
