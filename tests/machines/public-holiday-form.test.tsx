import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { publicHolidayFormMachine } from '../../machines/public-holiday-form.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import { admin } from '../views/fixtures';
import { describeFormModel, type FormModelEvent, NO_FILE, NO_REFERENCE } from './form-model';
import { type RunningApp, renderApp, settle } from './harness';

/**
 * Model-based test of the Add holiday form (see form-model.tsx for the method), walked through the Public
 * Holidays screen (/admin/public-holidays, issue 17 part 4). The messages are written here, not imported.
 */

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const year = Number(todayIso().slice(0, 4));
const DATE = `${year}-06-02`;
const POST = '/api/public-holidays';

const added = { date: DATE, name: 'Polling Day', changedRequests: [] };
const refused: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: `02/06/${year} is already a public holiday (Polling Day).`,
};

const change = (name: string, value: string): FormModelEvent => ({ type: 'field.change', name, value });
const leave = (name: string): FormModelEvent => ({ type: 'field.blur', name });
const submit: FormModelEvent = { type: 'form.submit' };
const done: FormModelEvent = { type: 'xstate.done.actor.addHoliday', output: added, actorId: 'addHoliday' };
const failed: FormModelEvent = {
  type: 'xstate.error.actor.addHoliday',
  error: refused,
  actorId: 'addHoliday',
};

/** A date is required, and a real one from 2000 to 2100; a name is required, up to 100 characters. */
function specErrors(values: Record<string, string>) {
  const date = values.date ?? '';
  const name = (values.name ?? '').trim();
  const inRange = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= '2000-01-01' && date <= '2100-12-31';
  return {
    date:
      date === ''
        ? 'Please enter a date.'
        : inRange
          ? undefined
          : 'Please enter a valid date from 2000 to 2100.',
    name:
      name === ''
        ? 'Please enter the holiday name.'
        : name.length > 100
          ? 'Name must be at most 100 characters.'
          : undefined,
  };
}

const toasts = () =>
  [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent ?? '',
    description: root.querySelector('[data-part="description"]')?.textContent ?? '',
  }));

describeFormModel('public-holiday-form statechart, walked through the Public Holidays screen', {
  machine: publicHolidayFormMachine,
  starts: [
    {
      name: 'admin opens Public Holidays',
      input: { params: {} },
      open: async (inspect) => {
        const app = await renderApp({ path: '/admin/public-holidays', storage: signedInAdmin, inspect });
        app.server.answer('GET', POST, 200, []);
        await settle();
        return app;
      },
    },
  ],
  events: [
    change('date', DATE),
    change('date', ''),
    change('date', '1999-12-31'),
    change('name', 'Polling Day'),
    change('name', ''),
    leave('date'),
    leave('name'),
    submit,
    done,
    failed,
  ],
  labels: { date: 'Date', name: 'Name' },
  specErrors,
  form: () => screen.queryByRole('form', { name: 'Add holiday' }),
  submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Add holiday'),
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE],
  request: { method: 'POST', path: POST, okStatus: 201 },
  scenarios: [
    // Spaces are not a name; a name is sent trimmed; a refusal keeps the values, a second try is accepted.
    [
      change('name', '   '),
      leave('name'),
      change('date', '2101-01-01'),
      leave('date'),
      submit,
      change('date', DATE),
      change('name', '  Polling Day  '),
      submit,
      failed,
      submit,
      done,
    ],
    [change('name', 'x'.repeat(101)), leave('name'), change('name', 'Polling Day')],
  ],
  expectScreen(app: RunningApp, s, event) {
    expect(window.location.pathname).toBe('/admin/public-holidays');
    const context = s.context as { values: Record<string, string> };
    if (s.matches('submitting')) {
      expect(app.server.pending('POST', POST).map((r) => r.body)).toEqual([
        { date: context.values.date, name: (context.values.name ?? '').trim() },
      ]);
    }
    if (event?.type === 'xstate.error.actor.addHoliday') {
      expect(toasts().at(-1)).toEqual({
        title: 'Failed to add the public holiday',
        description: refused.message,
      });
    }
    if (s.matches('submitted')) {
      expect(toasts().at(-1)).toEqual({ title: 'Public holiday added', description: 'Polling Day' });
    }
  },
});
