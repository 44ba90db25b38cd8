import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { renderApp, settle, useAppHarness } from '../machines/harness';
import {
  approvedAcrossYearEnd,
  counts,
  leavePage,
  leaveTypes,
  pendingWithPdf,
} from '../machines/leave-fixtures';
import { admin } from './fixtures';

/** The admin dashboard's list (spec section 2): its columns, and how the toolbar becomes the API's query. */

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const LIST = '/api/leave-requests';

async function openDashboard() {
  const app = await renderApp({
    path: '/admin',
    storage: signedInAdmin,
    prepare: (server) => {
      server.autoAnswer((r) => r.path === LIST, 200, leavePage([pendingWithPdf, approvedAcrossYearEnd]));
      server.autoAnswer((r) => r.path === `${LIST}/count`, 200, counts);
      server.autoAnswer((r) => r.path === '/api/leave-types', 200, leaveTypes);
    },
  });
  await settle();
  return app;
}

const lastQuery = (app: Awaited<ReturnType<typeof openDashboard>>) =>
  Object.fromEntries(app.server.requests.filter((r) => r.path === LIST).at(-1)?.query ?? []);

describe('admin dashboard list', () => {
  useAppHarness();

  it('shows the columns with AM/PM markers, a link to the requester, seven a page', async () => {
    const app = await openDashboard();
    expect(screen.getByRole('heading', { name: 'Recent Staff Leave Requests' })).toBeInTheDocument();
    expect(screen.getByText('View all leave requests made by staff members.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Leave requests' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Employee',
      'Leave Type',
      'Start Date',
      'End Date',
      'Days',
      'Status',
      'Requested On',
      'Actions',
    ]);
    const [first, second] = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(first).toEqual([
      'Nur Aisyah binti Rahman',
      'hospitalisation leave',
      '14/12/2026 AM',
      '16/12/2026 PM',
      '3',
      'Pending',
      '20/11/2026',
      'View',
    ]);
    expect(second?.slice(2, 4)).toEqual(['29/12/2025 PM', '02/01/2026 AM']);
    expect(within(table).getByRole('link', { name: 'Rajesh s/o Kumar' })).toHaveAttribute(
      'href',
      '/admin/users/8',
    );
    expect(lastQuery(app)).toEqual({ page: '1', limit: '7' });
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('filters, sorts and resets through the query the server reads', async () => {
    const app = await openDashboard();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();

    await app.user.click(screen.getByRole('button', { name: 'Status' }));
    const statuses = await screen.findByRole('group', { name: 'Status' });
    await app.user.click(within(statuses).getByRole('checkbox', { name: 'Pending' }));
    await app.user.click(within(statuses).getByRole('checkbox', { name: 'Rejected' }));
    await settle();
    expect(lastQuery(app)).toEqual({ page: '1', limit: '7', status: 'PENDING,REJECTED' });
    await app.user.keyboard('{Escape}');

    await app.user.click(screen.getByRole('button', { name: 'Leave Type' }));
    const types = await screen.findByRole('group', { name: 'Leave Type' });
    await app.user.click(within(types).getByRole('checkbox', { name: 'Unpaid Leave' }));
    await settle();
    // The other filter is kept.
    expect(lastQuery(app)).toEqual({
      page: '1',
      limit: '7',
      status: 'PENDING,REJECTED',
      type: 'Unpaid Leave',
    });
    await app.user.keyboard('{Escape}');

    await app.user.click(screen.getByRole('button', { name: 'Start Date' }));
    await settle();
    expect(lastQuery(app)).toMatchObject({ sort: 'fromDate', order: 'asc' });

    await app.user.click(screen.getByRole('button', { name: 'Reset' }));
    await settle();
    expect(lastQuery(app)).toEqual({ page: '1', limit: '7' });
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();

    // Typing in the search box shows Reset at once.
    await app.user.type(screen.getByRole('searchbox', { name: 'Search staff' }), 'tan');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
  });
});
