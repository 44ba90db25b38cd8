import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { CompanyPage as Company } from '../../src/domain/company';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * The Company page (/admin/company) as issue 15 and docs/statutory-files.md ("Where to find them": the UEN,
 * CPF submission number and salary account, GET and PUT /api/company) tell it, in the spec's style: section 2's
 * page with its heading, a skeleton while the particulars are fetched, the server's reason and Try again when
 * they could not be (and a toast, section 8), then the Company form filled from what is stored; Save reads
 * 'Processing...' while it is sent (section 8), and the form shows what the server stored, with a toast,
 * without fetching again; a refused save keeps what was typed and shows the reason beside Save and in a toast.
 * The form's own rules are walked in company-form.test.tsx; here a save types a name, a UEN in lower case
 * and leaves the CPF submission number empty, which is sent as the UEN in capitals and the UEN + 'PTE01'.
 * Issue 34: the page says how mail is delivered ("E-mail is sent through <smtp host>", or "E-mail is not
 * set up: messages are kept in the outbox."), and Save sends the e-mailed payslips' protection as shown.
 */

export const COMPANY = '/api/company';
export const SERVER_DOWN = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
export const REFUSED = {
  statusCode: 409,
  error: 'Conflict',
  message: 'The UEN is already used by another company.',
};
/** What a save types over the stored particulars. */
export const TYPED = { name: 'Acme Holdings Pte Ltd', uen: '201912345k', cpfSubmissionNumber: '' };

export interface CompanySettingsInput {
  /** What GET /api/company answers, by name. */
  held: Record<'setUp' | 'neverSetUp', Company>;
  /** What PUT /api/company answers: what the server stored. */
  stored: Company;
}

export interface CompanySettingsModel extends CompanySettingsInput {
  /** The particulars the form was made from (null until fetched). */
  shown: Company | null;
  /** The form holds what the admin typed (after a refused save), not the particulars it was made from. */
  typed: boolean;
  requests: Array<{ method: string; body: unknown }>;
  toast: { title: string; description?: string } | null;
}

export type CompanySettingsModelEvent =
  | { type: 'server.sendsCompany'; company: 'setUp' | 'neverSetUp' }
  | { type: 'server.failsCompany' }
  | { type: 'user.triesAgain' }
  | { type: 'user.saves' }
  | { type: 'server.stores' }
  | { type: 'server.refusesSave' };

/** What Save sends: the typed fields read by the rules, the rest as shown. */
export const putBody = (shown: Company) => ({
  name: TYPED.name,
  uen: TYPED.uen.toUpperCase(),
  cpfSubmissionNumber: `${TYPED.uen.toUpperCase()}PTE01`,
  address: shown.address,
  authorisedPersonName: shown.authorisedPersonName,
  authorisedPersonDesignation: shown.authorisedPersonDesignation,
  authorisedPersonPhone: shown.authorisedPersonPhone,
  authorisedPersonEmail: shown.authorisedPersonEmail,
  protectEmailedPayslips: shown.protectEmailedPayslips,
  requirePayRunApproval: shown.requirePayRunApproval,
  // Issue 37: the claim window shows on the form and is sent back as it was.
  claimWindowDays: shown.claimWindowDays,
  bankAccounts: shown.bankAccounts,
});

/** The line on how mail is delivered, in the words. */
const deliveryLine = (shown: Company) =>
  shown.mailDelivery.mode === 'SMTP'
    ? `E-mail is sent through ${shown.mailDelivery.host}`
    : 'E-mail is not set up: messages are kept in the outbox.';

export const companyForm = () => screen.queryByRole('form', { name: 'Company' });
const FIELDS = [
  'name',
  'uen',
  'cpfSubmissionNumber',
  'address',
  'authorisedPersonName',
  'authorisedPersonDesignation',
  'authorisedPersonPhone',
  'authorisedPersonEmail',
  'bankName',
  'bankAccountNo',
  'bankAccountName',
] as const;

function expectFields(m: CompanySettingsModel, saving: boolean) {
  const form = companyForm() as HTMLElement;
  const shown = m.shown as Company;
  const expected: Record<string, string> = Object.fromEntries(FIELDS.map((f) => [f, shown[f] ?? '']));
  if (m.typed || saving) Object.assign(expected, TYPED);
  const values = Object.fromEntries(
    FIELDS.map((f) => [f, form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${f}"]`)?.value]),
  );
  expect(values, 'the Company form').toEqual(expected);
  const protection = form.querySelector<HTMLInputElement>('input[name="protectEmailedPayslips"]');
  expect(protection?.checked, 'the e-mailed payslips protection as stored').toBe(
    shown.protectEmailedPayslips,
  );
  expect(document.body.textContent, 'how mail is delivered').toContain(deliveryLine(shown));
  // Nothing marked wrong; a refusal beside Save only after a refused save.
  expect(form.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  const refusal = form.querySelector('[data-part="form-error"]');
  if (m.typed && !saving) expect(refusal).toHaveTextContent(REFUSED.message);
  else expect(refusal).toBeNull();
  const save = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  expect(save.textContent).toBe(saving ? 'Processing...' : 'Save');
  expect(save.disabled, 'Save waits while it is sent').toBe(saving);
}

function expectToastNow(toast: CompanySettingsModel['toast']) {
  const shown = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent,
    description: root.querySelector('[data-part="description"]')?.textContent || undefined,
  }));
  expect(shown, 'the toast showing').toEqual(toast ? [toast] : []);
}

export const companySettingsModel = setup({
  types: {
    context: {} as CompanySettingsModel,
    events: {} as CompanySettingsModelEvent,
    input: {} as CompanySettingsInput,
  },
}).createMachine({
  id: 'companySettingsModel',
  context: ({ input }) => ({
    ...input,
    shown: null,
    typed: false,
    requests: [{ method: 'GET', body: null }],
    toast: null,
  }),
  meta: shows((app: RunningApp, s) => {
    const m = s.context as CompanySettingsModel;
    expect(window.location.pathname).toBe('/admin/company');
    expect(document.querySelector('h1')?.textContent).toBe('Company');
    const made = app.server.requests
      .filter((r) => r.path === COMPANY)
      .map((r) => ({ method: r.method, body: r.body ?? null }));
    expect(made, 'the requests to /api/company').toEqual(m.requests);
    expectToastNow(m.toast);
    const retry = screen.queryByText('Try again', { selector: 'button' });
    if (s.matches('loading')) {
      expect(companyForm()).toBeNull();
      expect(retry).toBeNull();
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    } else if (s.matches('failed')) {
      expect(companyForm()).toBeNull();
      expect(retry).toBeEnabled();
      expect(document.querySelector('[data-part="form-error"]')).toHaveTextContent(SERVER_DOWN.message);
    } else {
      expect(retry).toBeNull();
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
      expectFields(m, s.matches('saving'));
    }
  }),
  initial: 'loading',
  states: {
    loading: {
      on: {
        'server.sendsCompany': {
          target: 'editing',
          actions: assign({ shown: ({ context, event }) => context.held[event.company] }),
        },
        'server.failsCompany': {
          target: 'failed',
          actions: assign({
            toast: { title: 'Failed to fetch company details', description: SERVER_DOWN.message },
          }),
        },
      },
    },
    failed: {
      on: {
        'user.triesAgain': {
          target: 'loading',
          actions: assign({
            requests: ({ context }) => [...context.requests, { method: 'GET', body: null }],
          }),
        },
      },
    },
    editing: {
      on: {
        'user.saves': {
          target: 'saving',
          actions: assign({
            requests: ({ context }) => [
              ...context.requests,
              { method: 'PUT', body: putBody(context.shown as Company) },
            ],
          }),
        },
      },
    },
    saving: {
      on: {
        // A new form from what the server stored; the page does not fetch again.
        'server.stores': {
          target: 'editing',
          actions: assign({
            shown: ({ context }) => context.stored,
            typed: false,
            toast: { title: 'Company details saved' },
          }),
        },
        'server.refusesSave': {
          target: 'editing',
          actions: assign({
            typed: true,
            toast: { title: 'Failed to save company details', description: REFUSED.message },
          }),
        },
      },
    },
  },
});
