import { staffStepMachine } from '../../machines/onboarding-steps.machine';
import type { ApiError } from '../../src/domain/auth';
import type { FormWalkEvent } from '../models/form.model';
import { staffStep } from '../models/onboarding-steps.model';
import { settle } from './harness';
import {
  fill,
  fillAndNext,
  openWizard,
  otherNric,
  prefilled,
  STEP_TAKEN_AT_ONCE,
  user,
} from './onboarding-fixtures';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/**
 * Onboarding step 1, walked from its spec model (tests/models/onboarding-steps.model.ts) through the
 * wizard: first when the wizard opens, then when the server refused the NRIC/FIN typed in it (the wizard
 * comes back to step 1 with the refusal beside the field, and Next does not take the same NRIC/FIN again).
 */

// Ours (spec section 8 names no text): the server's refusal of a taken NRIC/FIN.
const nricTaken: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'This NRIC/FIN is already registered to another staff member.',
  code: 'NRIC_TAKEN',
  field: 'staffInfo.nric',
};
const change = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const submit: FormWalkEvent = { type: 'user.submits' };

describeSpecForm({
  title: 'onboarding staff step, walked from its spec model (step 1 of the wizard)',
  form: staffStep,
  starts: [
    { name: 'admin opens onboarding', open: openWizard },
    {
      name: 'the server refused the NRIC/FIN',
      input: {
        values: fill.staff,
        typed: Object.keys(fill.staff),
        refused: { nric: nricTaken.message },
      },
      open: async (inspect) => {
        const app = await openWizard(inspect);
        await fillAndNext(app, 0, fill.staff);
        await fillAndNext(app, 1, fill.employment);
        await fillAndNext(app, 2, fill.payment);
        await fillAndNext(app, 3, prefilled);
        app.server.answer('POST', `/api/users/${user.id}/onboard`, nricTaken.statusCode, nricTaken);
        await settle();
        return app;
      },
    },
  ],
  // Few values in the plan (each combination is a model state); every field is filled in the scenario.
  events: [
    change('nric', fill.staff.nric),
    change('nric', ''),
    change('nric', 'S1234567A'),
    { type: 'user.leaves', name: 'nric' },
    change('race', fill.staff.race),
    submit,
  ],
  app: {
    machine: staffStepMachine,
    notOnThisScreen: [...NO_FILE, ...NO_REFERENCE, ...STEP_TAKEN_AT_ONCE],
  },
  scenarios: [
    {
      name: 'a check letter that does not match: told when left, and again on Next',
      events: [change('nric', 'S1234567A'), { type: 'user.leaves', name: 'nric' }, submit],
    },
    {
      name: 'every field filled: step 2 shows',
      events: [...Object.entries(fill.staff).map(([name, value]) => change(name, value)), submit],
    },
    {
      name: 'the refused NRIC/FIN is not taken again; another one is',
      start: 'the server refused the NRIC/FIN',
      events: [submit, { type: 'user.leaves', name: 'nric' }, change('nric', otherNric), submit],
    },
  ],
});
