import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { paySubmissionsMachine } from '../../machines/pay-submissions.machine';
import { todayIso } from '../../src/domain/dates';
import type { CpfSummary } from '../../src/domain/submissions';
import { dayMonthYear } from '../models/calendar-words';
import {
  AIS_CHECK,
  AIS_PROBLEMS,
  addDays,
  browser,
  FILE_BUTTONS,
  FILE_CONTENT,
  FILE_PATHS,
  type PaySubmissionsModel,
  type PaySubmissionsModelEvent,
  paySubmissionsModel,
  REFUSED,
  SERVER_DOWN,
  SUMMARY,
  type SubmissionFileKind,
  select,
  serverFileName,
  tab,
  valueDateInput,
} from '../models/pay-submissions.model';
import { admin } from '../views/fixtures';
import type { FakeServer, RecordedRequest } from './fake-server';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * Submissions (/admin/pay-submissions) walked from its spec model (tests/models/pay-submissions.model.ts):
 * the month's CPF summary and checks, the period pickers, the bank and value date, and the five files, with
 * the server's answers given by the fake server (files named by its Content-Disposition). The app's
 * pay-submissions machine is only watched, for coverage.
 */

type Event = PaySubmissionsModelEvent;
type ModelSnapshot = { value: unknown; context: PaySubmissionsModel; matches: (v: string) => boolean };

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const thisMonth = Number(today.slice(5, 7));
const lastYear = thisYear - 1;
/** Another month of the year shown: the one before, or December of last year in January. */
const otherMonth = thisMonth > 1 ? thisMonth - 1 : 12;
const inAWeek = addDays(today, 7);
const in30Days = addDays(today, 30);
const in31Days = addDays(today, 31);
const yesterday = addDays(today, -1);

/** A month with nothing in the way of the CPF file. */
const clean: CpfSummary = {
  year: thisYear,
  month: thisMonth,
  employees: 12,
  employeeCpf: 1234.5,
  employerCpf: 1048.83,
  totalCpf: 2283.33,
  sdl: 37,
  shg: [
    { fund: 'CDAC', donors: 3, amount: 4.5 },
    { fund: 'MBMF', donors: 1, amount: 3.25 },
  ],
  totalPayable: 2328.08,
  unprocessed: 0,
  problems: [],
  withheld: [],
  released: [],
};
/** A month whose CPF file the server would refuse, with staff left unprocessed. */
const blocked: CpfSummary = {
  ...clean,
  employees: 10,
  unprocessed: 2,
  problems: [
    "The company's CPF submission number is not set: enter it on the Company page.",
    'Tan Wei Ming has no NRIC or FIN on record.',
  ],
};

/** After IRAS's IR21 clearance: a leaver's pay released, its file of released payments not made yet. */
const released: CpfSummary = {
  ...clean,
  released: [
    {
      userId: 57,
      name: 'Rao Priya',
      netPay: 6123.45,
      clearedOn: addDays(today, -2),
      reference: 'IRAS/IR21/0077',
      fileDownloadedOn: null,
    },
  ],
};
/** The same, once its file of released payments was made today. */
const releasedFiled: CpfSummary = {
  ...released,
  released: released.released.map((payment) => ({ ...payment, fileDownloadedOn: today })),
};

const starts = [
  {
    name: 'admin opens Submissions',
    input: { today, summaries: { clean, blocked, released, releasedFiled } },
  },
];

const valueDate = (value: string) => ({ type: 'user.typesValueDate', valueDate: value }) as const;
const download = (file: SubmissionFileKind) => ({ type: 'user.downloads', file }) as const;
const sends = (summary: 'clean' | 'blocked' | 'released' | 'releasedFiled') =>
  ({ type: 'server.sendsSummary', summary }) as const;
const failsSummary = { type: 'server.failsSummary' } as const;
const sendsFile = { type: 'server.sendsFile' } as const;
const refusesFile = { type: 'server.refusesFile' } as const;
const findsProblems = { type: 'server.findsAisProblems' } as const;
const findsNothing = { type: 'server.findsNothingToFix' } as const;
const bank = (b: 'UOB' | 'DBS' | 'OCBC') => ({ type: 'user.choosesBank', bank: b }) as const;
const toLastYear = { type: 'user.choosesYear', year: lastYear } as const;
const toThisYear = { type: 'user.choosesYear', year: thisYear } as const;
const toOtherMonth = { type: 'user.choosesMonth', month: otherMonth } as const;

const events: Event[] = [
  toLastYear,
  toThisYear,
  toOtherMonth,
  { type: 'user.triesAgain' },
  bank('DBS'),
  valueDate(inAWeek),
  valueDate(in31Days),
  valueDate(yesterday),
  valueDate(''),
  download('cpfSummaryPdf'),
  download('cpfFile'),
  download('bankFile'),
  download('releasedBankFile'),
  download('ir8aCsv'),
  download('aisFile'),
  sends('clean'),
  sends('blocked'),
  sends('released'),
  sends('releasedFiled'),
  failsSummary,
  sendsFile,
  refusesFile,
  findsProblems,
  findsNothing,
];

/** What the screen lets an admin do: nothing but wait while a file is made; a picker changes its value. */
function canProduce(m: ModelSnapshot, event: Event): boolean {
  const c = m.context;
  const busy = m.matches('downloading') || m.matches('checking');
  switch (event.type) {
    case 'user.choosesYear':
      return !busy && event.year !== c.year;
    case 'user.choosesMonth':
      return !busy && event.month !== c.month && event.month <= (c.year === thisYear ? thisMonth : 12);
    case 'user.choosesBank':
      return !busy && c.bank !== event.bank;
    case 'user.typesValueDate':
      return !busy && c.valueDate !== event.valueDate;
    default:
      return true;
  }
}

/** What the model's guards and the requests read. */
const serialize = (m: ModelSnapshot) => {
  const c = m.context;
  return JSON.stringify([
    m.value,
    c.year,
    c.month,
    c.summary === null ? null : c.summary.problems.length > 0,
    c.summary?.released.map((payment) => payment.fileDownloadedOn),
    c.bank,
    c.valueDate,
    c.valueDateWrong,
    c.downloading,
    c.refusal !== null,
  ]);
};

/**
 * A browser's fetch reads a body as the page's Blob, which can be read back as text. In jsdom the page's
 * Blob has no `text()` and Node's fetch answers a Blob of Node's own (not the page's), so the fake server
 * answers a file request's refusal as a browser would: its JSON body as the page's Blob, readable as text.
 */
function asBrowserRefusal(response: Response, body: string): Response {
  const refusal = new Response(body, { status: response.status, headers: response.headers });
  const type = response.headers.get('content-type') ?? '';
  refusal.blob = async () => Object.assign(new Blob([body], { type }), { text: async () => body });
  return refusal;
}

/**
 * The fake server answers files as the real one does: with `content-disposition: attachment; filename=`,
 * and a refusal with the server's JSON (which the screen asked for as a blob, like the file).
 */
function withFileNames(server: FakeServer) {
  const answer = server.fetch;
  server.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await answer(input, init);
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const name = serverFileName(url.pathname, url.searchParams);
    if (name === null) return response;
    if (!response.ok) return asBrowserRefusal(response, await response.text());
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/octet-stream');
    headers.set('content-disposition', `attachment; filename="${name}"`);
    return new Response(await response.blob(), { status: response.status, headers });
  }) as typeof fetch;
}

let clickSpy: MockInstance | null = null;
function setup() {
  tab.install();
  beforeEach(() => {
    browser.saved = [];
    clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      browser.saved.push({ download: this.download, href: this.getAttribute('href') ?? '' });
    });
  });
  afterEach(() => clickSpy?.mockRestore());
}

/** Answers every pending summary request (an earlier period's too: its answer must change nothing). */
function answerSummary(server: FakeServer, status: number, body: (r: RecordedRequest) => unknown) {
  for (const request of server.pending('GET', SUMMARY)) server.answer('GET', SUMMARY, status, body(request));
}

const button = (text: string) => screen.getByText(text, { selector: 'button' });

async function perform(app: RunningApp, event: Event, m: ModelSnapshot) {
  const c = m.context;
  switch (event.type) {
    case 'user.choosesYear':
      await app.user.selectOptions(select('Year'), String(event.year));
      break;
    case 'user.choosesMonth':
      await app.user.selectOptions(select('Month'), String(event.month));
      break;
    case 'user.triesAgain':
      await app.user.click(button('Try again'));
      break;
    case 'user.choosesBank':
      await app.user.selectOptions(select('Bank'), event.bank);
      break;
    case 'user.typesValueDate':
      fireEvent.change(valueDateInput(), { target: { value: dayMonthYear(event.valueDate) } });
      break;
    case 'user.downloads':
      await app.user.click(button(FILE_BUTTONS[event.file]));
      break;
    case 'server.sendsSummary': {
      const output = c.summaries[event.summary];
      answerSummary(app.server, 200, (r) => ({
        ...output,
        year: Number(r.query.get('year')),
        month: Number(r.query.get('month')),
      }));
      break;
    }
    case 'server.failsSummary':
      answerSummary(app.server, SERVER_DOWN.statusCode, () => SERVER_DOWN);
      break;
    case 'server.sendsFile':
      app.server.answer('GET', FILE_PATHS[c.downloading as SubmissionFileKind], 200, FILE_CONTENT);
      break;
    case 'server.refusesFile': {
      const path = m.matches('checking') ? AIS_CHECK : FILE_PATHS[c.downloading as SubmissionFileKind];
      app.server.answer('GET', path, REFUSED.statusCode, REFUSED);
      break;
    }
    case 'server.findsAisProblems':
      app.server.answer('GET', AIS_CHECK, 200, { year: c.year, employees: 12, problems: AIS_PROBLEMS });
      break;
    case 'server.findsNothingToFix':
      app.server.answer('GET', AIS_CHECK, 200, { year: c.year, employees: 12, problems: [] });
      break;
  }
  await settle();
}

const label = (event: Event) => {
  switch (event.type) {
    case 'user.choosesYear':
      return `user.choosesYear (${event.year === thisYear ? 'this' : 'last'})`;
    case 'user.choosesMonth':
      return 'user.choosesMonth (other)';
    case 'user.choosesBank':
      return `user.choosesBank (${event.bank})`;
    case 'user.typesValueDate':
      return `user.typesValueDate (${event.valueDate === '' ? 'empty' : event.valueDate === inAWeek ? 'in a week' : event.valueDate === yesterday ? 'yesterday' : event.valueDate === in30Days ? 'in 30 days' : event.valueDate === today ? 'today' : 'in 31 days'})`;
    case 'user.downloads':
      return `user.downloads (${event.file})`;
    case 'server.sendsSummary':
      return `server.sendsSummary (${event.summary})`;
    default:
      return event.type;
  }
};

describeSpecWalk({
  title: 'Submissions, walked from its spec model',
  model: paySubmissionsModel,
  starts,
  events,
  canProduce: canProduce as never,
  serialize: serialize as never,
  app: { machine: paySubmissionsMachine },
  open: (_, inspect) =>
    renderApp({ path: '/admin/pay-submissions', storage: signedIn(admin), inspect, prepare: withFileNames }),
  perform: (app, event, model) => perform(app, event, model as unknown as ModelSnapshot),
  label,
  setup,
  scenarios: [
    {
      name: 'CPF summary (PDF): saved under the server name, for the finance file',
      events: [sends('blocked'), download('cpfSummaryPdf'), sendsFile],
    },
    {
      name: 'Download CPF file: saved under the server name',
      events: [sends('clean'), download('cpfFile'), sendsFile],
    },
    {
      name: 'Download bank file: saved under the server name',
      events: [sends('clean'), download('bankFile'), sendsFile],
    },
    {
      name: 'IRAS AIS file: problems listed by employee, nothing saved; fixed, the file is saved',
      events: [
        sends('clean'),
        download('aisFile'),
        findsProblems,
        download('aisFile'),
        findsNothing,
        sendsFile,
      ],
    },
    {
      name: 'IRAS AIS file: the problems go with another year, not with another month',
      events: [
        sends('blocked'),
        download('aisFile'),
        findsProblems,
        toOtherMonth,
        sends('clean'),
        toLastYear,
      ],
    },
    {
      name: 'IRAS AIS file: the check refused, its reason shows; the file itself refused',
      events: [
        sends('clean'),
        download('aisFile'),
        refusesFile,
        download('aisFile'),
        findsNothing,
        refusesFile,
      ],
    },
    {
      name: 'released after IR21 clearance: their own bank file saved, then the summary says when it was made',
      events: [
        sends('released'),
        bank('DBS'),
        download('releasedBankFile'),
        sendsFile,
        sends('releasedFiled'),
      ],
    },
    {
      name: 'released payments: a wrong value date is refused before any request; the file refused',
      events: [
        sends('released'),
        valueDate(yesterday),
        download('releasedBankFile'),
        valueDate(inAWeek),
        download('releasedBankFile'),
        refusesFile,
      ],
    },
    {
      name: 'IR8A CSV: saved under the server name',
      events: [sends('clean'), download('ir8aCsv'), sendsFile],
    },
    {
      name: 'a blocked month: no CPF file, the bank file refused, the IR8A CSV still saved',
      events: [sends('blocked'), download('bankFile'), refusesFile, download('ir8aCsv'), sendsFile],
    },
    {
      name: 'value date rule: 31 days and yesterday refused before any request, 30 days taken with OCBC',
      events: [
        sends('clean'),
        valueDate(in31Days),
        download('bankFile'),
        valueDate(yesterday),
        download('bankFile'),
        valueDate(in30Days),
        bank('OCBC'),
        download('bankFile'),
        sendsFile,
      ],
    },
    {
      name: 'a wrong value date holds only the bank file: the CPF file and the IR8A CSV still go',
      events: [
        sends('clean'),
        valueDate(yesterday),
        download('cpfFile'),
        sendsFile,
        download('ir8aCsv'),
        sendsFile,
      ],
    },
    {
      name: "a refused file's reason goes with another month",
      events: [sends('clean'), download('cpfFile'), refusesFile, toOtherMonth, sends('clean')],
    },
    {
      name: 'value date today is taken, with DBS',
      events: [sends('clean'), bank('DBS'), valueDate(today), download('bankFile'), sendsFile],
    },
    {
      name: 'last year: its summary, then its IR8A CSV',
      events: [sends('blocked'), toLastYear, sends('clean'), download('ir8aCsv'), sendsFile],
    },
    {
      name: 'another month fails, Try again fetches it again',
      events: [sends('clean'), toOtherMonth, failsSummary, { type: 'user.triesAgain' }, sends('blocked')],
    },
    {
      name: 'December of last year, back to this year: the month becomes the current one',
      events: [
        sends('clean'),
        toLastYear,
        sends('clean'),
        { type: 'user.choosesMonth', month: 12 },
        sends('clean'),
        toThisYear,
        sends('clean'),
      ],
    },
    {
      name: 'bank and value date taken while the summary is fetched or failed: the next bank file has them',
      events: [
        failsSummary,
        bank('OCBC'),
        valueDate(inAWeek),
        { type: 'user.triesAgain' },
        bank('DBS'),
        sends('clean'),
        download('bankFile'),
        sendsFile,
      ],
    },
    {
      name: 'a value date typed while another month loads clears its message; another bank clears a refusal',
      events: [
        sends('clean'),
        valueDate(yesterday),
        download('bankFile'),
        toOtherMonth,
        valueDate(inAWeek),
        sends('clean'),
        download('bankFile'),
        refusesFile,
        bank('DBS'),
      ],
    },
  ],
});
