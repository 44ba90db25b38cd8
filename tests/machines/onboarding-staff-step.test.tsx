import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { staffStepMachine } from '../../machines/onboarding-steps.machine';
import { describeFormModel, NO_FILE, NO_REFERENCE } from './form-model';
import { fill, openWizard, STEP_TAKEN_AT_ONCE, stepForm, taken } from './onboarding-fixtures';
import { staffInfoSpec } from './spec-forms';

/**
 * Model-based test of onboarding step 1 (see form-model.tsx for the method), walked through the wizard: the
 * step is the one form statechart, taken by the wizard as soon as Next finds it right. Messages are written
 * here from spec section 5 (and ours for a malformed NRIC/FIN and a birth date outside 1900 to today).
 */

describeFormModel('onboarding staff step (the form statechart), walked through step 1 of the wizard', {
  machine: staffStepMachine,
  actorId: 'staffStep',
  starts: [{ name: 'admin opens onboarding', input: { params: {} }, open: openWizard }],
  // Few values in the plan (each combination is a model state); every field is filled in the scenario.
  events: [
    { type: 'field.change', name: 'nric', value: fill.staff.nric },
    { type: 'field.change', name: 'nric', value: '' },
    { type: 'field.change', name: 'nric', value: 'S1234567A' },
    { type: 'field.blur', name: 'nric' },
    { type: 'field.change', name: 'race', value: fill.staff.race },
    { type: 'form.submit' },
  ],
  atOnce: [taken],
  labels: staffInfoSpec.labels,
  specErrors: staffInfoSpec.errors,
  form: () => screen.queryByRole('form', { name: 'Staff Information' }),
  submitName: () => 'Next',
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE, ...STEP_TAKEN_AT_ONCE],
  scenarios: [
    // A check letter that does not match: the message when the field is left, and again on Next.
    [
      { type: 'field.change', name: 'nric', value: 'S1234567A' },
      { type: 'field.blur', name: 'nric' },
      { type: 'form.submit' },
    ],
    [
      ...Object.entries(fill.staff).map(([name, value]) => ({ type: 'field.change' as const, name, value })),
      { type: 'form.submit' },
    ],
  ],
  expectScreen(_app, s) {
    // Taken: the wizard shows step 2.
    if (s.matches('submitted')) expect(stepForm(1)).toBeInTheDocument();
  },
});
