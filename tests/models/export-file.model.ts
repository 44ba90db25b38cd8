import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * A list's export as issue 38 item 5 tells it: "Export: staff records ... as CSV and XLSX ... from the
 * screens' lists and from the API". On All Staff, Export CSV and Export XLSX ask GET /api/exports/staff
 * with the format chosen; while the file is made both buttons wait; then a toast names the file the server
 * gave, or says why not (the server's reason).
 */

export const STAFF_EXPORT = '/api/exports/staff';
export const REFUSED = { statusCode: 403, error: 'Forbidden', message: 'You do not have permission.' };

export type ExportModelEvent =
  | { type: 'server.sendsStaff' }
  | { type: 'user.exportsCsv' }
  | { type: 'user.exportsXlsx' }
  | { type: 'server.sendsFile' }
  | { type: 'server.refuses' };

export interface ExportModel {
  /** The format of each export asked so far. */
  asked: string[];
  toast: { title: string; description?: string } | null;
}

const fileName = (format: string) => `staff.${format}`;

export const exportModel = setup({
  types: { context: {} as ExportModel, events: {} as ExportModelEvent },
}).createMachine({
  id: 'exportModel',
  context: { asked: [], toast: null },
  meta: shows((app: RunningApp, s) => {
    const m = s.context as ExportModel;
    const asked = app.server.requests
      .filter((r) => r.path === STAFF_EXPORT)
      .map((r) => r.query.get('format'));
    expect(asked, 'the exports asked for').toEqual(m.asked);
    const toasts = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
      title: root.querySelector('[data-part="title"]')?.textContent,
      description: root.querySelector('[data-part="description"]')?.textContent || undefined,
    }));
    expect(toasts, 'the toast showing').toEqual(m.toast ? [m.toast] : []);
    if (s.matches('showing')) {
      for (const name of ['Export CSV', 'Export XLSX']) {
        expect(screen.getByRole('button', { name }), `${name} is offered`).toBeEnabled();
      }
    }
    if (s.matches('exporting')) {
      // The chosen button says it is working; the other waits.
      expect(screen.getByRole('button', { name: /Processing/ })).toBeDisabled();
    }
  }),
  initial: 'loading',
  states: {
    loading: { on: { 'server.sendsStaff': 'showing' } },
    showing: {
      on: {
        'user.exportsCsv': {
          target: 'exporting',
          actions: assign({ asked: ({ context }) => [...context.asked, 'csv'] }),
        },
        'user.exportsXlsx': {
          target: 'exporting',
          actions: assign({ asked: ({ context }) => [...context.asked, 'xlsx'] }),
        },
      },
    },
    exporting: {
      on: {
        'server.sendsFile': {
          target: 'showing',
          actions: assign({
            toast: ({ context }) => ({
              title: 'File downloaded',
              description: fileName(context.asked.at(-1) ?? ''),
            }),
          }),
        },
        'server.refuses': {
          target: 'showing',
          actions: assign({ toast: { title: 'Failed to export', description: REFUSED.message } }),
        },
      },
    },
  },
});
