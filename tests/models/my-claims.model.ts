import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { findOpen } from './leave-dom';

/**
 * My Claims as issue 37 says (item 4: "My Claims (staff: list, new claim dialog with the receipt taken by
 * the phone's camera or a file, status, totals this month and year against limits)"; item 2: "POST
 * /api/claims {claimTypeId, date, amount, description, uploadKey?}", "DELETE of one's own pending claim",
 * refusals "over a limit (the message gives the limit and what remains this month/year, pending claims
 * counted)"). The claims brief: field errors beside the field and in the toast (refusals carry `field`).
 * The receipt goes up through an upload grant before the claim is sent.
 */
export const CLAIMS = '/api/claims';

export interface MyClaimsModelInput {
  /** The descriptions the list shows, newest first. */
  rows: string[];
  /** Transport's monthly total in cents, against its $100.00 limit. */
  monthCents: number;
  refusal: string;
}

export interface MyClaimsModelContext extends MyClaimsModelInput {
  dialog: boolean;
  confirming: boolean;
  refused: boolean;
  posts: number;
  deletes: number;
  toast: { title: string; description?: string } | null;
}

export type MyClaimsModelEvent =
  | { type: 'user.filesClaim' }
  | { type: 'server.files' }
  | { type: 'server.refusesOverLimit' }
  | { type: 'user.closesDialog' }
  | { type: 'user.asksToDelete' }
  | { type: 'user.confirmsDelete' }
  | { type: 'server.deletes' };

/** What the walk files: Transport, $12.50, 'Taxi to the client', with a receipt photo. */
export const FILED = { description: 'Taxi to the client', cents: 1250 };
/** The pending claim the walk deletes: $20.00 of Transport. */
export const PENDING = { description: 'Bus to the bank', cents: 2000 };

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** Worked out from the words: this month's total of the type against its limit, and what is left. */
export const monthLine = (cents: number) =>
  `This month: ${dollars(cents)} of $100.00 (${dollars(Math.max(0, 10000 - cents))} left)`;

const table = () => screen.getByRole('table', { name: 'My claims' });
/** The claims the table lists by description ('No results.' is no claim). */
const descriptions = () =>
  [...table().querySelectorAll('tbody tr')]
    .filter((row) => !row.textContent?.includes('No results.'))
    .map(
      (row) =>
        [FILED.description, PENDING.description].find((d) => row.textContent?.includes(d)) ?? row.textContent,
    );

export const myClaimsModel = setup({
  types: {
    context: {} as MyClaimsModelContext,
    events: {} as MyClaimsModelEvent,
    input: {} as MyClaimsModelInput,
  },
}).createMachine({
  id: 'myClaimsModel',
  context: ({ input }) => ({
    ...input,
    dialog: false,
    confirming: false,
    refused: false,
    posts: 0,
    deletes: 0,
    toast: null,
  }),
  meta: shows((app: RunningApp, s) => {
    const m = s.context as MyClaimsModelContext;
    expect(window.location.pathname).toBe('/staff/claims');
    expect(descriptions()).toEqual(m.rows);
    expect(screen.getByText(monthLine(m.monthCents))).toBeInTheDocument();
    expect(app.server.requests.filter((r) => r.method === 'POST' && r.path === CLAIMS)).toHaveLength(m.posts);
    expect(app.server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(m.deletes);
    if (m.toast) expectToast(m.toast.title, m.toast.description);
    const dialog = findOpen('dialog', 'New claim');
    expect(dialog !== null, 'the New claim dialog').toBe(m.dialog);
    if (dialog && m.refused) {
      // Beside the Amount field, as the refusal names it.
      const amount = dialog.querySelector('input[name="amount"]') as HTMLInputElement;
      expect(amount).toHaveAttribute('aria-invalid', 'true');
      expect(dialog.textContent).toContain(m.refusal);
    }
    expect(findOpen('alertdialog', 'Delete this claim?') !== null, 'the confirmation').toBe(m.confirming);
  }),
  initial: 'list',
  states: {
    list: {
      on: {
        'user.filesClaim': {
          target: 'sending',
          actions: assign({ dialog: true, toast: null, posts: ({ context }) => context.posts + 1 }),
        },
        'user.asksToDelete': {
          guard: ({ context }) => context.rows.includes(PENDING.description),
          target: 'confirming',
          actions: assign({ confirming: true, toast: null }),
        },
      },
    },
    sending: {
      on: {
        'server.files': {
          target: 'list',
          actions: assign({
            dialog: false,
            refused: false,
            rows: ({ context }) => [FILED.description, ...context.rows],
            monthCents: ({ context }) => context.monthCents + FILED.cents,
            toast: { title: 'Claim submitted', description: 'Transport' },
          }),
        },
        'server.refusesOverLimit': {
          target: 'refused',
          actions: assign({
            refused: true,
            toast: ({ context }) => ({ title: 'Failed to submit the claim', description: context.refusal }),
          }),
        },
      },
    },
    refused: {
      on: {
        'user.closesDialog': {
          target: 'list',
          actions: assign({ dialog: false, refused: false, toast: null }),
        },
      },
    },
    confirming: {
      on: {
        'user.confirmsDelete': {
          target: 'deleting',
          actions: assign({ deletes: ({ context }) => context.deletes + 1 }),
        },
      },
    },
    deleting: {
      on: {
        'server.deletes': {
          target: 'list',
          actions: assign({
            confirming: false,
            rows: ({ context }) => context.rows.filter((row) => row !== PENDING.description),
            monthCents: ({ context }) => context.monthCents - PENDING.cents,
            toast: { title: 'Claim deleted', description: 'Transport' },
          }),
        },
      },
    },
  },
});
