import { publicHolidayFormMachine } from '../../machines/public-holiday-form.machine';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import type { FormWalkEvent } from '../models/form.model';
import { HOLIDAYS, publicHolidayForm } from '../models/public-holiday-form.model';
import { admin } from '../views/fixtures';
import { renderApp, settle, signedIn } from './harness';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/** The Add holiday form, walked from its spec model (tests/models/public-holiday-form.model.ts). */

const year = Number(todayIso().slice(0, 4));
const DATE = `${year}-06-02`;
const added = { date: DATE, name: 'Polling Day', changedRequests: [] };
const refused: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: `02/06/${year} is already a public holiday (Polling Day).`,
};

const type = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const leave = (name: string): FormWalkEvent => ({ type: 'user.leaves', name });
const submit: FormWalkEvent = { type: 'user.submits' };
const done: FormWalkEvent = { type: 'server.accepts', answer: added };
const failed: FormWalkEvent = { type: 'server.refuses', refusal: refused };

describeSpecForm({
  title: 'public-holiday form, walked from its spec model (Public Holidays screen)',
  form: publicHolidayForm,
  starts: [
    {
      name: 'admin opens Public Holidays',
      open: async (inspect) => {
        const app = await renderApp({ path: '/admin/public-holidays', storage: signedIn(admin), inspect });
        app.server.answer('GET', HOLIDAYS, 200, []);
        await settle();
        return app;
      },
    },
  ],
  events: [
    type('date', DATE),
    type('date', ''),
    type('date', '1999-12-31'),
    type('name', 'Polling Day'),
    type('name', ''),
    leave('date'),
    leave('name'),
    submit,
    done,
    failed,
  ],
  app: { machine: publicHolidayFormMachine, notOnThisScreen: [...NO_FILE, ...NO_REFERENCE] },
  scenarios: [
    {
      name: 'spaces are no name, a date out of range is refused; trimmed, refused once, then added',
      events: [
        type('name', '   '),
        leave('name'),
        type('date', '2101-01-01'),
        leave('date'),
        submit,
        type('date', DATE),
        type('name', '  Polling Day  '),
        submit,
        failed,
        submit,
        done,
      ],
    },
    {
      name: 'a name over 100 characters',
      events: [type('name', 'x'.repeat(101)), leave('name'), type('name', 'Polling Day')],
    },
  ],
});
