import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { companyFormMachine } from '../../machines/company-form.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { admin } from '../views/fixtures';
import { describeFormModel, type FormModelEvent, NO_FILE, NO_REFERENCE } from './form-model';
import { type RunningApp, renderApp, settle } from './harness';
import { companySpec } from './spec-forms';

/**
 * Model-based test of the Company form (see form-model.tsx for the method), walked through the Company page
 * (/admin/company): the page fetches the stored particulars and the form starts from them. Beside the
 * coverage plan, named scenarios walk each field's rule (the UEN's three shapes, the CPF submission number
 * made of the UEN, digits only for the account) and a full save.
 */

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};

/** What GET /api/company answers. */
const stored = {
  name: 'Acme Pte Ltd',
  uen: '53123456A',
  cpfSubmissionNumber: '53123456APTE01',
  address: '1 Raffles Place, #20-01, Singapore 048616',
  bankName: 'UOB',
  bankAccountNo: '3019876543',
  bankAccountName: 'ACME PTE LTD',
};
const storedValues = { ...stored };
/** What PUT /api/company answers: the particulars as the server stored them. */
const saved = {
  name: 'Acme Holdings Pte Ltd',
  uen: '201912345K',
  cpfSubmissionNumber: '201912345KPTE01',
  address: stored.address,
  bankName: 'DBS',
  bankAccountNo: stored.bankAccountNo,
  bankAccountName: stored.bankAccountName,
};
const refused: ApiError = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'The UEN 201912345K belongs to another company.',
};

const change = (name: string, value: string): FormModelEvent => ({ type: 'field.change', name, value });
const leave = (name: string): FormModelEvent => ({ type: 'field.blur', name });
const submit: FormModelEvent = { type: 'form.submit' };
const done: FormModelEvent = { type: 'xstate.done.actor.saveCompany', output: saved, actorId: 'saveCompany' };
const failed: FormModelEvent = {
  type: 'xstate.error.actor.saveCompany',
  error: refused,
  actorId: 'saveCompany',
};

const form = () => screen.queryByRole('form', { name: 'Company' });
const PUT = '/api/company';

/**
 * PUT /company's body for what is typed, from the rules: text trimmed, codes upper-cased, '' sent as
 * null, and an empty CPF submission number the UEN's first one (the UEN followed by PTE01, as the field's
 * help says).
 */
function expectedBody(values: Record<string, string>) {
  const text = (value: string | undefined) => (value ?? '').trim() || null;
  const uen = text(values.uen)?.toUpperCase() ?? null;
  return {
    name: (values.name ?? '').trim(),
    uen,
    cpfSubmissionNumber: text(values.cpfSubmissionNumber)?.toUpperCase() ?? (uen ? `${uen}PTE01` : null),
    address: text(values.address),
    bankName: text(values.bankName),
    bankAccountNo: text(values.bankAccountNo),
    bankAccountName: text(values.bankAccountName),
  };
}

/** The messages showing before the step. */
let shownBefore: Record<string, string> = {};

const toasts = () =>
  [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent ?? '',
    description: root.querySelector('[data-part="description"]')?.textContent ?? '',
  }));

describeFormModel('company-form statechart, walked through the Company page', {
  machine: companyFormMachine,
  starts: [
    {
      name: 'admin opens Company',
      input: { params: {}, values: storedValues },
      open: async (inspect) => {
        const app = await renderApp({ path: '/admin/company', storage: signedInAdmin, inspect });
        app.server.answer('GET', '/api/company', 200, stored);
        await settle();
        return app;
      },
    },
  ],
  // Few values in the plan (each combination is a model state); the rules are walked in the scenarios.
  events: [
    change('name', ''),
    change('name', saved.name),
    change('uen', 'UEN-1'),
    change('uen', ''),
    change('bankAccountNo', '301-987-654'),
    leave('name'),
    leave('uen'),
    submit,
    done,
    failed,
  ],
  labels: {
    name: 'Company Name',
    uen: 'UEN',
    cpfSubmissionNumber: 'CPF Submission Number',
    address: 'Address',
    bankAccountNo: 'Bank Account No',
    bankAccountName: 'Bank Account Name',
  },
  customFields: ['bankName'],
  specErrors: companySpec.errors,
  form,
  submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Save'),
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE],
  request: { method: 'PUT', path: PUT, okStatus: 200 },
  scenarios: [
    // The UEN's shapes, read upper-cased: 8 digits and a letter, 9 digits and a letter, T or S, 2 digits,
    // 2 letters, 4 digits and a letter.
    [
      change('uen', '5312345A'),
      leave('uen'),
      change('uen', '53123456a'),
      change('uen', '2019123456K'),
      change('uen', '201912345k'),
      change('uen', 'T08LL1234A'),
      change('uen', 's99ab1234z'),
      change('uen', 'X08LL1234A'),
      change('uen', 'T08L11234A'),
      change('uen', ''),
      leave('uen'),
      change('uen', '53123456a'),
      submit,
      failed,
    ],
    // The CPF submission number is the UEN followed by 3 letters and 2 digits.
    [
      change('cpfSubmissionNumber', '201912345KPTE01'),
      leave('cpfSubmissionNumber'),
      change('uen', '201912345K'),
      change('cpfSubmissionNumber', '201912345KPTE1'),
      change('cpfSubmissionNumber', '201912345kams02'),
      change('cpfSubmissionNumber', 'PTE01'),
      change('uen', ''),
      change('cpfSubmissionNumber', '201912345KPTE01'),
      submit,
      change('cpfSubmissionNumber', ''),
      submit,
      done,
    ],
    // Digits only for the account, or nothing; the name is required, spaces are not a name.
    [
      change('bankAccountNo', '301 987 654'),
      leave('bankAccountNo'),
      change('bankAccountNo', '301987654'),
      change('bankAccountNo', ''),
      change('name', '   '),
      leave('name'),
      submit,
      change('name', saved.name),
      submit,
      done,
    ],
    // Everything changed, then saved: a refusal keeps the values, a second try is accepted.
    [
      change('name', saved.name),
      change('uen', '201912345k'),
      change('cpfSubmissionNumber', ''),
      change('address', ''),
      { type: 'field.change', name: 'bankName', value: 'DBS' },
      change('bankAccountName', ''),
      submit,
      failed,
      submit,
      done,
    ],
  ],
  async perform(_app: RunningApp, event) {
    if (event.type === 'field.change' && event.name === 'bankName') {
      const select = form()?.querySelector<HTMLSelectElement>('select[name="bankName"]');
      if (!select) throw new Error('no Bank Name select');
      fireEvent.change(select, { target: { value: event.value } });
    } else {
      throw new Error(`The test cannot produce ${event.type}`);
    }
  },
  expectScreen(app, s, event) {
    if (event === null) shownBefore = {};
    expect(window.location.pathname).toBe('/admin/company');
    expect(document.querySelector('h1')?.textContent).toBe('Company');
    const context = s.context as {
      values: Record<string, string>;
      errors: Record<string, string>;
      edited: Record<string, true>;
    };
    const puts = app.server.requests.filter((r) => r.method === 'PUT' && r.path === PUT);
    if (s.matches('submitting')) {
      expect(app.server.pending('PUT', PUT).map((r) => r.body)).toEqual([expectedBody(context.values)]);
    }
    // The messages the rules call for do show (form-model checks the wording of those that show).
    const spec = companySpec.errors(context.values) as Record<string, string | undefined>;
    const wrong = Object.fromEntries(Object.entries(spec).filter(([, message]) => message !== undefined));
    if (event?.type === 'field.blur' && context.edited[event.name]) {
      expect(context.errors[event.name], `leaving ${event.name}`).toBe(spec[event.name]);
    }
    if (event?.type === 'field.change' && s.matches('editing')) {
      // Typing re-checks the messages showing (a right value clears its own), and shows no new one.
      for (const name of Object.keys(context.values)) {
        const waits = name === 'cpfSubmissionNumber' && spec.uen !== undefined;
        const expected = shownBefore[name] !== undefined && !waits ? spec[name] : undefined;
        expect(context.errors[name], `${name} after typing in ${event.name}`).toBe(expected);
      }
    }
    shownBefore = { ...context.errors };
    if (event?.type === 'form.submit') {
      if (s.matches('editing')) {
        // Something is wrong: nothing is sent, and every message shows; the CPF submission number's may wait
        // for a right UEN, which it is checked against.
        expect(app.server.pending('PUT', PUT)).toEqual([]);
        if (spec.uen) delete wrong.cpfSubmissionNumber;
        expect(context.errors).toEqual(wrong);
      } else {
        expect(wrong, 'only right values are sent').toEqual({});
      }
    }
    if (s.matches('submitted')) {
      expect(toasts().at(-1)).toEqual({ title: 'Company details saved', description: '' });
      // The page makes the form again from what the server stored.
      const fresh = form();
      for (const [name, value] of Object.entries(saved)) {
        const control = fresh?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
        expect(control?.value, `${name} shows what the server stored`).toBe(value);
      }
      expect(puts.at(-1)?.body).toEqual(expectedBody(context.values));
    } else {
      const select = form()?.querySelector<HTMLSelectElement>('select[name="bankName"]');
      expect(select?.value).toBe(context.values.bankName);
      expect(select?.disabled).toBe(s.matches('submitting'));
    }
    if (event?.type === 'xstate.error.actor.saveCompany') {
      expect(toasts().at(-1)).toEqual({
        title: 'Failed to save company details',
        description: refused.message,
      });
    }
  },
});
