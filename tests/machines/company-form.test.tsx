import { fireEvent, screen } from '@testing-library/react';
import { companyFormMachine } from '../../machines/company-form.machine';
import type { ApiError } from '../../src/domain/auth';
import { companyForm } from '../models/company-form.model';
import type { FormWalkEvent } from '../models/form.model';
import { admin } from '../views/fixtures';
import { renderApp, settle, signedIn } from './harness';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/**
 * The Company form, walked from its spec model (tests/models/company-form.model.ts) through the Company page
 * (/admin/company): the page fetches the stored particulars and the form starts from them. Beside the plan,
 * named scenarios walk each field's rule (the UEN's three shapes, the CPF submission number made of the
 * UEN, digits only for the account) and a full save.
 */

/** What GET /api/company answers. */
const stored = {
  name: 'Acme Pte Ltd',
  uen: '53123456A',
  cpfSubmissionNumber: '53123456APTE01',
  address: '1 Raffles Place, #20-01, Singapore 048616',
  authorisedPersonName: 'Siti Rahmah',
  authorisedPersonDesignation: 'HR Manager',
  authorisedPersonPhone: '6123 4567',
  authorisedPersonEmail: null,
  protectEmailedPayslips: true,
  requirePayRunApproval: true,
  claimWindowDays: 90,
  bankName: 'UOB',
  bankAccountNo: '3019876543',
  bankAccountName: 'ACME PTE LTD',
  bankAccounts: [
    { bankName: 'UOB', accountNo: '3019876543', accountName: 'ACME PTE LTD', organisationId: null },
  ],
  mailDelivery: { mode: 'OUTBOX' },
};
/** What the form starts from: the stored particulars as its fields hold them. */
const { bankAccounts: _accounts, mailDelivery: _delivery, ...storedParticulars } = stored;
const storedFields = {
  ...storedParticulars,
  claimWindowDays: '90',
  authorisedPersonEmail: '',
  protectEmailedPayslips: 'yes',
  requirePayRunApproval: 'yes',
};
/** What PUT /api/company answers: the particulars as the server stored them. */
const saved = {
  name: 'Acme Holdings Pte Ltd',
  uen: '201912345K',
  cpfSubmissionNumber: '201912345KPTE01',
  address: stored.address,
  authorisedPersonName: stored.authorisedPersonName,
  authorisedPersonDesignation: 'Director',
  authorisedPersonPhone: '+65 6123 4567',
  authorisedPersonEmail: 'siti@acme.example',
  protectEmailedPayslips: false,
  requirePayRunApproval: true,
  claimWindowDays: 45,
  bankName: 'DBS',
  bankAccountNo: stored.bankAccountNo,
  bankAccountName: stored.bankAccountName,
  bankAccounts: [
    {
      bankName: 'DBS',
      accountNo: stored.bankAccountNo,
      accountName: stored.bankAccountName,
      organisationId: null,
    },
  ],
  mailDelivery: { mode: 'OUTBOX' },
};
const refused: ApiError = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'The UEN 201912345K belongs to another company.',
};

const change = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const leave = (name: string): FormWalkEvent => ({ type: 'user.leaves', name });
const submit: FormWalkEvent = { type: 'user.submits' };
const done: FormWalkEvent = { type: 'server.accepts', answer: saved };
const failed: FormWalkEvent = { type: 'server.refuses', refusal: refused };

describeSpecForm({
  title: 'company form, walked from its spec model (the Company page)',
  form: companyForm,
  starts: [
    {
      name: 'admin opens Company',
      input: { values: storedFields },
      open: async (inspect) => {
        const app = await renderApp({ path: '/admin/company', storage: signedIn(admin), inspect });
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
    change('protectEmailedPayslips', 'no'),
    leave('name'),
    leave('uen'),
    submit,
    done,
    failed,
  ],
  app: { machine: companyFormMachine, notOnThisScreen: [...NO_FILE, ...NO_REFERENCE] },
  scenarios: [
    {
      // The UEN's shapes, read upper-cased: 8 digits and a letter, 9 digits and a letter, T or S, 2 digits,
      // 2 letters, 4 digits and a letter.
      name: "the UEN's three shapes, upper-cased; a wrong one refused",
      events: [
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
    },
    {
      name: 'the CPF submission number is the UEN followed by 3 letters and 2 digits; empty is the first',
      events: [
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
    },
    {
      name: 'digits only for the account, or nothing; spaces are no name',
      events: [
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
    },
    {
      name: "the authorised person's telephone is digits and its e-mail an address, or nothing",
      events: [
        change('authorisedPersonPhone', 'office line'),
        leave('authorisedPersonPhone'),
        change('authorisedPersonPhone', '+65 6123 4567'),
        change('authorisedPersonEmail', 'siti.acme.example'),
        leave('authorisedPersonEmail'),
        submit,
        change('authorisedPersonEmail', 'siti@acme.example'),
        change('authorisedPersonDesignation', 'Director'),
        submit,
        done,
      ],
    },
    {
      // Issue 37: the claim window in whole days, 1 to 366 (our range); refused values stay beside the field.
      name: 'the claim window: whole days from 1 to 366',
      events: [
        change('claimWindowDays', '0'),
        leave('claimWindowDays'),
        change('claimWindowDays', '367'),
        change('claimWindowDays', '30.5'),
        change('claimWindowDays', 'ninety'),
        change('claimWindowDays', ''),
        submit,
        change('claimWindowDays', '1'),
        change('claimWindowDays', ' 366 '),
        change('claimWindowDays', '45'),
        submit,
        done,
      ],
    },
    {
      // Issue 34 item 10: on by default; turned off, it is sent as false; turned on again, as true.
      name: 'the e-mailed payslips protection turned off and on again',
      events: [
        change('protectEmailedPayslips', 'no'),
        submit,
        failed,
        change('protectEmailedPayslips', 'yes'),
        change('protectEmailedPayslips', 'no'),
        submit,
        done,
      ],
    },
    {
      name: 'everything changed: refused with the values kept, then saved on a second try',
      events: [
        change('name', saved.name),
        change('uen', '201912345k'),
        change('cpfSubmissionNumber', ''),
        change('address', ''),
        change('bankName', 'DBS'),
        change('bankAccountName', ''),
        submit,
        failed,
        submit,
        done,
      ],
    },
  ],
  async perform(app, event) {
    if (event.type === 'user.types' && event.name === 'protectEmailedPayslips') {
      const input = screen
        .queryByRole('form', { name: 'Company' })
        ?.querySelector<HTMLInputElement>('input[name="protectEmailedPayslips"]');
      if (!input) throw new Error('no protection switch');
      await app.user.click(input);
      return true;
    }
    if (event.type !== 'user.types' || event.name !== 'bankName') return false;
    const select = screen
      .queryByRole('form', { name: 'Company' })
      ?.querySelector<HTMLSelectElement>('select[name="bankName"]');
    if (!select) throw new Error('no Bank Name select');
    fireEvent.change(select, { target: { value: event.value } });
    return true;
  },
});
