import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { companySpec } from '../machines/spec-forms';
import { formModel, toasts, type Values } from './form.model';

/**
 * The Company form of /admin/company (issue 15, with spec sections 5, 7 and 8): it starts from the stored
 * particulars; the name is required, the UEN and CPF submission number have their shapes (the number is
 * checked against a right UEN only), the account is digits, the authorised person's telephone is digits
 * (with spaces, +, - and brackets) and their e-mail an address (issue 32); Save stays enabled and a submit shows what is
 * wrong; PUT /company sends text trimmed, codes upper-cased, '' as null and an empty CPF submission number
 * as the UEN's first (PTE01); 'Company details saved' and the page shows what the server stored, or
 * 'Failed to save company details' with the server's reason. Issue 34 item 10: a switch, on by default,
 * protects each e-mailed payslip PDF with a password built from the employee's identity number and
 * date of birth, with a line saying how; PUT /company sends it as true or false. Issue 37: the claim
 * window, "a claim older than the company's claim window (default 90 days)" is refused, in whole days
 * (our range: 1 to 366), sent as a number.
 */

export const COMPANY_FIELDS = [
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
  'organisationId',
] as const;

const form = () => screen.queryByRole('form', { name: 'Company' });

/** The protection switch: its input, and the label and explanation around it. */
function protectionSwitch(shown: HTMLElement) {
  const input = shown.querySelector<HTMLInputElement>('input[name="protectEmailedPayslips"]');
  const field = input?.closest('[data-part="root"][data-scope="field"]');
  return { input, text: field?.textContent ?? '' };
}
const isOn = (value: string | undefined) => value !== 'no';

/** Issue 39: approval of each month's pay run, "turned off in the company settings". */
function approvalSwitch(shown: HTMLElement) {
  const input = shown.querySelector<HTMLInputElement>('input[name="requirePayRunApproval"]');
  const field = input?.closest('[data-part="root"][data-scope="field"]');
  return { input, text: field?.textContent ?? '' };
}

function errors(values: Values) {
  const messages = companySpec.errors(values);
  // The CPF submission number is the UEN followed by more: it waits for a right UEN to be checked against.
  return messages.uen ? { ...messages, cpfSubmissionNumber: undefined } : messages;
}

function body(values: Values) {
  const text = (value: string | undefined) => (value ?? '').trim() || null;
  const uen = text(values.uen)?.toUpperCase() ?? null;
  return {
    name: (values.name ?? '').trim(),
    uen,
    cpfSubmissionNumber: text(values.cpfSubmissionNumber)?.toUpperCase() ?? (uen ? `${uen}PTE01` : null),
    address: text(values.address),
    authorisedPersonName: text(values.authorisedPersonName),
    authorisedPersonDesignation: text(values.authorisedPersonDesignation),
    authorisedPersonPhone: text(values.authorisedPersonPhone),
    authorisedPersonEmail: text(values.authorisedPersonEmail),
    // The first account row; a row left empty is no account.
    protectEmailedPayslips: isOn(values.protectEmailedPayslips),
    requirePayRunApproval: isOn(values.requirePayRunApproval),
    claimWindowDays: Number((values.claimWindowDays ?? '').trim()),
    bankAccounts: ['bankName', 'bankAccountNo', 'bankAccountName', 'organisationId'].some((f) =>
      text(values[f]),
    )
      ? [
          {
            bankName: text(values.bankName),
            accountNo: text(values.bankAccountNo),
            accountName: text(values.bankAccountName),
            organisationId: text(values.organisationId)?.toUpperCase() ?? null,
          },
        ]
      : [],
  };
}

export const companyForm = formModel({
  id: 'company',
  form,
  labels: {
    name: 'Company Name',
    uen: 'UEN',
    cpfSubmissionNumber: 'CPF Submission Number',
    address: 'Address',
    authorisedPersonName: 'Authorised Person',
    authorisedPersonDesignation: 'Designation',
    authorisedPersonPhone: 'Telephone',
    authorisedPersonEmail: 'E-mail',
    bankAccountNo: 'Bank Account No',
    bankAccountName: 'Bank Account Name',
    organisationId: 'Organisation ID',
    claimWindowDays: 'Claim window (days)',
  },
  others: ['bankName', 'protectEmailedPayslips', 'requirePayRunApproval'],
  showsOthers(shown, model) {
    const select = shown.querySelector<HTMLSelectElement>('select[name="bankName"]');
    expect(select?.value, 'Bank Name shows what was chosen').toBe(model.values.bankName);
    const protection = protectionSwitch(shown);
    expect(protection.input?.checked, 'the protection switch shows what was chosen').toBe(
      isOn(model.values.protectEmailedPayslips),
    );
    // Issue 34: the switch is about a password on e-mailed payslips, and says how the password is built.
    expect(protection.text).toMatch(/e-mailed payslips/i);
    expect(protection.text).toMatch(/password/i);
    expect(protection.text).toMatch(/NRIC\/FIN/);
    expect(protection.text).toMatch(/date of birth/);
    // Issue 39: "Approval is on when the company has two or more administrators, and can be turned off".
    const approval = approvalSwitch(shown);
    expect(approval.input?.checked, 'the approval switch shows what was chosen').toBe(
      isOn(model.values.requirePayRunApproval),
    );
    expect(approval.text).toMatch(/approv/i);
    expect(approval.text).toMatch(/pay run/i);
    expect(approval.text).toMatch(/two or more administrators/i);
  },
  initialValues: {
    ...Object.fromEntries(COMPANY_FIELDS.map((name) => [name, ''])),
    protectEmailedPayslips: 'yes',
    requirePayRunApproval: 'yes',
    claimWindowDays: '90',
  },
  errors,
  submitLabel: 'Save',
  sendingLabel: 'Processing...',
  request: { method: 'PUT', path: '/api/company', okStatus: 200, body },
  showsOpen(_app, model, sending) {
    expect(window.location.pathname).toBe('/admin/company');
    expect(document.querySelector('h1')?.textContent).toBe('Company');
    const select = form()?.querySelector<HTMLSelectElement>('select[name="bankName"]');
    expect(select?.disabled, 'Bank Name is locked exactly while sending').toBe(sending);
    if (model.answered === 'refused')
      expect(toasts().at(-1)).toEqual({
        title: 'Failed to save company details',
        description: model.refusal,
      });
  },
  showsDone(app, model) {
    expect(window.location.pathname).toBe('/admin/company');
    expect(toasts().at(-1)).toEqual({ title: 'Company details saved', description: '' });
    const puts = app.server.requests.filter((r) => r.method === 'PUT' && r.path === '/api/company');
    expect(puts.at(-1)?.body, 'what was sent').toEqual(body(model.values));
    // The page makes the form again from what the server stored.
    const fresh = form();
    for (const name of COMPANY_FIELDS) {
      const control = fresh?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
      expect(control?.value, `${name} shows what the server stored`).toBe(
        (model.answer as Values | undefined)?.[name] ?? '',
      );
    }
    const windowField = fresh?.querySelector<HTMLInputElement>('[name="claimWindowDays"]');
    expect(windowField?.value, 'the claim window shows what the server stored').toBe(
      String((model.answer as { claimWindowDays?: number } | undefined)?.claimWindowDays ?? 90),
    );
    const stored = (model.answer as { protectEmailedPayslips?: boolean } | undefined)?.protectEmailedPayslips;
    expect(
      protectionSwitch(fresh as HTMLElement).input?.checked,
      'the switch shows what the server stored',
    ).toBe(stored !== false);
  },
});
