import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type LeavePoliciesEvent, leavePoliciesMachine } from '../../machines/leave-policies.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { admin } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import { expectToast, type RunningApp, renderApp, settle } from './harness';
import { annualLeave, policies } from './leave-policy-fixtures';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the leave-policies statechart (issue 17) through /admin/leave-policies: the policies
 * fetched and shown one card a type, a type's form opened, cancelled or saved (the card then shows the
 * server's answer). The form itself is walked in leave-policy-form.test.tsx. Expectations are the issue's
 * words: 'By year of service', 'By completed months (Employment Act)', 'Fixed days', 'No limit'.
 */

type Machine = typeof leavePoliciesMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | LeavePoliciesEvent
  | { type: 'xstate.done.actor.loadPolicies'; output: unknown; actorId: 'loadPolicies' }
  | { type: 'xstate.error.actor.loadPolicies'; error: ApiError; actorId: 'loadPolicies' };

const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};
const raised = { ...annualLeave, schedule: [10, 8, 9, 10, 11, 12, 13, 14] };

const events: Event[] = [
  { type: 'policies.reload' },
  { type: 'xstate.done.actor.loadPolicies', output: policies, actorId: 'loadPolicies' },
  { type: 'xstate.error.actor.loadPolicies', error: serverDown, actorId: 'loadPolicies' },
  { type: 'policy.edit', leaveTypeId: 1 },
  { type: 'policy.close' },
  { type: 'xstate.done.actor.policyForm', output: raised },
];

const starts = [{ name: 'admin opens Leave Policies', input: undefined }];
const actor = followActor(leavePoliciesMachine);
const plan = planTransitionPaths(leavePoliciesMachine, { starts, events });

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const POLICIES = '/api/leave-policies';
const card = (name: string) =>
  screen.getAllByRole('listitem').find((li) => li.textContent?.includes(name)) as HTMLElement;
const dialog = () => screen.queryByRole('dialog', { name: 'Edit Annual Leave' });

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'policies.reload':
      await app.user.click(screen.getByRole('button', { name: 'Try again' }));
      break;
    case 'xstate.done.actor.loadPolicies':
      app.server.answer('GET', POLICIES, 200, policies);
      break;
    case 'xstate.error.actor.loadPolicies':
      app.server.answer('GET', POLICIES, 500, serverDown);
      break;
    case 'policy.edit':
      await app.user.click(screen.getByRole('button', { name: 'Edit Annual Leave' }));
      break;
    case 'policy.close':
      await app.user.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Cancel' }));
      break;
    case 'xstate.done.actor.policyForm': {
      const year1 = dialog()?.querySelector('input[name="schedule-0"]') as HTMLInputElement;
      fireEvent.change(year1, { target: { value: '10' } });
      await settle();
      fireEvent.submit(screen.getByRole('form', { name: 'Annual Leave policy' }));
      await settle();
      app.server.answer('PUT', '/api/leave-policies/1', 200, raised);
      break;
    }
  }
  await settle();
}

let saved = false;

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  if (event === null) saved = false;
  if (event?.type === 'xstate.done.actor.policyForm') saved = true;
  expect(window.location.pathname).toBe('/admin/leave-policies');
  expect(document.querySelector('h1')?.textContent).toBe('Leave Policies');
  if (s.matches('loading')) {
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(app.server.pending('GET', POLICIES)).toHaveLength(1);
  }
  if (s.matches('failed')) {
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(document.querySelector('[data-part="form-error"]')).toHaveTextContent(serverDown.message);
  }
  if (event?.type === 'xstate.error.actor.loadPolicies')
    expectToast('Failed to fetch leave policies', serverDown.message);
  if (s.matches('ready')) {
    // One card a type: how its days are set, the days or the schedule, proration and carry forward.
    const annual = card('Annual Leave');
    expect(within(annual).getByText('By year of service')).toBeInTheDocument();
    expect(annual.textContent).toContain(
      saved
        ? 'Year 1: 10, year 2: 8, year 3: 9, year 4: 10, year 5: 11, year 6: 12, year 7: 13, year 8 on: 14'
        : 'Year 1: 7, year 2: 8, year 3: 9, year 4: 10, year 5: 11, year 6: 12, year 7: 13, year 8 on: 14',
    );
    expect(annual.textContent).toContain('Up to 14 days, expires after 12 months');
    expect(
      within(card('Medical Leave')).getByText('By completed months (Employment Act)'),
    ).toBeInTheDocument();
    const childcare = card('Childcare Leave');
    expect(within(childcare).getByText('Fixed days')).toBeInTheDocument();
    expect(childcare.textContent).toContain('6 days a year');
    // Unpaid Leave: no limit, and not editable into one.
    const unpaid = card('Unpaid Leave');
    expect(within(unpaid).getAllByText('No limit').length).toBeGreaterThan(0);
    expect(within(unpaid).queryByRole('button')).toBeNull();
  }
  expect(dialog() !== null).toBe(s.matches({ ready: 'editing' }));
  if (s.matches({ ready: 'editing' })) {
    const inputs = [...(dialog()?.querySelectorAll<HTMLInputElement>('input[name^="schedule-"]') ?? [])];
    expect(inputs.map((i) => i.value)).toEqual(['7', '8', '9', '10', '11', '12', '13', '14']);
  }
  if (event?.type === 'xstate.done.actor.policyForm') {
    expectToast('Leave Policy Updated!');
    // The card shows the server's answer; nothing was fetched again.
    expect(app.server.requests.filter((r) => r.path === POLICIES)).toHaveLength(1);
  }
}

describeModelWalk<Machine, Event>({
  title: 'leave-policies statechart, walked through /admin/leave-policies',
  machine: leavePoliciesMachine,
  actor,
  plan,
  open: () => renderApp({ path: '/admin/leave-policies', storage: signedInAdmin, inspect: actor.inspect }),
  perform,
  expectScreen,
});
