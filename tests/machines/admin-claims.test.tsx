import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaimsMachine } from '../../machines/admin-claims.machine';
import { todayIso } from '../../src/domain/dates';
import { type AdminClaimsModelEvent, adminClaimsModel, CLAIMS, REPORT } from '../models/admin-claims.model';
import { findOpen } from '../models/leave-dom';
import { admin } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * /admin/claims walked from tests/models/admin-claims.model.ts: last month, the pending ones only, a claim
 * approved in the review sheet (the list fetched again), and the month's CSV report saved or not found.
 */

const today = todayIso();
const employee = { id: 7, fullName: 'Tan Wei Ming', email: 'weiming.tan@company.test' };
const pending = {
  id: 11,
  status: 'PENDING',
  claimTypeId: 1,
  type: 'Transport',
  date: today,
  amount: 12.5,
  description: 'Taxi to the client',
  receiptKey: null,
  userId: employee.id,
  user: employee,
  decidedById: null,
  decisionReason: null,
  createdAt: `${today}T01:00:00.000Z`,
  updatedAt: `${today}T01:00:00.000Z`,
};
const page = (rows: unknown[]) => ({
  data: rows,
  currentPage: 1,
  pageSize: 100,
  total: rows.length,
  totalPages: 1,
  counts: { PENDING: rows.length, APPROVED: 0, REJECTED: 0, PAID: 0, TOTAL: rows.length },
});
const types = [
  {
    id: 1,
    name: 'Transport',
    perClaimLimit: null,
    monthlyLimit: null,
    yearlyLimit: null,
    receiptRequired: false,
    taxable: false,
    archived: false,
  },
];

const events: AdminClaimsModelEvent[] = [
  { type: 'user.choosesLastMonth' },
  { type: 'user.choosesPending' },
  { type: 'user.approvesFirst' },
  { type: 'user.downloadsCsv' },
  { type: 'server.sendsReport' },
  { type: 'server.lacksReport' },
];

async function perform(app: RunningApp, event: AdminClaimsModelEvent) {
  switch (event.type) {
    case 'user.choosesLastMonth': {
      const month = Number((screen.getByLabelText('Month') as HTMLSelectElement).value);
      const year = Number((screen.getByLabelText('Year') as HTMLSelectElement).value);
      if (month === 1) {
        await app.user.selectOptions(screen.getByLabelText('Year'), String(year - 1));
        await settle();
        await app.user.selectOptions(screen.getByLabelText('Month'), '12');
      } else await app.user.selectOptions(screen.getByLabelText('Month'), String(month - 1));
      break;
    }
    case 'user.choosesPending':
      await app.user.selectOptions(screen.getByLabelText('Status'), 'PENDING');
      break;
    case 'user.approvesFirst': {
      await app.user.click(screen.getAllByRole('button', { name: /^Review the claim of/ })[0] as HTMLElement);
      await settle();
      const sheet = findOpen('dialog', 'Claim Details') as HTMLElement;
      await app.user.click(within(sheet).getByRole('button', { name: 'Approve' }));
      await settle();
      app.server.answer('POST', `${CLAIMS}/${pending.id}/decision`, 200, { ...pending, status: 'APPROVED' });
      break;
    }
    case 'user.downloadsCsv':
      await app.user.click(screen.getByRole('button', { name: /^Report CSV/ }));
      break;
    case 'server.sendsReport':
      app.server.answer('GET', REPORT, 200, 'Employee,Type\n');
      break;
    case 'server.lacksReport':
      app.server.answer('GET', REPORT, 404, { statusCode: 404, error: 'Not Found', message: 'Not found' });
      break;
  }
  await settle();
}

const start = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };

describeSpecWalk<typeof adminClaimsModel, AdminClaimsModelEvent>({
  title: '/admin/claims, walked from its model',
  model: adminClaimsModel,
  starts: [{ name: 'admin opens Claims', input: start }],
  events,
  canProduce: (m, e) => (e.type === 'user.choosesLastMonth' ? m.context.fetches.length < 3 : true),
  app: { machine: adminClaimsMachine },
  setup: () => {
    // The saved file goes through an object URL, which jsdom lacks.
    beforeEach(() => {
      URL.createObjectURL = vi.fn(() => 'blob:report');
      URL.revokeObjectURL = vi.fn();
    });
  },
  open: async (_path, inspect) => {
    const app = await renderApp({ path: '/admin/claims', storage: signedIn(admin), inspect });
    app.server.answer('GET', CLAIMS, 200, page([pending]));
    app.server.autoAnswer((r) => r.method === 'GET' && r.path === CLAIMS, 200, page([pending]));
    app.server.autoAnswer((r) => r.method === 'GET' && r.path === '/api/claim-types', 200, types);
    await settle();
    return app;
  },
  perform,
  label: (event) => event.type,
});

// A visual review: the list did not say what a claim was for. A Description column, after Type, keeps
// the full text in its title (the table truncates long ones).
describe('/admin/claims, the Description column', () => {
  it("shows each claim's description, the whole of it on hover", async () => {
    const long = `${'Taxi from the office to the client in Jurong and back, '.repeat(6)}end`;
    const app = await renderApp({ path: '/admin/claims', storage: signedIn(admin) });
    const rows = page([{ ...pending, description: long }]);
    app.server.answer('GET', CLAIMS, 200, rows);
    app.server.autoAnswer((r) => r.method === 'GET' && r.path === CLAIMS, 200, rows);
    app.server.autoAnswer((r) => r.method === 'GET' && r.path === '/api/claim-types', 200, types);
    await settle();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers.indexOf('Description')).toBe(headers.indexOf('Type') + 1);
    const cell = screen.getByTitle(long);
    expect(cell).toHaveTextContent(long);
  });
});
