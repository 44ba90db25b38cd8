import { describe, expect, it } from 'vitest';
import { leaveStepMachine } from '../../machines/onboarding-steps.machine';
import type { FormWalkEvent } from '../models/form.model';
import { leaveStep } from '../models/onboarding-steps.model';
import {
  control,
  fill,
  fillAndNext,
  openWizard,
  policies,
  STEP_TAKEN_AT_ONCE,
  stepForm,
} from './onboarding-fixtures';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';
import { leaveTypes } from './staff-fixtures';

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

// Issue 34: a woman's Paternity Leave was prefilled with 20 days. Maternity leave is a working mother's
// (GPML, 16 weeks = 112 days) and paternity leave a working father's (GPPL, 4 weeks = 20 working days), by
// the CDCA (shared leave facts, section 2.3); the hire date of step 2 is long past 3 months of service.
describe('step 4 prefilled by the gender of step 1', () => {
  const parentLeave = (id: number, name: string, statute: string, days: number) => ({
    type: { id, name, countsCalendarDays: statute === 'MATERNITY', unlimited: false, unpaid: false },
    policy: {
      leaveTypeId: id,
      leaveType: { id, name },
      statute,
      entitlement: 'FIXED',
      days,
      schedule: null,
      prorate: false,
      carryForwardMaxDays: 0,
      carryForwardExpiryMonths: null,
    },
  });
  const maternity = parentLeave(5, 'Maternity Leave', 'MATERNITY', 112);
  const paternity = parentLeave(6, 'Paternity Leave', 'PATERNITY', 20);
  const reference = {
    leaveTypes: [...leaveTypes, maternity.type, paternity.type],
    policies: [...policies, maternity.policy, paternity.policy],
  };

  it.each([
    ['Female', 112, 0],
    ['Male', 0, 20],
    ['', 112, 20],
  ])('%s: maternity %i days, paternity %i days', async (gender, maternityDays, paternityDays) => {
    const app = await openWizard(() => {}, reference);
    await fillAndNext(app, 0, { ...fill.staff, gender });
    await fillAndNext(app, 1, fill.employment);
    await fillAndNext(app, 2, fill.payment);
    expect(control(stepForm(3), 'leave-5')).toHaveValue(maternityDays);
    expect(control(stepForm(3), 'leave-6')).toHaveValue(paternityDays);
  });
});
