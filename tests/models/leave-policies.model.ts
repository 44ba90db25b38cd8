import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * /admin/leave-policies as issue 17 describes it, in the spec's style (section 2's screens and dialogs,
 * section 8's toasts, 'Processing...' while a request is in flight): the policies fetched (a skeleton
 * meanwhile; on failure the error and Try again), one card a leave type ('By year of service', 'By completed
 * months (Employment Act)', 'Fixed days', 'No limit'), an Edit button on each type with a limit opening its
 * form in a dialog from the stored policy; Cancel closes it and sends nothing; Save sends it, and the card
 * then shows what the server stored, with no fetch again.
 */

export const POLICIES = '/api/leave-policies';
const SCHEDULE_WORDS = (schedule: number[]) =>
  schedule
    .map((days, i) => (i === schedule.length - 1 ? `year ${i + 1} on: ${days}` : `year ${i + 1}: ${days}`))
    .join(', ')
    .replace(/^y/, 'Y');

export interface LeavePoliciesModel {
  /** Annual Leave's schedule as the server holds it. */
  schedule: number[];
  /** The schedule typed in the open form. */
  typed: number[];
  fetches: number;
  saves: number;
  toast: 'failed' | 'saved' | null;
  /** The server's message when the fetch failed. */
  failure: string;
}

export type LeavePoliciesModelEvent =
  | { type: 'server.sendsPolicies' }
  | { type: 'server.failsPolicies' }
  | { type: 'user.triesAgain' }
  | { type: 'user.editsAnnualLeave' }
  | { type: 'user.typesFirstYear'; days: number }
  | { type: 'user.cancels' }
  | { type: 'user.saves' }
  | { type: 'server.savesPolicy' };

const card = (name: string) =>
  screen
    .getAllByRole('listitem', { hidden: true })
    .find((li) => li.textContent?.includes(name)) as HTMLElement;
export const policyDialog = () => screen.queryByRole('dialog', { name: 'Edit Annual Leave' });

export const leavePoliciesModel = setup({
  types: {
    context: {} as LeavePoliciesModel,
    events: {} as LeavePoliciesModelEvent,
    input: {} as { schedule: number[]; failure: string },
  },
}).createMachine({
  id: 'leavePoliciesModel',
  context: ({ input }) => ({ ...input, typed: input.schedule, fetches: 1, saves: 0, toast: null }),
  meta: shows((app, s) => {
    const m = s.context as LeavePoliciesModel;
    expect(window.location.pathname).toBe('/admin/leave-policies');
    expect(document.querySelector('h1')?.textContent).toBe('Leave Policies');
    const asked = app.server.requests.filter((r) => r.path.startsWith(POLICIES));
    expect(asked.filter((r) => r.method === 'GET').length, 'fetches of the policies').toBe(m.fetches);
    expect(asked.filter((r) => r.method === 'PUT').length, 'saves sent').toBe(m.saves);
    expect(policyDialog() !== null, 'the form dialog shows').toBe(
      s.matches({ ready: 'editing' }) || s.matches({ ready: 'saving' }),
    );
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: shows((app) => {
        expect(document.querySelector('[aria-busy="true"]'), 'a skeleton').not.toBeNull();
        expect(app.server.pending('GET', POLICIES)).toHaveLength(1);
      }),
      on: {
        'server.sendsPolicies': { target: 'ready', actions: assign({ toast: null }) },
        'server.failsPolicies': { target: 'failed', actions: assign({ toast: 'failed' }) },
      },
    },
    failed: {
      meta: shows((_app, s) => {
        const m = s.context as LeavePoliciesModel;
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect(document.querySelector('[data-part="form-error"]')).toHaveTextContent(m.failure);
        if (m.toast === 'failed') expectToast('Failed to fetch leave policies', m.failure);
      }),
      on: {
        'user.triesAgain': {
          target: 'loading',
          actions: assign(({ context }) => ({ fetches: context.fetches + 1, toast: null })),
        },
      },
    },
    ready: {
      meta: shows((_app, s) => {
        const m = s.context as LeavePoliciesModel;
        // One card a type: how its days are set, the days or the schedule, proration and carry forward.
        const annual = card('Annual Leave');
        expect(within(annual).getByText('By year of service')).toBeInTheDocument();
        expect(annual.textContent).toContain(SCHEDULE_WORDS(m.schedule));
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
        expect(within(unpaid).queryByRole('button', { hidden: true })).toBeNull();
        if (m.toast === 'saved') expectToast('Leave Policy Updated!');
      }),
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            'user.editsAnnualLeave': {
              target: 'editing',
              // The form opens from what is stored.
              actions: assign(({ context }) => ({ typed: context.schedule, toast: null })),
            },
          },
        },
        editing: {
          meta: shows((_app, s) => {
            const m = s.context as LeavePoliciesModel;
            const dialog = policyDialog() as HTMLElement;
            const inputs = [...dialog.querySelectorAll<HTMLInputElement>('input[name^="schedule-"]')];
            expect(
              inputs.map((i) => Number(i.value)),
              'the schedule in the form',
            ).toEqual(m.typed);
            expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
            expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
          }),
          on: {
            'user.typesFirstYear': {
              actions: assign(({ context, event }) => ({ typed: [event.days, ...context.typed.slice(1)] })),
            },
            'user.cancels': { target: 'browsing' },
            'user.saves': {
              target: 'saving',
              actions: assign(({ context }) => ({ saves: context.saves + 1 })),
            },
          },
        },
        saving: {
          meta: shows((app, s) => {
            const m = s.context as LeavePoliciesModel;
            const [sent] = app.server.pending('PUT', `${POLICIES}/1`);
            expect(sent, 'Save sends the policy').toBeDefined();
            expect(
              (sent?.body as { schedule?: number[] } | undefined)?.schedule,
              'with the schedule typed',
            ).toEqual(m.typed);
            const dialog = policyDialog() as HTMLElement;
            expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
          }),
          on: {
            'server.savesPolicy': {
              target: 'browsing',
              actions: assign(({ context }) => ({ schedule: context.typed, toast: 'saved' as const })),
            },
          },
        },
      },
    },
  },
});
