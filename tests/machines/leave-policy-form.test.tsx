import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { leavePolicyFormMachine } from '../../machines/leave-policy-form.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { admin } from '../views/fixtures';
import { describeFormModel, type FormModelEvent, NO_FILE, NO_REFERENCE } from './form-model';
import { type RunningApp, renderApp, settle } from './harness';
import { annualLeave, policies } from './leave-policy-fixtures';

/**
 * Model-based test of a leave type's policy form (issue 17; form-model.tsx for the method), walked through
 * the Edit dialog of Annual Leave on /admin/leave-policies. The expectations are the words: days go
 * in steps of 0.5, a schedule needs a value for each year, carry forward is 0 or more days and carried days
 * expire after 1 to 12 months or not at all; the server refuses a policy below the Employment Act with the
 * law's figures, shown beside the schedule, above Save and in a toast; a save says 'Leave Policy Updated!'.
 */

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const ACT = '7,8,9,10,11,12,13,14';
const RAISED = '10,8,9,10,11,12,13,14';
const LONGER = '7,8,9,10,11,12,13,14,15';
const BELOW_LAW = '7,5,9,10,11,12,13,14';
const GAP = '7,8,9,10,11,12,13,';
const LAW =
  "Annual Leave cannot be less than the Employment Act's 7, 8, 9, 10, 11, 12, 13 and 14 days by year of service.";
const refused: ApiError = { statusCode: 400, error: 'Bad Request', message: LAW };
const saved = { ...annualLeave, schedule: [10, 8, 9, 10, 11, 12, 13, 14] };

const change = (name: string, value: string): FormModelEvent => ({ type: 'field.change', name, value });
const submit: FormModelEvent = { type: 'form.submit' };
const done: FormModelEvent = {
  type: 'xstate.done.actor.saveLeavePolicy',
  output: saved,
  actorId: 'saveLeavePolicy',
};
const failed: FormModelEvent = {
  type: 'xstate.error.actor.saveLeavePolicy',
  error: refused,
  actorId: 'saveLeavePolicy',
};

const dialog = () => screen.queryByRole('dialog', { name: 'Edit Annual Leave' });
const form = () => screen.queryByRole('form', { name: 'Annual Leave policy' });
const PUT = `/api/leave-policies/${annualLeave.leaveTypeId}`;

/** The rules for each field, written here from its words. */
function specErrors(values: Record<string, string>) {
  const daysProblem = (text: string | undefined, required: string) => {
    if (!text || text.trim() === '') return required;
    const n = Number(text);
    if (Number.isNaN(n)) return 'Please enter a number of days.';
    if (n < 0) return 'Days cannot be negative.';
    if (n * 2 !== Math.round(n * 2)) return 'Days go in steps of 0.5.';
    return undefined;
  };
  const expiry = values.carryForwardExpiryMonths?.trim() ?? '';
  const months = Number(expiry);
  return {
    days:
      values.entitlement === 'FIXED' ? daysProblem(values.days, 'Please enter the days a year.') : undefined,
    schedule:
      values.entitlement === 'SERVICE'
        ? (values.schedule ?? '')
            .split(',')
            .map((entry) => daysProblem(entry, 'Please enter the days for each year of service.'))
            .find(Boolean)
        : undefined,
    carryForwardMaxDays: daysProblem(
      values.carryForwardMaxDays,
      'Please enter the days that carry forward (0 for none).',
    ),
    carryForwardExpiryMonths:
      expiry === '' || (Number.isInteger(months) && months >= 1 && months <= 12)
        ? undefined
        : 'Carried days expire after 1 to 12 months; leave it empty if they do not expire.',
  };
}

/** PUT's body for what is typed (the kind decides which of days and schedule is sent). */
function expectedBody(values: Record<string, string>) {
  const carry = Number(values.carryForwardMaxDays);
  return {
    entitlement: values.entitlement,
    days: values.entitlement === 'FIXED' ? Number(values.days) : null,
    schedule: values.entitlement === 'SERVICE' ? (values.schedule ?? '').split(',').map(Number) : null,
    prorate: values.prorate === 'yes',
    carryForwardMaxDays: carry,
    carryForwardExpiryMonths:
      carry > 0 && values.carryForwardExpiryMonths ? Number(values.carryForwardExpiryMonths) : null,
  };
}

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

describeFormModel('leave-policy-form statechart, walked through Edit Annual Leave on /admin/leave-policies', {
  machine: leavePolicyFormMachine,
  starts: [
    {
      name: 'admin edits Annual Leave',
      input: {
        params: { leaveTypeId: annualLeave.leaveTypeId },
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
        const app = await renderApp({ path: '/admin/leave-policies', storage: signedInAdmin, inspect });
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
    { type: 'field.blur', name: 'carryForwardMaxDays' },
    submit,
    done,
    failed,
  ],
  labels: { carryForwardMaxDays: 'Carry forward (max days)', carryForwardExpiryMonths: 'Expiry (months)' },
  customFields: ['entitlement', 'days', 'schedule', 'prorate'],
  specErrors,
  form,
  submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Save'),
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE],
  request: { method: 'PUT', path: PUT, okStatus: 200 },
  scenarios: [
    // Fixed days instead: the days are asked for, in half days; prorating off; a refusal, then saved.
    [
      change('entitlement', 'FIXED'),
      submit,
      change('days', '14.3'),
      change('days', '16.5'),
      change('prorate', 'no'),
      submit,
      failed,
      submit,
      done,
    ],
    // A schedule below the Act: sent (the server knows the law), refused with its words; raised, saved.
    [change('schedule', BELOW_LAW), submit, failed, change('schedule', RAISED), submit, done],
  ],
  async perform(app, event) {
    if (event.type !== 'field.change') throw new Error(`The test cannot produce ${event.type}`);
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
  },
  expectScreen(app, s, event) {
    expect(window.location.pathname).toBe('/admin/leave-policies');
    const context = s.context as { values: Record<string, string>; submitError: string | null };
    if (s.matches('submitted')) {
      expect(dialog()).toBeNull();
      const titles = [...document.querySelectorAll('[data-scope="toast"][data-part="title"]')].map(
        (t) => t.textContent,
      );
      expect(titles.at(-1)).toBe('Leave Policy Updated!');
      return;
    }
    const shown = form() as HTMLElement;
    expect(shown.querySelector<HTMLSelectElement>('select[name="entitlement"]')?.value).toBe(
      context.values.entitlement,
    );
    expect(shown.querySelector<HTMLInputElement>('input[name="prorate"]')?.checked).toBe(
      context.values.prorate === 'yes',
    );
    const schedule = [...shown.querySelectorAll<HTMLInputElement>('input[name^="schedule-"]')].map(
      (i) => i.value,
    );
    expect(schedule).toEqual(
      context.values.entitlement === 'SERVICE' ? context.values.schedule?.split(',') : [],
    );
    if (context.values.entitlement === 'FIXED') {
      expect(shown.querySelector<HTMLInputElement>('input[name="days"]')?.value).toBe(context.values.days);
    }
    if (s.matches('submitting')) {
      expect(app.server.pending('PUT', PUT).map((r) => r.body)).toEqual([expectedBody(context.values)]);
    }
    if (event?.type === 'xstate.error.actor.saveLeavePolicy') {
      // The law's words beside the field they concern (the schedule, or the days a year) and in a toast.
      const field =
        context.values.entitlement === 'SERVICE'
          ? shown.querySelector('[aria-labelledby="schedule-legend"]')
          : shown.querySelector('input[name="days"]')?.closest('[data-part="root"]');
      expect(field?.textContent).toContain(LAW);
      const titles = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map(
        (t) => t.textContent,
      );
      expect(titles.at(-1)).toContain('Failed to update leave policy.');
      expect(titles.at(-1)).toContain(LAW);
    }
  },
});
