import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { openDialog, renderApp, settle, useAppHarness } from '../machines/harness';
import { allowancesOf, leaveTypes } from '../machines/staff-fixtures';
import { staff } from './fixtures';

/** Spec section 8 ('Empty leave type list'): the Leave Type select of Request for Leave, with and without leave types to offer. */

async function openRequestDialog(types: unknown[], countsStatus = 200) {
  const app = await renderApp({
    path: '/staff',
    storage: {
      [ACCESS_TOKEN_KEY]: 'token',
      [CURRENT_USER_KEY]: JSON.stringify({ user: staff, isNewUser: false }),
    },
    prepare: (server) => {
      const get = (path: string) => (r: { method: string; path: string }) =>
        r.method === 'GET' && r.path === path;
      server.autoAnswer(get('/api/leave-types'), 200, types);
      server.autoAnswer(
        get(`/api/users/${staff.id}/leave-requests/count`),
        countsStatus,
        countsStatus === 200
          ? { PENDING: 0, APPROVED: 0, REJECTED: 0, TOTAL: 0 }
          : { statusCode: countsStatus, message: 'Failed to fetch leave requests count' },
      );
      server.autoAnswer(get(`/api/users/${staff.id}/leave-balances`), 200, allowancesOf({ 1: 14 }));
      server.autoAnswer(get(`/api/users/${staff.id}/leave-requests`), 200, {
        data: [],
        currentPage: 1,
        pageSize: 7,
        total: 0,
        totalPages: 0,
      });
    },
  });
  await settle();
  await app.user.click(screen.getByRole('button', { name: 'Request Leave' }));
  await settle();
  const select = openDialog('dialog', 'Request for Leave').querySelector<HTMLSelectElement>(
    '[name="leaveType"]',
  );
  if (!select) throw new Error('no Leave Type select in the dialog');
  return [...select.options].map((option) => option.textContent);
}

describe('Request for Leave: the Leave Type select', () => {
  useAppHarness();

  it("says 'No leave types available' when there are none", async () => {
    expect(await openRequestDialog([])).toEqual(['No leave types available']);
  });

  it("offers each type after 'Select a leave type'", async () => {
    const options = await openRequestDialog(leaveTypes);
    expect(options[0]).toBe('Select a leave type');
    expect(options.slice(1)).toEqual((leaveTypes as Array<{ name: string }>).map((type) => type.name));
  });

  it('offers the types GET /leave-types answered although the counts answered 500', async () => {
    const options = await openRequestDialog(leaveTypes, 500);
    expect(options[0]).toBe('Select a leave type');
    expect(options.slice(1)).toEqual((leaveTypes as Array<{ name: string }>).map((type) => type.name));
    // The stat cards still say the counts failed (spec section 2: fed by the counts).
    expect(screen.getByTestId('count-PENDING')).toHaveTextContent('-');
  });
});
