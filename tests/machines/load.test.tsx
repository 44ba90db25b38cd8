import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { loadMachine } from '../../machines/load.machine';
import type { ApiError } from '../../src/domain/auth';
import type { CpfSummary } from '../../src/domain/submissions';
import { createLoadModel, type LoadModelEvent, type LoadScreen } from '../models/load.model';
import { admin } from '../views/fixtures';
import { setUpCompany } from './fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * The load statechart walked from its spec model (tests/models/load.model.ts) through the screens that fetch
 * something to show: the server answers or fails at the fetch level, the user tries again, asks for another
 * month or period, or changes the data elsewhere on the screen. After every step the screen must show what
 * the model says (the placeholder, the answer, or the failure with Try again) and have asked the server what
 * the model says; the app's load statechart must have taken no transition the model lacks.
 */

const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};

/** How the walk drives one screen, beside what the model says of it. */
interface WalkedLoad extends LoadScreen {
  /** Where the screen runs several loads: the app's actor under test, by its query. */
  isUnderTest?: (query: unknown) => boolean;
}

// ------------------------------------------------------------------ Company (/admin/company)

const company = setUpCompany;

const companyForm = () => screen.queryByRole('form', { name: 'Company' });

const companyScreen: WalkedLoad = {
  name: 'the Company screen',
  path: '/admin/company',
  storage: signedIn(admin),
  endpoint: '/api/company',
  answer: () => company,
  failure: serverDown,
  expectChrome: () => expect(document.querySelector('h1')?.textContent).toBe('Company'),
  expectPlaceholder: () => {
    expect(companyForm()).toBeNull();
    expect(document.querySelector('[aria-busy="true"]'), 'the skeleton').not.toBeNull();
  },
  expectShown: () => {
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(companyForm()?.querySelector<HTMLInputElement>('[name="uen"]')?.value).toBe(company.uen);
  },
};

// ------------------------------------------------------------------ Submissions (/admin/pay-submissions)

const today = new Date();
const thisYear = today.getFullYear();
const thisMonth = today.getMonth() + 1;
/** Spec section 9's month names, for the summary's heading. */
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
/** The other question: the same month of last year (the Year picker keeps the month). */
const periodOf = (other: boolean) => ({ year: other ? thisYear - 1 : thisYear, month: thisMonth });
const summaryOf = (other: boolean): CpfSummary => ({
  ...periodOf(other),
  employees: other ? 9 : 12,
  employeeCpf: other ? 1111.1 : 1234.5,
  employerCpf: 1048.83,
  totalCpf: 2283.33,
  sdl: 37,
  shg: [],
  totalPayable: 2320.33,
  unprocessed: 0,
  problems: [],
  withheld: [],
  released: [],
});
const summaryTable = (other: boolean) => {
  const { year, month } = periodOf(other);
  return screen.queryByRole('table', { name: `CPF summary for ${MONTHS[month - 1]} ${year}` });
};

const submissions: WalkedLoad = {
  name: 'the Submissions screen',
  path: '/admin/pay-submissions',
  storage: signedIn(admin),
  endpoint: '/api/payslips/cpf-summary',
  answer: summaryOf,
  failure: serverDown,
  expectChrome: () => expect(document.querySelector('h1')?.textContent).toBe('Submissions'),
  expectPlaceholder: () => {
    expect(summaryTable(false)).toBeNull();
    expect(summaryTable(true)).toBeNull();
    expect(document.querySelector('[aria-busy="true"]'), 'the skeleton').not.toBeNull();
  },
  expectShown: (other) => {
    expect(summaryTable(!other)).toBeNull();
    expect(summaryTable(other)).toHaveTextContent(other ? '1,111.10' : '1,234.50');
  },
  expectAsked: (asked, other) =>
    expect(asked.map((r) => [r.query.get('year'), r.query.get('month')])).toEqual(
      other.map((o) => [String(periodOf(o).year), String(periodOf(o).month)]),
    ),
  change: async (app) => {
    const year = screen.getByLabelText('Year') as HTMLSelectElement;
    await app.user.selectOptions(year, String(Number(year.value) === thisYear ? thisYear - 1 : thisYear));
  },
};

// ------------------------------------------------------------------ the walk

/** Every event of the app's load statechart a screen may or may not offer. */
const CHANGES = ['load.change'] as const;

function walkLoad(load: WalkedLoad) {
  const model = createLoadModel(load);
  const events: LoadModelEvent[] = [
    { type: 'server.answers' },
    { type: 'server.fails' },
    { type: 'user.triesAgain' },
    ...(load.change ? [{ type: 'user.asksAnother' as const }] : []),
    ...(load.changeData ? [{ type: 'screen.changesData' as const }] : []),
  ];

  /** `other`: the question the screen asks now (the model's, before the step). */
  async function perform(app: RunningApp, event: LoadModelEvent, other: boolean) {
    switch (event.type) {
      case 'server.answers':
        // The newest question is answered; one it replaced still waits, unheard.
        app.server.answerLatest('GET', load.endpoint, 200, load.answer(other));
        break;
      case 'server.fails':
        app.server.answerLatest('GET', load.endpoint, load.failure.statusCode, load.failure);
        break;
      case 'user.triesAgain':
        await app.user.click(screen.getByRole('button', { name: 'Try again' }));
        break;
      case 'user.asksAnother':
        await load.change?.(app);
        break;
      case 'screen.changesData':
        await load.changeData?.(app);
        break;
    }
    await settle();
  }

  describeSpecWalk<typeof model, LoadModelEvent>({
    title: `a load, walked from its spec model through ${load.name}`,
    model,
    starts: [{ name: load.name, input: undefined as never }],
    events,
    serialize: (m) => JSON.stringify([m.value, m.context.other, m.context.kept]),
    app: {
      machine: loadMachine,
      isUnderTest: load.isUnderTest ? (s) => load.isUnderTest?.(s.context.query) ?? true : undefined,
      notOnThisScreen: CHANGES.filter(() => !load.change),
    },
    open: (_path, inspect) =>
      renderApp({ path: load.path, storage: load.storage, inspect, prepare: load.prepare }),
    perform: (app, event, m) => perform(app, event, m.context.other),
    scenarios: [
      {
        name: 'fails, Try again, answered',
        events: [{ type: 'server.fails' }, { type: 'user.triesAgain' }, { type: 'server.answers' }],
      },
      ...(load.change
        ? [
            {
              name: 'another question while the first is fetched replaces it; back, failing, Try again',
              events: [
                { type: 'user.asksAnother' as const },
                { type: 'server.answers' as const },
                { type: 'user.asksAnother' as const },
                { type: 'server.fails' as const },
                { type: 'user.triesAgain' as const },
                { type: 'server.answers' as const },
              ],
            },
          ]
        : []),
    ],
  });
}

walkLoad(companyScreen);
walkLoad(submissions);
