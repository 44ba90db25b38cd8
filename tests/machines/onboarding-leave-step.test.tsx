import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { leaveStepMachine } from '../../machines/onboarding-steps.machine';
import { describeFormModel, NO_FILE, NO_REFERENCE } from './form-model';
import {
  control,
  fill,
  fillAndNext,
  lawDays,
  openWizard,
  prefilled,
  STEP_TAKEN_AT_ONCE,
  stepForm,
  taken,
  user,
} from './onboarding-fixtures';
import { leaveAllowanceSpec } from './spec-forms';

/**
 * Model-based test of onboarding step 4 (see form-model.tsx for the method), walked through the wizard after
 * steps 1 to 3. Every leave type but Unpaid Leave needs a value, from 0 in half-day steps (spec section 5);
 * the fields start with the entitlement for the hire date of step 2, and a value below the law warns.
 * One message at a time, beside the first field it concerns.
 */

const IDS = ['1', '2', '3'];

const change = (name: string, value: string) => ({ type: 'field.change' as const, name, value });

describeFormModel('onboarding leave step (the form statechart), walked through step 4 of the wizard', {
  machine: leaveStepMachine,
  actorId: 'leaveStep',
  starts: [
    {
      name: 'admin fills steps 1 to 3',
      input: {
        params: { suggested: prefilled, minimums: { ...lawDays, '8': null } },
        values: { '1': '', '2': '', '3': '' },
      },
      open: async (inspect) => {
        const app = await openWizard(inspect);
        await fillAndNext(app, 0, fill.staff);
        await fillAndNext(app, 1, fill.employment);
        await fillAndNext(app, 2, fill.payment);
        return app;
      },
    },
  ],
  events: [
    change('1', ''),
    change('1', '14'),
    { type: 'field.blur', name: '1' },
    change('2', '5'),
    { type: 'form.submit' },
  ],
  atOnce: [taken],
  labels: { '1': 'Annual Leave', '2': 'Medical Leave', '3': 'Childcare Leave' },
  inputName: (id) => `leave-${id}`,
  specErrors: (values) => leaveAllowanceSpec.errors(IDS, values),
  form: () => screen.queryByRole('form', { name: 'Leave Allowance' }),
  submitName: () => 'Submit',
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE, ...STEP_TAKEN_AT_ONCE],
  scenarios: [
    // Below the law's 14 days of medical leave: a warning, and the step may still be sent.
    [change('2', '5'), { type: 'form.submit' }],
    [change('3', '-1'), { type: 'form.submit' }],
    [change('3', '2.25'), { type: 'form.submit' }],
  ],
  expectScreen(app, s) {
    if (s.matches('submitted')) {
      // Taken: all four steps are sent, step 4 stays on show while they are.
      expect(within(stepForm(3)).getByRole('button', { name: 'Processing...' })).toBeDisabled();
      expect(app.server.pending('POST', `/api/users/${user.id}/onboard`)).toHaveLength(1);
      return;
    }
    // Unpaid Leave has no limit and is not asked for; a value below the law's minimum warns.
    const form = stepForm(3);
    expect(form.querySelector('[name="leave-8"]')).toBeNull();
    for (const id of IDS) {
      const days = control(form, `leave-${id}`).value;
      const warning = `Below the statutory ${lawDays[id]} days.`;
      const below = days !== '' && Number(days) < (lawDays[id] ?? 0);
      const error = (s.context as { errors: Record<string, string> }).errors[id];
      expect(within(form).queryByText(warning) !== null, `warning of leave ${id}`).toBe(below && !error);
    }
  },
});
