import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * The Audit screen as issue 39 item 6 tells it: "An Audit screen with those filters [entity, entityId,
 * userId, actorId, action, from, to]; the staff record ... link[s] to their own history", over item 5's
 * GET /api/audit ("who did what to which record when, with the values before and after, newest first, paged")
 * and its "CSV export". Opened from a staff record's History link, the screen asks for that person's rows;
 * choosing an action asks again with it; clearing the filters asks for the whole trail; Export CSV asks
 * /api/audit.csv with the filters shown, and says the file was saved, or why not.
 */

export const AUDIT = '/api/audit';
export const AUDIT_CSV = '/api/audit.csv';
export const SUBJECT_ID = 7;
/** A refusal the export may meet: its reason reaches the toast. */
export const SERVER_DOWN = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'from must not be after to',
};

/** One row the server answers: Tan's salary from 4,000.00 to 4,500.00, in cents. */
export const SALARY_ROW = {
  id: 31,
  at: '2026-03-02T01:15:00.000Z',
  actor: { id: 1, name: 'Ada Admin' },
  subject: { id: SUBJECT_ID, name: 'Tan Mei Ling' },
  entity: 'user',
  entityId: String(SUBJECT_ID),
  action: 'paymentInfo.updated',
  before: { basicSalaryCents: 400000 },
  after: { basicSalaryCents: 450000 },
  details: null,
};

export type AuditTrailModelEvent =
  | { type: 'server.sendsTrail' }
  | { type: 'user.choosesAction' }
  | { type: 'user.clearsFilters' }
  | { type: 'user.exports' }
  | { type: 'server.sendsCsv' }
  | { type: 'server.failsCsv' };

export interface AuditTrailModel {
  /** The filters shown, as the query asks for them. */
  filters: string;
  /** The query of each GET /api/audit so far, as `key=value&...` without paging. */
  asked: string[];
  exports: string[];
  toast: { title: string; description?: string } | null;
}

const withoutPaging = (query: URLSearchParams) =>
  [...query.entries()]
    .filter(([key]) => key !== 'page' && key !== 'pageSize')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('&');

export const auditTrailModel = setup({
  types: { context: {} as AuditTrailModel, events: {} as AuditTrailModelEvent },
}).createMachine({
  id: 'auditTrailModel',
  context: { filters: `userId=${SUBJECT_ID}`, asked: [`userId=${SUBJECT_ID}`], exports: [], toast: null },
  meta: shows((app: RunningApp, s) => {
    const m = s.context as AuditTrailModel;
    expect(document.querySelector('h1')?.textContent).toBe('Audit');
    const asked = app.server.requests.filter((r) => r.path === AUDIT).map((r) => withoutPaging(r.query));
    expect(asked, 'the trail asked for').toEqual(m.asked);
    const exported = app.server.requests
      .filter((r) => r.path === AUDIT_CSV)
      .map((r) => withoutPaging(r.query));
    expect(exported, 'the CSVs asked for').toEqual(m.exports);
    const toasts = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
      title: root.querySelector('[data-part="title"]')?.textContent,
      description: root.querySelector('[data-part="description"]')?.textContent || undefined,
    }));
    expect(toasts, 'the toast showing').toEqual(m.toast ? [m.toast] : []);
    if (!s.matches('loading')) {
      // Who did what to whom, and the value before and after.
      expect(screen.getAllByText('paymentInfo.updated').length).toBeGreaterThan(0);
      expect(screen.getAllByText('Tan Mei Ling').length).toBeGreaterThan(0);
      expect(screen.getAllByText('basic salary: 4,000.00 → 4,500.00').length).toBeGreaterThan(0);
    }
  }),
  initial: 'loading',
  states: {
    loading: { on: { 'server.sendsTrail': 'showing' } },
    showing: {
      on: {
        'user.choosesAction': {
          target: 'loading',
          actions: assign(({ context }) => {
            const filters = `action=paymentInfo.updated&${context.filters}`.replace(/&$/, '');
            return { filters, asked: [...context.asked, filters] };
          }),
        },
        'user.clearsFilters': {
          target: 'loading',
          actions: assign({ filters: '', asked: ({ context }) => [...context.asked, ''] }),
        },
        'user.exports': {
          target: 'exporting',
          actions: assign({ exports: ({ context }) => [...context.exports, context.filters] }),
        },
      },
    },
    exporting: {
      on: {
        'server.sendsCsv': {
          target: 'showing',
          actions: assign({ toast: { title: 'File downloaded', description: 'audit.csv' } }),
        },
        'server.failsCsv': {
          target: 'showing',
          actions: assign({
            toast: { title: 'Failed to export the audit trail', description: SERVER_DOWN.message },
          }),
        },
      },
    },
  },
});
