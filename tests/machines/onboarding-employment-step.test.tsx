import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { employmentStepMachine } from '../../machines/onboarding-steps.machine';
import { describeFormModel, NO_FILE, NO_REFERENCE } from './form-model';
import { fill, fillAndNext, openWizard, STEP_TAKEN_AT_ONCE, stepForm, taken } from './onboarding-fixtures';
import { employmentInfoSpec } from './spec-forms';

/**
 * Model-based test of onboarding step 2 (see form-model.tsx for the method), walked through the wizard after
 * step 1. Messages from spec section 5 (and ours for a confirmed date before the hire date).
 */

const change = (name: string, value: string) => ({ type: 'field.change' as const, name, value });

describeFormModel('onboarding employment step (the form statechart), walked through step 2 of the wizard', {
  machine: employmentStepMachine,
  actorId: 'employmentStep',
  starts: [
    {
      name: 'admin fills step 1',
      input: { params: {} },
      open: async (inspect) => {
        const app = await openWizard(inspect);
        await fillAndNext(app, 0, fill.staff);
        return app;
      },
    },
  ],
  events: [
    change('designation', fill.employment.designation),
    change('designation', ''),
    { type: 'field.blur', name: 'designation' },
    change('hireDate', fill.employment.hireDate),
    { type: 'form.submit' },
  ],
  atOnce: [taken],
  labels: {
    designation: 'Designation',
    hireDate: 'Hire Date',
    confirmedDate: 'Confirmed Date',
    passType: 'Pass Type',
    employmentType: 'Employment Type',
  },
  specErrors: employmentInfoSpec.errors,
  form: () => screen.queryByRole('form', { name: 'Employment Information' }),
  submitName: () => 'Next',
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE, ...STEP_TAKEN_AT_ONCE],
  scenarios: [
    // Confirmed before hired: the message beside the confirmed date.
    [change('hireDate', '2025-01-06'), change('confirmedDate', '2024-12-31'), { type: 'form.submit' }],
    [
      ...Object.entries(fill.employment)
        .filter(([, value]) => value !== '')
        .map(([name, value]) => change(name, value)),
      { type: 'form.submit' },
    ],
  ],
  expectScreen(_app, s) {
    // Taken: the wizard shows step 3.
    if (s.matches('submitted')) expect(stepForm(2)).toBeInTheDocument();
  },
});
