import { fireEvent, screen, within } from '@testing-library/react';
import { leavePoliciesMachine } from '../../machines/leave-policies.machine';
import type { ApiError } from '../../src/domain/auth';
import {
  type LeavePoliciesModelEvent,
  leavePoliciesModel,
  POLICIES,
  policyDialog,
} from '../models/leave-policies.model';
import { admin } from '../views/fixtures';
import { renderApp, settle, signedIn } from './harness';
import { annualLeave, policies } from './leave-policy-fixtures';
import { describeSpecWalk } from './spec-walk';

/**
 * /admin/leave-policies (issue 17) walked from its spec model (tests/models/leave-policies.model.ts): the
 * policies fetched or not, Annual Leave's form opened, cancelled or saved. The form's own fields are walked in
 * leave-policy-form.test.tsx; the app's leave-policies statechart is only followed here.
 */

const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};

const events: LeavePoliciesModelEvent[] = [
  { type: 'server.sendsPolicies' },
  { type: 'server.failsPolicies' },
  { type: 'user.triesAgain' },
  { type: 'user.editsAnnualLeave' },
  { type: 'user.typesFirstYear', days: 10 },
  { type: 'user.cancels' },
  { type: 'user.saves' },
  { type: 'server.savesPolicy' },
];
const ev = (type: LeavePoliciesModelEvent['type']) =>
  events.find((e) => e.type === type) as LeavePoliciesModelEvent;

describeSpecWalk({
  title: '/admin/leave-policies, walked from its spec model',
  model: leavePoliciesModel,
  starts: [
    {
      name: 'admin opens Leave Policies',
      input: { schedule: annualLeave.schedule, failure: serverDown.message },
    },
  ],
  events,
  // The first year typed once an opening; a policy saved once a path.
  canProduce: (m, e) => {
    if (e.type === 'user.typesFirstYear') return m.context.typed[0] !== e.days;
    if (e.type === 'user.saves') return m.context.saves === 0;
    return true;
  },
  serialize: (m) => JSON.stringify([m.value, m.context.typed, m.context.schedule, m.context.saves]),
  app: { machine: leavePoliciesMachine },
  open: (_path, inspect) => renderApp({ path: '/admin/leave-policies', storage: signedIn(admin), inspect }),
  async perform(app, event, m) {
    const dialog = () => policyDialog() as HTMLElement;
    switch (event.type) {
      case 'server.sendsPolicies':
        app.server.answer('GET', POLICIES, 200, policies);
        break;
      case 'server.failsPolicies':
        app.server.answer('GET', POLICIES, 500, serverDown);
        break;
      case 'user.triesAgain':
        await app.user.click(screen.getByRole('button', { name: 'Try again' }));
        break;
      case 'user.editsAnnualLeave':
        await app.user.click(screen.getByRole('button', { name: 'Edit Annual Leave' }));
        break;
      case 'user.typesFirstYear': {
        const year1 = dialog().querySelector('input[name="schedule-0"]') as HTMLInputElement;
        fireEvent.change(year1, { target: { value: String(event.days) } });
        break;
      }
      case 'user.cancels':
        await app.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
        break;
      case 'user.saves':
        await app.user.click(within(dialog()).getByRole('button', { name: 'Save' }));
        break;
      case 'server.savesPolicy':
        app.server.answer('PUT', `${POLICIES}/1`, 200, { ...annualLeave, schedule: m.context.typed });
        break;
    }
    await settle();
  },
  scenarios: [
    {
      name: 'a year changed, then Cancel: the dialog closes, nothing is sent, the card is as stored',
      events: [
        ev('server.sendsPolicies'),
        ev('user.editsAnnualLeave'),
        ev('user.typesFirstYear'),
        ev('user.cancels'),
        ev('user.editsAnnualLeave'),
      ],
    },
    {
      name: 'a year changed, then Save: the card shows what the server stored, with no fetch again',
      events: [
        ev('server.sendsPolicies'),
        ev('user.editsAnnualLeave'),
        ev('user.typesFirstYear'),
        ev('user.saves'),
        ev('server.savesPolicy'),
        ev('user.editsAnnualLeave'),
      ],
    },
  ],
  label: (e) => e.type,
});
