import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * Payment Information Used on Pay Items (the payslip's salary snapshot) as the spec tells it: section 2
 * (Admin pay items: an editable salary snapshot; panels toggle between read-only and edit mode: the pencil
 * enters edit mode, Save is disabled when nothing changed or while submitting, Cancel restores the stored
 * values), section 5 (payment snapshot edit: 'Salary must be more than 0.'), section 7 (PUT
 * /payslips/{userId}/{year}/{month} with the four snapshot fields), section 8 ('Salary information updated
 * successfully'; failure 'Failed to update salary information successfully'; 'Processing...' while in flight).
 */

export const SALARY_MESSAGE = 'Salary must be more than 0.';
export const TITLE = 'Payment Information Used';

export interface SnapshotModel {
  /** The salary the server holds, as the field shows it ('4600.00'). */
  stored: string;
  typed: string;
  /** The salary's message shows beside the field. */
  errorShowing: boolean;
  /** The snapshot fields besides the salary, sent as they are. */
  others: { employeeCpfRateSnapshot: string; employerCpfRateSnapshot: string; selfHelpGroupSnapshot: string };
  /** The PUT's path. */
  path: string;
  toast: { title: string; description?: string } | null;
}

export type SnapshotEvent =
  | { type: 'user.editsPanel' }
  | { type: 'user.typesSalary'; value: string }
  | { type: 'user.leavesSalary' }
  | { type: 'user.saves' }
  | { type: 'user.cancels' }
  | { type: 'server.saves' }
  | { type: 'server.refuses' };

export const REFUSAL = 'The database is unavailable.';
const valid = (salary: string) => Number(salary) > 0;
export const dollars = (amount: number) =>
  amount.toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const form = () => screen.queryByRole('form', { name: TITLE });
const panel = () => screen.getByRole('heading', { name: TITLE }).closest('.chakra-card__body') as HTMLElement;
const button = (text: string, inside: ParentNode) =>
  [...inside.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) ?? null;

function expectToastNow(toast: SnapshotModel['toast']) {
  const shown = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent,
    description: root.querySelector('[data-part="description"]')?.textContent,
  }));
  expect(
    shown.map((t) => t.title),
    'the toasts showing',
  ).toEqual(toast ? [toast.title] : []);
  if (toast?.description) expect(shown[0]?.description, `toast '${toast.title}'`).toBe(toast.description);
}

const puts = (app: RunningApp, c: SnapshotModel) =>
  app.server.requests.filter((r) => r.method === 'PUT' && r.path === c.path);

export const paymentSnapshotModel = setup({
  types: {
    context: {} as SnapshotModel & { sent: number },
    events: {} as SnapshotEvent,
    input: {} as Pick<SnapshotModel, 'stored' | 'others' | 'path'>,
  },
  guards: {
    changed: ({ context }) => context.typed !== context.stored,
    changedAndValid: ({ context }) => context.typed !== context.stored && valid(context.typed),
  },
}).createMachine({
  id: 'paymentSnapshotModel',
  context: ({ input }) => ({ ...input, typed: input.stored, errorShowing: false, toast: null, sent: 0 }),
  meta: shows((app, m) => {
    const c = m.context as SnapshotModel & { sent: number };
    // One PUT a Save that went through, none otherwise (Cancel sends nothing).
    expect(puts(app, c), 'the saves sent').toHaveLength(c.sent);
    expectToastNow(c.toast);
  }),
  initial: 'reading',
  states: {
    reading: {
      meta: shows((_app, m) => {
        const c = m.context as SnapshotModel;
        expect(form(), 'read-only').toBeNull();
        expect(panel()).toHaveTextContent(dollars(Number(c.stored)));
        expect(within(panel()).getByRole('button', { name: `Edit ${TITLE}` })).toBeEnabled();
      }),
      on: {
        'user.editsPanel': {
          target: 'editing',
          // The form opens from what is stored.
          actions: assign(({ context }) => ({ typed: context.stored, errorShowing: false })),
        },
      },
    },
    editing: {
      meta: shows((_app, m) => {
        const c = m.context as SnapshotModel;
        const f = form() as HTMLElement;
        expect(f, 'the form is open').not.toBeNull();
        expect((f.querySelector('input[name="basicSalarySnapshot"]') as HTMLInputElement).value).toBe(
          c.typed,
        );
        expect(f.textContent?.includes(SALARY_MESSAGE), 'the salary message').toBe(c.errorShowing);
        // Save is disabled when nothing changed; Cancel is offered.
        expect(button('Save', f)?.disabled, 'Save disabled').toBe(c.typed === c.stored);
        expect(button('Cancel', f)?.disabled).toBe(false);
      }),
      initial: 'open',
      states: {
        open: {
          meta: shows(() => expect(form()?.textContent).not.toContain(REFUSAL)),
        },
        // The server refused: the form stays open with what was typed and says why.
        refused: {
          meta: shows(() => expect(form()?.textContent).toContain(REFUSAL)),
        },
      },
      on: {
        // Leaving the salary shows its message when it is not valid.
        'user.leavesSalary': { actions: assign({ errorShowing: ({ context }) => !valid(context.typed) }) },
        'user.typesSalary': {
          target: '.open',
          // A message showing is checked again; none appears while typing.
          actions: assign(({ context, event }) => ({
            typed: event.value,
            errorShowing: context.errorShowing && !valid(event.value),
          })),
        },
        'user.saves': [
          {
            guard: 'changedAndValid',
            target: 'saving',
            actions: assign(({ context }) => ({ sent: context.sent + 1 })),
          },
          // Not saved: the message shows.
          { guard: 'changed', actions: assign({ errorShowing: true }) },
        ],
        // Cancel restores the stored values and sends nothing.
        'user.cancels': { target: 'reading', actions: assign(({ context }) => ({ typed: context.stored })) },
      },
    },
    saving: {
      meta: shows((app, m) => {
        const c = m.context as SnapshotModel;
        const f = form() as HTMLElement;
        expect(button('Processing...', f)?.disabled).toBe(true);
        expect(button('Cancel', f)?.disabled).toBe(true);
        expect(app.server.pending('PUT', c.path)[0]?.body).toEqual({
          basicSalarySnapshot: Number(c.typed),
          employeeCpfRateSnapshot: Number(c.others.employeeCpfRateSnapshot),
          employerCpfRateSnapshot: Number(c.others.employerCpfRateSnapshot),
          selfHelpGroupSnapshot: c.others.selfHelpGroupSnapshot,
        });
      }),
      on: {
        'server.saves': {
          target: 'reading',
          actions: assign(({ context }) => ({
            stored: context.typed,
            toast: { title: 'Salary information updated successfully' },
          })),
        },
        'server.refuses': {
          target: 'editing.refused',
          actions: assign({
            toast: { title: 'Failed to update salary information successfully', description: REFUSAL },
          }),
        },
      },
    },
  },
});
