import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * The year's IR8A forms as one PDF, made as a job on Submissions (/admin/pay-submissions), as issue 33.6 tells
 * it: "Large documents are produced as a job ... with progress, written to storage as they are drawn, and
 * downloaded when done". The administrator starts it (POST /api/payslips/ir8a/jobs {year}, answered 202 with
 * the job's id), sees progress as 'n of N employees' (GET /api/jobs/{id}, asked every second), can leave the
 * screen and come back (the screen picks up the job last started for the year, running or finished), and
 * downloads the file when done (GET /api/payslips/ir8a/jobs/{id}/file); the job started on this visit is
 * downloaded as soon as it is stored, a job picked up waits for Download. A failure says what happened and
 * offers Try again; a job the server no longer knows is made afresh. Another year shows that year's job.
 * Words are ours (the spec fixes none): 'Make IR8A forms (PDF)', 'Download IR8A forms (PDF)', 'Make them
 * again', 'Try again', and the screen's file toasts ('File downloaded', 'Error generating file').
 */

export const START_PATH = '/api/payslips/ir8a/jobs';
export const jobIdOf = (year: number) => `ir8a-job-${year}`;
export const progressPath = (year: number) => `/api/jobs/${jobIdOf(year)}`;
export const filePath = (year: number) => `/api/payslips/ir8a/jobs/${jobIdOf(year)}/file`;
/** The server's name for the file (its Content-Disposition). */
export const fileNameOf = (year: number) => `ir8a-${year}.pdf`;
export const EMPLOYEES = 250;
export const DRAWN = 120;
export const REFUSED = {
  statusCode: 409,
  error: 'Conflict',
  message: 'No payslip is processed for the year.',
};
export const JOB_FAILURE = 'The PDF thread ran out of memory.';
export const FILE_GONE = {
  statusCode: 404,
  error: 'Not Found',
  message: 'This IR8A PDF is not ready, or was removed: make it again.',
};

export type Ir8aJobModelEvent =
  | { type: 'user.makesForms' }
  | { type: 'user.downloads' }
  | { type: 'user.leavesAndReturns' }
  | { type: 'user.choosesYear'; year: number }
  | { type: 'server.queuesJob' }
  | { type: 'server.refusesJob' }
  | { type: 'server.reportsDrawing' }
  | { type: 'server.reportsStored' }
  | { type: 'server.reportsFailure' }
  | { type: 'server.forgetsJob' }
  | { type: 'server.blips' }
  | { type: 'server.sendsFile' }
  | { type: 'server.refusesFile' };

export interface Ir8aJobModel {
  /** The year the screen opens on. */
  thisYear: number;
  year: number;
  /** Years with a job started in this tab. */
  started: number[];
  /** The job shown was started on this visit. */
  startedHere: boolean;
  /** The drawn count shown; null before the first answer. */
  drawn: number | null;
  /** The reason shown beside the job. */
  reason: string | null;
  toast: { title: string; description?: string } | null;
  saved: string[];
  /** A look at the job failed (a network blip): nothing shows of it, and the job is still followed. */
  blipped: boolean;
}

const button = (text: string) => screen.queryByText(text, { selector: 'button' }) as HTMLButtonElement | null;

function expectPending(app: RunningApp, s: { matches: (v: string) => boolean }, m: Ir8aJobModel) {
  const pending = app.server
    .pending()
    .filter((r) => r.path.startsWith('/api/jobs/') || r.path.startsWith(START_PATH))
    .at(-1);
  if (s.matches('starting')) {
    expect(pending?.method).toBe('POST');
    expect(pending?.path).toBe(START_PATH);
    expect(pending?.body).toEqual({ year: m.year });
  } else if (s.matches('following')) {
    expect(pending?.path, 'the job is followed').toBe(progressPath(m.year));
  } else if (s.matches('downloading')) {
    expect(pending?.path, 'the file is fetched').toBe(filePath(m.year));
  }
}

function expectScreen(s: { matches: (v: string) => boolean }, m: Ir8aJobModel) {
  const make = button('Make IR8A forms (PDF)');
  const download = button('Download IR8A forms (PDF)');
  const again = button('Make them again');
  const retry = button('Try again');
  const progress = screen.queryByRole('progressbar');
  expect(make !== null, 'Make IR8A forms offered').toBe(s.matches('offered'));
  if (make) expect(make).toBeEnabled();
  expect(progress !== null, 'progress shown').toBe(s.matches('following'));
  if (progress) {
    const words = m.drawn === null ? null : `${m.drawn} of ${EMPLOYEES} employees`;
    if (words) expect(progress.parentElement).toHaveTextContent(`IR8A forms for ${m.year}: ${words}`);
  }
  expect(download !== null, 'Download offered').toBe(s.matches('ready'));
  expect(again !== null, 'Make them again offered').toBe(s.matches('ready') || s.matches('downloading'));
  expect(retry !== null, 'Try again offered').toBe(s.matches('failed'));
  const processing = [...document.querySelectorAll('button')].filter(
    (b) => b.textContent === 'Processing...',
  );
  expect(processing.length, "'Processing...' while asked").toBe(
    s.matches('starting') || s.matches('downloading') ? 1 : 0,
  );
  const alert = screen.queryAllByRole('alert').find((el) => el.tagName === 'P');
  if (m.reason) expect(alert).toHaveTextContent(m.reason);
  else expect(alert).toBeUndefined();
}

function expectToastNow(toast: Ir8aJobModel['toast']) {
  const shown = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent,
    description: root.querySelector('[data-part="description"]')?.textContent || undefined,
  }));
  expect(shown, 'the toast showing').toEqual(toast ? [toast] : []);
}

export const savedFiles = { names: [] as string[] };

const failed = (reason: string) => ({
  reason,
  toast: { title: 'Error generating file', description: reason },
});

export const ir8aJobModel = setup({
  types: {
    context: {} as Ir8aJobModel,
    events: {} as Ir8aJobModelEvent,
    input: {} as { year: number },
  },
  actions: {
    // While the job is asked for, no reason shows.
    ask: assign({ reason: null }),
    reopen: assign(({ context }) => ({
      year: context.thisYear,
      startedHere: false,
      drawn: null,
      reason: null,
    })),
  },
  guards: {
    startedHere: ({ context }) => context.startedHere,
    remembered: ({ context }) => context.started.includes(context.thisYear),
    rememberedThere: ({ context, event }) =>
      event.type === 'user.choosesYear' && context.started.includes(event.year),
  },
}).createMachine({
  id: 'ir8aJobModel',
  context: ({ input }) => ({
    thisYear: input.year,
    year: input.year,
    started: [],
    startedHere: false,
    drawn: null,
    reason: null,
    toast: null,
    saved: [],
    blipped: false,
  }),
  meta: shows(async (app, s) => {
    const m = s.context as Ir8aJobModel;
    expect(window.location.pathname).toBe('/admin/pay-submissions');
    expectPending(app, s, m);
    expectScreen(s, m);
    expectToastNow(m.toast);
    expect(savedFiles.names, 'files saved').toEqual(m.saved);
  }),
  on: {
    // Leaving and coming back: the year shown is the current one again, and its job is picked up.
    'user.leavesAndReturns': [
      { guard: 'remembered', target: '.following', actions: 'reopen' },
      { target: '.offered', actions: 'reopen' },
    ],
    'user.choosesYear': [
      {
        guard: 'rememberedThere',
        target: '.following',
        actions: assign(({ event }) => ({ year: event.year, startedHere: false, drawn: null, reason: null })),
      },
      {
        target: '.offered',
        actions: assign(({ event }) => ({ year: event.year, startedHere: false, drawn: null, reason: null })),
      },
    ],
  },
  initial: 'offered',
  states: {
    offered: { on: { 'user.makesForms': { target: 'starting', actions: 'ask' } } },
    starting: {
      on: {
        'server.queuesJob': {
          target: 'following',
          actions: assign(({ context }) => ({
            started: [...new Set([...context.started, context.year])],
            startedHere: true,
            drawn: null,
            reason: null,
          })),
        },
        'server.refusesJob': { target: 'failed', actions: assign(failed(REFUSED.message)) },
      },
    },
    following: {
      on: {
        'server.reportsDrawing': { actions: assign({ drawn: DRAWN }) },
        'server.blips': { actions: assign({ blipped: true }) },
        'server.reportsStored': [
          { guard: 'startedHere', target: 'downloading', actions: assign({ drawn: EMPLOYEES }) },
          { target: 'ready', actions: assign({ drawn: EMPLOYEES }) },
        ],
        'server.reportsFailure': { target: 'failed', actions: assign(failed(JOB_FAILURE)) },
        'server.forgetsJob': { target: 'offered', actions: assign({ startedHere: false }) },
      },
    },
    ready: {
      on: {
        'user.downloads': { target: 'downloading', actions: assign({ reason: null }) },
        'user.makesForms': { target: 'starting', actions: 'ask' },
      },
    },
    downloading: {
      on: {
        'server.sendsFile': {
          target: 'ready',
          actions: assign(({ context }) => ({
            saved: [...context.saved, fileNameOf(context.year)],
            toast: { title: 'File downloaded', description: fileNameOf(context.year) },
          })),
        },
        'server.refusesFile': { target: 'ready', actions: assign(failed(FILE_GONE.message)) },
      },
    },
    failed: { on: { 'user.makesForms': { target: 'starting', actions: 'ask' } } },
  },
});
