import { leaveStepMachine } from '../../machines/onboarding-steps.machine';
import type { FormWalkEvent } from '../models/form.model';
import { leaveStep } from '../models/onboarding-steps.model';
import { fill, fillAndNext, openWizard, STEP_TAKEN_AT_ONCE } from './onboarding-fixtures';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/**
 * Onboarding step 4, walked from its spec model (tests/models/onboarding-steps.model.ts) through the wizard
 * after steps 1 to 3: every leave type but Unpaid Leave needs a value, from 0 in half-day steps, one
 * message at a time beside the first field it concerns; the fields start with the entitlement for the
 * hire date of step 2, and a value below the law warns but may be sent.
 */

const change = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const submit: FormWalkEvent = { type: 'user.submits' };

describeSpecForm({
  title: 'onboarding leave step, walked from its spec model (step 4 of the wizard)',
  form: leaveStep,
  starts: [
    {
      name: 'admin fills steps 1 to 3',
      open: async (inspect) => {
        const app = await openWizard(inspect);
        await fillAndNext(app, 0, fill.staff);
        await fillAndNext(app, 1, fill.employment);
        await fillAndNext(app, 2, fill.payment);
        return app;
      },
    },
  ],
  events: [change('1', ''), change('1', '14'), { type: 'user.leaves', name: '1' }, change('2', '5'), submit],
  app: {
    machine: leaveStepMachine,
    notOnThisScreen: [...NO_FILE, ...NO_REFERENCE, ...STEP_TAKEN_AT_ONCE],
  },
  scenarios: [
    {
      name: "below the law's 14 days of medical leave: a warning, still sent",
      events: [change('2', '5'), submit],
    },
    { name: 'fewer than 0 days: told', events: [change('3', '-1'), submit] },
    { name: 'not in half days: told', events: [change('3', '2.25'), submit] },
    {
      name: 'two fields emptied: only the first is told',
      events: [change('2', ''), change('3', ''), submit],
    },
  ],
});
