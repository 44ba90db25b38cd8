import { fireEvent, screen } from '@testing-library/react';
import { leavePolicyFormMachine } from '../../machines/leave-policy-form.machine';
import type { ApiError } from '../../src/domain/auth';
import type { FormWalkEvent } from '../models/form.model';
import { ANNUAL_LEAVE, leavePolicyForm } from '../models/leave-policy-form.model';
import { admin } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { annualLeave, policies } from './leave-policy-fixtures';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/**
 * A leave type's policy form, walked from its spec model (tests/models/leave-policy-form.model.ts) through
 * the Edit dialog of Annual Leave on /admin/leave-policies.
 */

const ACT = '7,8,9,10,11,12,13,14';
const RAISED = '10,8,9,10,11,12,13,14';
const LONGER = '7,8,9,10,11,12,13,14,15';
const BELOW_LAW = '7,5,9,10,11,12,13,14';
const GAP = '7,8,9,10,11,12,13,';
const LAW =
  "Annual Leave cannot be less than the Employment Act's 7, 8, 9, 10, 11, 12, 13 and 14 days by year of service.";
// As the API refuses a policy below the Act: the law's words, the reason's code and the field at fault.
const refusal = (field: 'schedule' | 'days'): ApiError => ({
  statusCode: 400,
  error: 'Bad Request',
  message: LAW,
  code: 'LEAVE_POLICY_BELOW_STATUTE',
  field,
});
const saved = { ...annualLeave, schedule: [10, 8, 9, 10, 11, 12, 13, 14] };

const change = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const submit: FormWalkEvent = { type: 'user.submits' };
const done: FormWalkEvent = { type: 'server.accepts', answer: saved };
const failed: FormWalkEvent = { type: 'server.refuses', refusal: refusal('schedule') };
const failedDays: FormWalkEvent = { type: 'server.refuses', refusal: refusal('days') };

const form = () => screen.queryByRole('form', { name: 'Annual Leave policy' });

/** The schedule's inputs, one a year of service, changed as a user would: add or remove years, then type. */
async function setSchedule(app: RunningApp, target: string) {
  const entries = () => [...(form()?.querySelectorAll<HTMLInputElement>('input[name^="schedule-"]') ?? [])];
  const wanted = target.split(',');
  while (entries().length < wanted.length) {
    fireEvent.click(screen.getByRole('button', { name: 'Add a year' }));
    await settle();
  }
  while (entries().length > wanted.length) {
    fireEvent.click(screen.getByRole('button', { name: `Remove year ${entries().length}` }));
    await settle();
  }
  for (const [index, input] of entries().entries()) {
    if (input.value !== wanted[index]) fireEvent.change(input, { target: { value: wanted[index] } });
  }
  await settle();
  void app;
}

describeSpecForm({
  title: 'leave-policy form, walked from its spec model (Edit Annual Leave on /admin/leave-policies)',
  form: leavePolicyForm,
  starts: [
    {
      name: 'admin edits Annual Leave',
      input: {
        params: ANNUAL_LEAVE,
        values: {
          entitlement: 'SERVICE',
          days: '',
          schedule: ACT,
          prorate: 'yes',
          carryForwardMaxDays: '14',
          carryForwardExpiryMonths: '12',
        },
      },
      open: async (inspect) => {
        const app = await renderApp({ path: '/admin/leave-policies', storage: signedIn(admin), inspect });
        app.server.answer('GET', '/api/leave-policies', 200, policies);
        await settle();
        fireEvent.click(screen.getByRole('button', { name: 'Edit Annual Leave' }));
        await settle();
        return app;
      },
    },
  ],
  events: [
    change('schedule', RAISED),
    change('schedule', LONGER),
    change('schedule', BELOW_LAW),
    change('schedule', GAP),
    change('carryForwardMaxDays', ''),
    change('carryForwardMaxDays', '5'),
    change('carryForwardExpiryMonths', '13'),
    { type: 'user.leaves', name: 'carryForwardMaxDays' },
    submit,
    done,
    failed,
    failedDays,
  ],
  // The server names the field the kind of policy sends: the schedule by year of service, or the days.
  canProduce: (model, event) =>
    event.type !== 'server.refuses' ||
    event.refusal.field === (model.values.entitlement === 'FIXED' ? 'days' : 'schedule'),
  app: { machine: leavePolicyFormMachine, notOnThisScreen: [...NO_FILE, ...NO_REFERENCE] },
  scenarios: [
    {
      name: 'fixed days instead: asked for, in half days; prorating off; refused, then saved',
      events: [
        change('entitlement', 'FIXED'),
        submit,
        change('days', '14.3'),
        change('days', '16.5'),
        change('prorate', 'no'),
        submit,
        failedDays,
        submit,
        done,
      ],
    },
    {
      name: 'a schedule below the Act is sent, refused with the law; raised, saved',
      events: [change('schedule', BELOW_LAW), submit, failed, change('schedule', RAISED), submit, done],
    },
  ],
  async perform(app, event) {
    if (event.type !== 'user.types' || !['entitlement', 'days', 'schedule', 'prorate'].includes(event.name))
      return false;
    const shown = form();
    if (!shown) throw new Error('the policy form is not showing');
    if (event.name === 'schedule') await setSchedule(app, event.value);
    else if (event.name === 'entitlement') {
      fireEvent.change(shown.querySelector('select[name="entitlement"]') as HTMLSelectElement, {
        target: { value: event.value },
      });
    } else if (event.name === 'days') {
      fireEvent.change(shown.querySelector('input[name="days"]') as HTMLInputElement, {
        target: { value: event.value },
      });
    } else if (event.name === 'prorate') {
      fireEvent.click(shown.querySelector('input[name="prorate"]') as HTMLInputElement);
    }
    await settle();
    return true;
  },
});
