import { paymentStepMachine } from '../../machines/onboarding-steps.machine';
import type { FormWalkEvent } from '../models/form.model';
import { PAYMENT_PARAMS, paymentStep } from '../models/onboarding-steps.model';
import { fill, fillAndNext, openWizard, STEP_TAKEN_AT_ONCE } from './onboarding-fixtures';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/**
 * Onboarding step 3, walked from its spec model (tests/models/onboarding-steps.model.ts) through the wizard
 * after steps 1 and 2. Step 1 said Indian, born 14 Mar 1992: the self-help group starts as SINDA and a
 * Singapore citizen's CPF type brings Table 1's rates for 55 and below, 20% and 17%, until the admin types
 * their own; a new CPF type or section brings them again.
 */

const change = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const submit: FormWalkEvent = { type: 'user.submits' };
const EMPLOYEE_RATE = 'employeeCpfContributionRate';

describeSpecForm({
  title: 'onboarding payment step, walked from its spec model (step 3 of the wizard)',
  form: paymentStep,
  starts: [
    {
      name: 'admin fills steps 1 and 2',
      input: { params: PAYMENT_PARAMS },
      open: async (inspect) => {
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
    { type: 'user.leaves', name: 'basicSalary' },
    change('cpfType', fill.payment.cpfType),
    change(EMPLOYEE_RATE, ''),
    change('cpfSection', 'NONE'),
    submit,
  ],
  app: {
    machine: paymentStepMachine,
    notOnThisScreen: [...NO_FILE, ...NO_REFERENCE, ...STEP_TAKEN_AT_ONCE],
  },
  scenarios: [
    {
      name: 'the admin types their own rate: a new CPF section brings the official ones again',
      events: [
        change('cpfType', fill.payment.cpfType),
        change(EMPLOYEE_RATE, '19'),
        { type: 'user.leaves', name: EMPLOYEE_RATE },
        change('cpfSection', 'NONE'),
        { type: 'user.leaves', name: EMPLOYEE_RATE },
        submit,
      ],
    },
    {
      name: 'no CPF: the rates are cleared and not asked for',
      events: [change('cpfType', fill.payment.cpfType), change('cpfType', 'NONE'), submit],
    },
    {
      name: 'every field filled, another self-help group picked: step 4 shows',
      events: [...Object.entries(fill.payment).map(([name, value]) => change(name, value)), submit],
    },
  ],
});
