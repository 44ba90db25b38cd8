import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { ir8aJobMachine } from '../../machines/ir8a-job.machine';
import { todayIso } from '../../src/domain/dates';
import {
  DRAWN,
  EMPLOYEES,
  FILE_GONE,
  fileNameOf,
  filePath,
  type Ir8aJobModel,
  type Ir8aJobModelEvent,
  ir8aJobModel,
  JOB_FAILURE,
  jobIdOf,
  progressPath,
  REFUSED,
  START_PATH,
  savedFiles,
} from '../models/ir8a-job.model';
import { admin } from '../views/fixtures';
import { type FakeServer, getOf } from './fake-server';
import { advance, pdfTab, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * The IR8A PDF job (issue 33.6) walked from its spec model (tests/models/ir8a-job.model.ts) on Submissions:
 * made, followed on the fake clock, picked up after leaving the screen, downloaded, failed and tried again,
 * and another year's job. The month's CPF summary is answered at once; the app's ir8a-job machine is only
 * watched, for coverage.
 */

type Event = Ir8aJobModelEvent;
type ModelSnapshot = { value: unknown; context: Ir8aJobModel; matches: (v: string) => boolean };

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const lastYear = thisYear - 1;

const summaryOf = (year: number, month: number) => ({
  year,
  month,
  employees: 3,
  employeeCpf: 100,
  employerCpf: 85,
  totalCpf: 185,
  sdl: 5,
  shg: [],
  totalPayable: 190,
  unprocessed: 0,
  problems: [],
  withheld: [],
  released: [],
});

/** The job's progress as GET /api/jobs/{id} answers it. */
const progress = (year: number, status: string, done: number, extra: { error?: string } = {}) => ({
  id: jobIdOf(year),
  kind: 'ir8aPdf',
  year,
  status,
  total: EMPLOYEES,
  done,
  downloadUrl: status === 'completed' ? filePath(year) : null,
  error: extra.error ?? null,
});

/** The server names the stored file in its Content-Disposition, as the real one does. */
function prepare(server: FakeServer) {
  server.autoAnswer(getOf('/api/payslips/cpf-summary'), 200, (r: { query: URLSearchParams }) =>
    summaryOf(Number(r.query.get('year')), Number(r.query.get('month'))),
  );
  const answer = server.fetch;
  server.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await answer(input, init);
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://x',
    );
    const year = /^\/api\/payslips\/ir8a\/jobs\/ir8a-job-(\d+)\/file$/.exec(url.pathname)?.[1];
    if (!year) return response;
    if (!response.ok) {
      // A browser reads the refusal's blob back as text; jsdom's Blob cannot, so it is given the means.
      const body = await response.text();
      const refusal = new Response(body, { status: response.status, headers: response.headers });
      refusal.blob = async () =>
        Object.assign(new Blob([body], { type: 'application/json' }), { text: async () => body });
      return refusal;
    }
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/pdf');
    headers.set('content-disposition', `attachment; filename="${fileNameOf(Number(year))}"`);
    return new Response(await response.blob(), { status: 200, headers });
  }) as typeof fetch;
}

const tab = pdfTab('blob:ir8a-file');
let clickSpy: MockInstance | null = null;
function setup() {
  tab.install();
  beforeEach(() => {
    savedFiles.names = [];
    clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      savedFiles.names.push(this.download);
    });
  });
  afterEach(() => clickSpy?.mockRestore());
}

const events: Event[] = [
  { type: 'user.makesForms' },
  { type: 'user.downloads' },
  { type: 'user.leavesAndReturns' },
  { type: 'user.choosesYear', year: lastYear },
  { type: 'user.choosesYear', year: thisYear },
  { type: 'server.queuesJob' },
  { type: 'server.refusesJob' },
  { type: 'server.reportsDrawing' },
  { type: 'server.reportsStored' },
  { type: 'server.reportsFailure' },
  { type: 'server.forgetsJob' },
  { type: 'server.blips' },
  { type: 'server.sendsFile' },
  { type: 'server.refusesFile' },
];

/** The pickers and links wait while something is asked; a picker changes its value. */
function canProduce(m: ModelSnapshot, event: Event): boolean {
  const asking = m.matches('starting') || m.matches('downloading');
  if (event.type === 'user.choosesYear') return !asking && event.year !== m.context.year;
  if (event.type === 'user.leavesAndReturns') return !asking;
  return true;
}

const serialize = (m: ModelSnapshot) =>
  JSON.stringify([
    m.value,
    m.context.year,
    m.context.started,
    m.context.startedHere,
    m.context.drawn,
    m.context.blipped,
  ]);

const button = (text: string) => screen.getByText(text, { selector: 'button' });

async function go(path: string) {
  await act(async () => {
    window.history.pushState(null, '', path);
  });
  await settle();
}

async function perform(app: RunningApp, event: Event, m: ModelSnapshot) {
  const { year } = m.context;
  switch (event.type) {
    case 'user.makesForms': {
      const label = m.matches('ready')
        ? 'Make them again'
        : m.matches('failed')
          ? 'Try again'
          : 'Make IR8A forms (PDF)';
      await app.user.click(button(label));
      break;
    }
    case 'user.downloads':
      await app.user.click(button('Download IR8A forms (PDF)'));
      break;
    case 'user.leavesAndReturns':
      await go('/admin/company');
      await go('/admin/pay-submissions');
      break;
    case 'user.choosesYear':
      await app.user.selectOptions(screen.getByLabelText('Year'), String(event.year));
      break;
    case 'server.queuesJob':
      app.server.answer('POST', START_PATH, 202, { jobId: jobIdOf(year) });
      break;
    case 'server.refusesJob':
      app.server.answer('POST', START_PATH, REFUSED.statusCode, REFUSED);
      break;
    case 'server.reportsDrawing':
      app.server.answerLatest('GET', progressPath(year), 200, progress(year, 'running', DRAWN));
      await settle();
      // The next look comes a second later.
      await advance(1000);
      break;
    case 'server.blips':
      app.server.answerLatest('GET', progressPath(year), 500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'The database is unavailable.',
      });
      await settle();
      await advance(1000);
      break;
    case 'server.reportsStored':
      app.server.answerLatest('GET', progressPath(year), 200, progress(year, 'completed', EMPLOYEES));
      break;
    case 'server.reportsFailure':
      app.server.answerLatest(
        'GET',
        progressPath(year),
        200,
        progress(year, 'failed', 0, { error: JOB_FAILURE }),
      );
      break;
    case 'server.forgetsJob':
      app.server.answerLatest('GET', progressPath(year), 404, {
        statusCode: 404,
        error: 'Not Found',
        message: 'Job not found.',
      });
      break;
    case 'server.sendsFile':
      app.server.answer('GET', filePath(year), 200, { pdf: 'the IR8A forms' });
      break;
    case 'server.refusesFile':
      app.server.answer('GET', filePath(year), FILE_GONE.statusCode, FILE_GONE);
      break;
  }
  await settle();
}

const label = (event: Event) =>
  event.type === 'user.choosesYear'
    ? `user.choosesYear (${event.year === thisYear ? 'this' : 'last'})`
    : event.type;

const make = { type: 'user.makesForms' } as const;
const queues = { type: 'server.queuesJob' } as const;
const drawing = { type: 'server.reportsDrawing' } as const;
const stored = { type: 'server.reportsStored' } as const;

describeSpecWalk({
  title: 'The IR8A PDF job on Submissions, walked from its spec model',
  model: ir8aJobModel,
  starts: [{ name: 'admin opens Submissions', input: { year: thisYear } }],
  events,
  canProduce: canProduce as never,
  serialize: serialize as never,
  app: { machine: ir8aJobMachine },
  open: (_, inspect) =>
    renderApp({ path: '/admin/pay-submissions', storage: signedIn(admin), inspect, prepare }),
  perform: (app, event, model) => perform(app, event, model as unknown as ModelSnapshot),
  label,
  setup,
  scenarios: [
    {
      name: 'made, followed, downloaded as soon as it is stored',
      events: [make, queues, drawing, drawing, stored, { type: 'server.sendsFile' }],
    },
    {
      name: 'left while running, picked up on return, then downloaded on request',
      events: [
        make,
        queues,
        drawing,
        { type: 'user.leavesAndReturns' },
        drawing,
        stored,
        { type: 'user.downloads' },
        { type: 'server.sendsFile' },
      ],
    },
    {
      name: 'the job fails, Try again makes it',
      events: [make, queues, { type: 'server.reportsFailure' }, make, queues, stored],
    },
    {
      name: "another year shows its own job; back, this year's is picked up",
      events: [
        make,
        queues,
        { type: 'user.choosesYear', year: lastYear },
        { type: 'user.choosesYear', year: thisYear },
        stored,
      ],
    },
  ],
});
