import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type CompanySettingsEvent, companySettingsMachine } from '../../machines/company-settings.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import type { Company } from '../../src/domain/company';
import { admin } from '../views/fixtures';
import { describeEvent, planScenario, planTransitionPaths } from './coverage';
import { expectToast, type RunningApp, renderApp, settle } from './harness';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the company-settings statechart (docs/decisions/0001) through the Company page
 * (/admin/company): the stored particulars are fetched, then edited in the Company form, which is made
 * again from the server's answer after each save. Paths from the real machine, walked through the real app
 * with HTTP answered at the fetch level. The form itself is walked in company-form.test.tsx.
 */

type Machine = typeof companySettingsMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | CompanySettingsEvent
  | { type: 'xstate.done.actor.loadCompany'; output: Company; actorId: 'loadCompany' }
  | { type: 'xstate.error.actor.loadCompany'; error: ApiError; actorId: 'loadCompany' };

/** What GET /api/company answers. */
const stored: Company = {
  name: 'Acme Pte Ltd',
  uen: '53123456A',
  cpfSubmissionNumber: '53123456APTE01',
  address: '1 Raffles Place, #20-01, Singapore 048616',
  bankName: 'UOB',
  bankAccountNo: '3019876543',
  bankAccountName: null,
};
/** A company never set up: only its name (the server's default). */
const blank: Company = {
  name: 'HR Portal',
  uen: null,
  cpfSubmissionNumber: null,
  address: null,
  bankName: null,
  bankAccountNo: null,
  bankAccountName: null,
};
/** What PUT /api/company answers: what the server stored, which the page then shows. */
const saved: Company = {
  ...stored,
  name: 'Acme Holdings Pte Ltd',
  uen: '201912345K',
  cpfSubmissionNumber: '201912345KPTE01',
  bankAccountName: 'ACME HOLDINGS PTE LTD',
};
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};

const loaded = (company: Company) =>
  ({ type: 'xstate.done.actor.loadCompany', output: company, actorId: 'loadCompany' }) as const;
const events: Event[] = [
  { type: 'company.reload' },
  loaded(stored),
  { type: 'xstate.error.actor.loadCompany', error: serverDown, actorId: 'loadCompany' },
  { type: 'xstate.done.actor.companyForm', output: saved },
];

const starts = [{ name: 'admin opens Company', input: undefined }];
const actor = followActor(companySettingsMachine);
const plan = planTransitionPaths(companySettingsMachine, { starts, events });
// Walked whatever the plan chose: a company never set up shows its empty fields.
plan.paths.push(
  planScenario<Machine, Event>(companySettingsMachine, starts[0] as (typeof starts)[number], [loaded(blank)]),
);

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const COMPANY = '/api/company';
const form = () => screen.queryByRole('form', { name: 'Company' });

/** The step's requests to /api/company. */
let requestsBefore = 0;
const newRequests = (app: RunningApp) =>
  app.server.requests
    .slice(requestsBefore)
    .filter((r) => r.path === COMPANY)
    .map((r) => ({ method: r.method, body: r.body ?? null }));

/** Saves through the form as an admin would: edits, Save, and the server's answer. */
async function save(app: RunningApp) {
  const page = form();
  if (!page) throw new Error('the Company form is not showing');
  const input = (name: string) => page.querySelector(`[name="${name}"]`) as HTMLInputElement;
  fireEvent.change(input('name'), { target: { value: saved.name } });
  fireEvent.change(input('uen'), { target: { value: '201912345k' } });
  fireEvent.change(input('cpfSubmissionNumber'), { target: { value: '' } });
  await settle();
  await app.user.click(screen.getByText('Save', { selector: 'button' }));
  await settle();
  app.server.answer('PUT', COMPANY, 200, saved);
}

async function perform(app: RunningApp, event: Event) {
  requestsBefore = app.server.requests.length;
  switch (event.type) {
    case 'company.reload':
      await app.user.click(screen.getByText('Try again', { selector: 'button' }));
      break;
    case 'xstate.done.actor.loadCompany':
      app.server.answer('GET', COMPANY, 200, event.output);
      break;
    case 'xstate.error.actor.loadCompany':
      app.server.answer('GET', COMPANY, event.error.statusCode, event.error);
      break;
    case 'xstate.done.actor.companyForm':
      await save(app);
      break;
  }
  await settle();
}

/** The form's fields as the page shows them for a company ('' for what is not set). */
function expectFields(company: Company) {
  const page = form() as HTMLElement;
  const value = (name: string) =>
    page.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value;
  expect(value('name')).toBe(company.name);
  expect(value('uen')).toBe(company.uen ?? '');
  expect(value('cpfSubmissionNumber')).toBe(company.cpfSubmissionNumber ?? '');
  expect(value('address')).toBe(company.address ?? '');
  expect(value('bankName')).toBe(company.bankName ?? '');
  expect(value('bankAccountNo')).toBe(company.bankAccountNo ?? '');
  expect(value('bankAccountName')).toBe(company.bankAccountName ?? '');
  // A fresh form: nothing marked wrong, nothing refused, Save enabled.
  expect(page.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  expect(page.querySelector('[data-part="form-error"]')).toBeNull();
  expect(screen.getByText('Save', { selector: 'button' })).toBeEnabled();
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null, before: Snapshot | null) {
  expect(window.location.pathname).toBe('/admin/company');
  expect(document.querySelector('h1')?.textContent).toBe('Company');
  const made = newRequests(app);
  const retry = screen.queryByText('Try again', { selector: 'button' });
  if (event === null || event.type === 'company.reload') {
    expect(made, 'the page fetches the stored particulars').toEqual([{ method: 'GET', body: null }]);
  }
  if (s.matches('loading')) {
    expect(form()).toBeNull();
    expect(retry).toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(app.server.pending('GET', COMPANY)).toHaveLength(1);
  }
  if (s.matches('failed')) {
    expect(form()).toBeNull();
    expect(retry).toBeEnabled();
    expect(document.querySelector('[data-part="form-error"]')).toHaveTextContent(serverDown.message);
    expect(made).toEqual([]);
  }
  if (event?.type === 'xstate.error.actor.loadCompany') {
    // A failed load says so in a toast too, with the server's reason.
    expectToast('Failed to fetch company details', serverDown.message);
  }
  if (s.matches('editing')) {
    expect(retry).toBeNull();
    expect(form()).not.toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  }
  if (event?.type === 'xstate.done.actor.loadCompany') {
    expectFields(event.output);
    expect(made).toEqual([]);
  }
  if (event?.type === 'xstate.done.actor.companyForm') {
    // What was typed went out read by the rules; the page did not fetch again: it shows the answer.
    expect(made).toEqual([
      {
        method: 'PUT',
        body: {
          name: saved.name,
          uen: '201912345K',
          cpfSubmissionNumber: '201912345KPTE01',
          address: stored.address,
          bankName: stored.bankName,
          bankAccountNo: stored.bankAccountNo,
          bankAccountName: null,
        },
      },
    ]);
    // A new form, made from what the server stored.
    expect(s.context.form).not.toBe(before?.context.form);
    expect(before?.context.form?.getSnapshot().status).toBe('done');
    expectFields(saved);
    const titles = [...document.querySelectorAll('[data-scope="toast"][data-part="title"]')];
    expect(titles.map((t) => t.textContent)).toEqual(['Company details saved']);
  }
}

describeModelWalk<Machine, Event>({
  title: 'company-settings statechart, walked through /admin/company',
  machine: companySettingsMachine,
  actor,
  plan,
  open: () => {
    requestsBefore = 0;
    return renderApp({ path: '/admin/company', storage: signedInAdmin, inspect: actor.inspect });
  },
  perform,
  expectScreen,
  label: (event) =>
    event.type === 'xstate.done.actor.loadCompany'
      ? `loadCompany done (${event.output === blank ? 'never set up' : 'set up'})`
      : event.type === 'xstate.done.actor.companyForm'
        ? 'companyForm done (saved)'
        : describeEvent(event),
});
