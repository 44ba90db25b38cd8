import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * The admin's Claims screen as issue 37 and the claims brief say: a month's claims ("pending first, filters
 * by status/month"), the review sheet's decision fetching the list again, and "Report download buttons (CSV,
 * PDF) for a month" linked to GET /api/claims/report?year=Y&month=M&format=csv|pdf (built with pay; it may
 * answer 404 until then, which the screen says in a toast).
 */
export const CLAIMS = '/api/claims';
export const REPORT = '/api/claims/report';

export interface AdminClaimsModelInput {
  year: number;
  month: number;
}

export interface AdminClaimsModelContext extends AdminClaimsModelInput {
  status: string;
  /** The list's fetches: month, year and status asked. */
  fetches: string[];
  reports: string[];
  toast: { title: string; description?: string } | null;
}

export type AdminClaimsModelEvent =
  | { type: 'user.choosesLastMonth' }
  | { type: 'user.choosesPending' }
  | { type: 'user.approvesFirst' }
  | { type: 'user.downloadsCsv' }
  | { type: 'server.sendsReport' }
  | { type: 'server.lacksReport' };

export const fetchOf = (m: { year: number; month: number; status: string }) =>
  `${m.year}-${m.month}-${m.status}`;

export const adminClaimsModel = setup({
  types: {
    context: {} as AdminClaimsModelContext,
    events: {} as AdminClaimsModelEvent,
    input: {} as AdminClaimsModelInput,
  },
}).createMachine({
  id: 'adminClaimsModel',
  context: ({ input }) => ({
    ...input,
    status: '',
    fetches: [fetchOf({ ...input, status: '' })],
    reports: [],
    toast: null,
  }),
  meta: shows((app: RunningApp, s) => {
    const m = s.context as AdminClaimsModelContext;
    expect(window.location.pathname).toBe('/admin/claims');
    const lists = app.server.requests
      .filter((r) => r.method === 'GET' && r.path === CLAIMS && !r.query.get('userId'))
      .map((r) =>
        fetchOf({
          year: Number(r.query.get('year')),
          month: Number(r.query.get('month')),
          status: r.query.get('status') ?? '',
        }),
      );
    expect(lists, 'the list fetches').toEqual(m.fetches);
    const reports = app.server.requests
      .filter((r) => r.path === REPORT)
      .map((r) => `${r.query.get('year')}-${r.query.get('month')}-${r.query.get('format')}`);
    expect(reports, 'the reports asked').toEqual(m.reports);
    if (m.toast) expectToast(m.toast.title, m.toast.description);
    const csv = screen.getByRole('button', { name: /^Report CSV/ });
    if (s.matches('downloading')) expect(csv).toBeDisabled();
    else expect(csv).toBeEnabled();
  }),
  initial: 'showing',
  states: {
    showing: {
      on: {
        'user.choosesLastMonth': {
          actions: assign(({ context }) => {
            const year = context.month === 1 ? context.year - 1 : context.year;
            const month = context.month === 1 ? 12 : context.month - 1;
            return {
              year,
              month,
              toast: null,
              fetches: [...context.fetches, fetchOf({ year, month, status: context.status })],
            };
          }),
        },
        'user.choosesPending': {
          guard: ({ context }) => context.status === '',
          actions: assign(({ context }) => ({
            status: 'PENDING',
            toast: null,
            fetches: [...context.fetches, fetchOf({ ...context, status: 'PENDING' })],
          })),
        },
        'user.approvesFirst': {
          actions: assign(({ context }) => ({
            toast: { title: 'Claim approved', description: 'Tan Wei Ming' },
            fetches: [...context.fetches, fetchOf(context)],
          })),
        },
        'user.downloadsCsv': {
          target: 'downloading',
          actions: assign(({ context }) => ({
            toast: null,
            reports: [...context.reports, `${context.year}-${context.month}-csv`],
          })),
        },
      },
    },
    downloading: {
      on: {
        'server.sendsReport': { target: 'showing' },
        'server.lacksReport': {
          target: 'showing',
          actions: assign({
            toast: { title: 'Failed to download the claims report' },
          }),
        },
      },
    },
  },
});
