import { screen } from '@testing-library/react';
import { claimTypeFormMachine } from '../../machines/claim-types.machine';
import type { ApiError } from '../../src/domain/auth';
import { CLAIM_TYPES, claimTypeForm } from '../models/claim-type-form.model';
import type { FormWalkEvent } from '../models/form.model';
import { admin } from '../views/fixtures';
import { renderApp, settle, signedIn } from './harness';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/**
 * The Add claim type form, walked from its spec model (tests/models/claim-type-form.model.ts) in its dialog
 * on /admin/company/claim-types, the API answered by the fake server.
 */

const added = {
  id: 9,
  name: 'Parking',
  perClaimLimit: 20,
  monthlyLimit: null,
  yearlyLimit: 1200,
  receiptRequired: true,
  taxable: false,
  archived: false,
};
const refused: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'There is already a claim type named Parking.',
};

const type = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const leave = (name: string): FormWalkEvent => ({ type: 'user.leaves', name });
const submit: FormWalkEvent = { type: 'user.submits' };
const done: FormWalkEvent = { type: 'server.accepts', answer: added };
const failed: FormWalkEvent = { type: 'server.refuses', refusal: refused };

describeSpecForm({
  title: 'claim-type form, walked from its spec model (the Add claim type dialog)',
  form: claimTypeForm,
  starts: [
    {
      name: 'admin adds a claim type',
      open: async (inspect) => {
        const app = await renderApp({
          path: '/admin/company/claim-types',
          storage: signedIn(admin),
          inspect,
          prepare: (s) => s.autoAnswer((r) => r.method === 'GET' && r.path === CLAIM_TYPES, 200, []),
        });
        await settle();
        await app.user.click(screen.getByRole('button', { name: 'Add claim type' }));
        await settle();
        return app;
      },
    },
  ],
  events: [
    type('name', 'Parking'),
    type('name', ''),
    type('monthlyLimit', '0'),
    type('monthlyLimit', ''),
    leave('name'),
    leave('monthlyLimit'),
    submit,
    done,
    failed,
  ],
  app: { machine: claimTypeFormMachine, notOnThisScreen: [...NO_FILE, ...NO_REFERENCE] },
  perform: async (app, event) => {
    if (event.type !== 'user.types' || (event.name !== 'receiptRequired' && event.name !== 'taxable'))
      return false;
    const form = claimTypeForm.spec.form() as HTMLElement;
    const box = form.querySelector<HTMLInputElement>(`input[name="${event.name}"]`);
    if (!box) throw new Error(`no ${event.name} check box`);
    if (box.checked !== (event.value === 'yes')) await app.user.click(box);
    return true;
  },
  scenarios: [
    {
      name: 'limits in dollars with two decimals at most, more than zero; spaces are no name',
      events: [
        type('name', '   '),
        leave('name'),
        type('perClaimLimit', '12.345'),
        leave('perClaimLimit'),
        type('perClaimLimit', '-5'),
        type('perClaimLimit', 'twenty'),
        type('yearlyLimit', '0.00'),
        leave('yearlyLimit'),
        submit,
        type('name', '  Parking  '),
        type('perClaimLimit', '20'),
        type('yearlyLimit', '1,200'),
        type('receiptRequired', 'yes'),
        submit,
        failed,
        submit,
        done,
      ],
    },
    {
      name: 'a name over 60 characters; taxable ticked and unticked',
      events: [
        type('name', 'x'.repeat(61)),
        leave('name'),
        type('name', 'Overseas travel'),
        type('taxable', 'yes'),
        type('taxable', ''),
        type('taxable', 'yes'),
        submit,
        done,
      ],
    },
  ],
});
