import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { paymentStepMachine } from '../../machines/onboarding-steps.machine';
import { describeFormModel, NO_FILE, NO_REFERENCE } from './form-model';
import {
  control,
  fill,
  fillAndNext,
  openWizard,
  STEP_TAKEN_AT_ONCE,
  stepForm,
  taken,
} from './onboarding-fixtures';
import { paymentInfoSpec } from './spec-forms';

/**
 * Model-based test of onboarding step 3 (see form-model.tsx for the method), walked through the wizard after
 * steps 1 and 2. Step 1 said Indian, born 14 Mar 1992: the self-help group starts as SINDA (the shared SHG
 * facts) and a Singapore citizen's CPF type brings Table 1's rates for 55 and below, 20% and 17%, until the
 * admin types their own. Messages from spec section 5.
 */

const change = (name: string, value: string) => ({ type: 'field.change' as const, name, value });
const EMPLOYEE_RATE = 'employeeCpfContributionRate';

/** Whether the admin typed a rate since the last CPF type or section, and picked a group, on this path. */
let ratesTyped = false;
let groupPicked = false;

describeFormModel('onboarding payment step (the form statechart), walked through step 3 of the wizard', {
  machine: paymentStepMachine,
  actorId: 'paymentStep',
  starts: [
    {
      name: 'admin fills steps 1 and 2',
      input: { params: { dateOfBirth: fill.staff.dateOfBirth, race: fill.staff.race } },
      open: async (inspect) => {
        ratesTyped = false;
        groupPicked = false;
        const app = await openWizard(inspect);
        await fillAndNext(app, 0, fill.staff);
        await fillAndNext(app, 1, fill.employment);
        return app;
      },
    },
  ],
  events: [
    change('basicSalary', fill.payment.basicSalary),
    change('basicSalary', '0'),
    { type: 'field.blur', name: 'basicSalary' },
    change('cpfType', fill.payment.cpfType),
    change(EMPLOYEE_RATE, ''),
    { type: 'form.submit' },
  ],
  atOnce: [taken],
  labels: paymentInfoSpec.labels,
  specErrors: paymentInfoSpec.errors,
  form: () => screen.queryByRole('form', { name: 'Payment Information' }),
  submitName: () => 'Next',
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE, ...STEP_TAKEN_AT_ONCE],
  scenarios: [
    // The admin types their own rate: a new CPF section brings the official ones again.
    [
      change('cpfType', fill.payment.cpfType),
      change(EMPLOYEE_RATE, '19'),
      change('cpfSection', 'NONE'),
      { type: 'form.submit' },
    ],
    [...Object.entries(fill.payment).map(([name, value]) => change(name, value)), { type: 'form.submit' }],
  ],
  expectScreen(_app, s, event) {
    if (s.matches('submitted')) {
      // Taken: the wizard shows step 4.
      expect(stepForm(3)).toBeInTheDocument();
      return;
    }
    const form = stepForm(2);
    if (event?.type === 'field.change' && event.name === EMPLOYEE_RATE) ratesTyped = true;
    if (event?.type === 'field.change' && (event.name === 'cpfType' || event.name === 'cpfSection'))
      ratesTyped = false;
    if (event?.type === 'field.change' && event.name === 'selfHelpGroup') groupPicked = true;
    // Until the admin picks one, race suggests the group.
    if (!groupPicked) expect(control(form, 'selfHelpGroup').value).toBe('SINDA');
    if (control(form, 'cpfType').value === 'SINGAPORE CITIZEN' && !ratesTyped) {
      expect(control(form, EMPLOYEE_RATE).value).toBe('20');
      expect(control(form, 'employerCpfContributionRate').value).toBe('17');
    }
  },
});
