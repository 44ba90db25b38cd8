import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { expectToast } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { findOpen } from './leave-dom';

/**
 * The admin's Claims screen and its review sheet as issue 37 says (item 4: "Claims (admin: pending first,
 * the review sheet with the receipt inline and the employee's totals against limits, approve/reject)";
 * item 2: "POST /api/claims/{id}/decision {decision: 'APPROVE'|'REJECT', reason?} (ADMIN, never one's own:
 * another administrator decides, as for leave)"). A decision is sent with the reason typed, closes the
 * sheet and fetches the list again; a refusal keeps the sheet open and says why in a toast. One's own
 * claim offers no decision: the sheet says another administrator must decide it.
 */
export const DECISION = (id: number) => `/api/claims/${id}/decision`;

export interface ClaimReviewModelInput {
  /** The pending claim of someone else, and the administrator's own. */
  other: { id: number; employee: string; description: string };
  own: { id: number; description: string };
  /** The receipt's viewing link the server gives. */
  link: string;
  /** What the sheet says of the employee's month, worked out by hand from the fixtures. */
  monthLine: string;
  refusal: string;
}

export interface ClaimReviewModelContext extends ClaimReviewModelInput {
  viewing: 'other' | 'own' | null;
  reason: string;
  /** The decisions sent so far. */
  decisions: Array<{ path: string; body: unknown }>;
  sending: 'APPROVE' | 'REJECT' | null;
  toast: { title: string; description: string } | null;
}

export type ClaimReviewModelEvent =
  | { type: 'user.reviews' }
  | { type: 'user.reviewsOwn' }
  | { type: 'user.closes' }
  | { type: 'user.typesReason'; reason: string }
  | { type: 'user.approves' }
  | { type: 'user.rejects' }
  | { type: 'server.decides' }
  | { type: 'server.refuses' };

const sheet = () => findOpen('dialog', 'Claim Details');

export const claimReviewModel = setup({
  types: {
    context: {} as ClaimReviewModelContext,
    events: {} as ClaimReviewModelEvent,
    input: {} as ClaimReviewModelInput,
  },
}).createMachine({
  id: 'claimReviewModel',
  context: ({ input }) => ({
    ...input,
    viewing: null,
    reason: '',
    decisions: [],
    sending: null,
    toast: null,
  }),
  meta: shows((app: RunningApp, s) => {
    const m = s.context as ClaimReviewModelContext;
    expect(window.location.pathname).toBe('/admin/claims');
    const sent = app.server.requests
      .filter((r) => r.method === 'POST' && r.path.endsWith('/decision'))
      .map((r) => ({ path: r.path, body: r.body }));
    expect(sent, 'the decisions sent').toEqual(m.decisions);
    if (m.toast) expectToast(m.toast.title, m.toast.description);
  }),
  initial: 'list',
  states: {
    list: {
      meta: shows(() => {
        expect(sheet()).toBeNull();
        expect(screen.getByRole('table')).toBeInTheDocument();
      }),
      on: {
        'user.reviews': { target: 'reviewing', actions: assign({ viewing: 'other', reason: '' }) },
        'user.reviewsOwn': { target: 'ownClaim', actions: assign({ viewing: 'own', reason: '' }) },
      },
    },
    reviewing: {
      meta: shows((_app: RunningApp, s) => {
        const m = s.context as ClaimReviewModelContext;
        const open = sheet() as HTMLElement;
        expect(open).not.toBeNull();
        expect(within(open).getByText(m.other.description)).toBeInTheDocument();
        expect(within(open).getByText(m.other.employee)).toBeInTheDocument();
        // The receipt inline, and the employee's month against the type's limit.
        expect(within(open).getByRole('img', { name: 'Receipt' })).toHaveAttribute('src', m.link);
        expect(within(open).getByText(m.monthLine)).toBeInTheDocument();
        const approve = within(open).getByRole('button', { name: /Approve|Processing/ });
        const reject = within(open).getByRole('button', { name: /Reject|Processing/ });
        expect(approve).toBeInTheDocument();
        expect(reject).toBeInTheDocument();
        expect(within(open).getByLabelText(/^Reason/)).toHaveValue(m.reason);
      }),
      on: {
        'user.typesReason': { actions: assign({ reason: ({ event }) => event.reason }) },
        'user.approves': {
          target: 'deciding',
          actions: assign({
            sending: 'APPROVE',
            toast: null,
            decisions: ({ context }) => [
              ...context.decisions,
              {
                path: DECISION(context.other.id),
                body: context.reason
                  ? { decision: 'APPROVE', reason: context.reason }
                  : { decision: 'APPROVE' },
              },
            ],
          }),
        },
        'user.rejects': {
          target: 'deciding',
          actions: assign({
            sending: 'REJECT',
            toast: null,
            decisions: ({ context }) => [
              ...context.decisions,
              {
                path: DECISION(context.other.id),
                body: context.reason
                  ? { decision: 'REJECT', reason: context.reason }
                  : { decision: 'REJECT' },
              },
            ],
          }),
        },
        'user.closes': { target: 'list', actions: assign({ viewing: null }) },
      },
    },
    deciding: {
      meta: shows(() => {
        const open = sheet() as HTMLElement;
        expect(open).not.toBeNull();
        expect(within(open).getAllByText('Processing...').length).toBeGreaterThan(0);
      }),
      on: {
        'server.decides': {
          target: 'list',
          actions: assign({
            toast: ({ context }) => ({
              title: context.sending === 'APPROVE' ? 'Claim approved' : 'Claim rejected',
              description: context.other.employee,
            }),
            viewing: null,
            sending: null,
          }),
        },
        'server.refuses': {
          target: 'reviewing',
          actions: assign({
            toast: ({ context }) => ({ title: 'Failed to decide the claim', description: context.refusal }),
            sending: null,
          }),
        },
      },
    },
    ownClaim: {
      meta: shows((_app: RunningApp, s) => {
        const m = s.context as ClaimReviewModelContext;
        const open = sheet() as HTMLElement;
        expect(within(open).getByText(m.own.description)).toBeInTheDocument();
        expect(within(open).getByText(/another administrator must approve or reject it/)).toBeInTheDocument();
        expect(within(open).queryByRole('button', { name: 'Approve' })).toBeNull();
        expect(within(open).queryByRole('button', { name: 'Reject' })).toBeNull();
      }),
      on: { 'user.closes': { target: 'list', actions: assign({ viewing: null }) } },
    },
  },
});
