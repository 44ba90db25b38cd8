import { employmentStepMachine } from '../../machines/onboarding-steps.machine';
import type { FormWalkEvent } from '../models/form.model';
import { employmentStep } from '../models/onboarding-steps.model';
import { fill, fillAndNext, openWizard, STEP_TAKEN_AT_ONCE } from './onboarding-fixtures';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/**
 * Onboarding step 2, walked from its spec model (tests/models/onboarding-steps.model.ts) through the
 * wizard after step 1.
 */

const change = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const submit: FormWalkEvent = { type: 'user.submits' };

describeSpecForm({
  title: 'onboarding employment step, walked from its spec model (step 2 of the wizard)',
  form: employmentStep,
  starts: [
    {
      name: 'admin fills step 1',
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
    { type: 'user.leaves', name: 'designation' },
    change('hireDate', fill.employment.hireDate),
    change('passType', fill.employment.passType),
    change('employmentType', fill.employment.employmentType),
    submit,
  ],
  app: {
    machine: employmentStepMachine,
    notOnThisScreen: [...NO_FILE, ...NO_REFERENCE, ...STEP_TAKEN_AT_ONCE],
  },
  scenarios: [
    {
      name: 'confirmed before hired: told beside the confirmed date',
      events: [change('hireDate', '2025-01-06'), change('confirmedDate', '2024-12-31'), submit],
    },
    {
      name: 'every compulsory field filled: step 3 shows',
      events: [
        ...Object.entries(fill.employment)
          .filter(([, value]) => value !== '')
          .map(([name, value]) => change(name, value)),
        submit,
      ],
    },
  ],
});
