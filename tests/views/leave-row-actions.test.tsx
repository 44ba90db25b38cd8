import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { LeaveRequest } from '../../src/domain/leave';
import type { RecordedRequest } from '../machines/fake-server';
import { advance, renderApp, settle, useAppHarness } from '../machines/harness';
import { allowancesOf, leaveTypes, onboardedStaff } from '../machines/staff-fixtures';
import { admin, staff } from './fixtures';

/**
 * Spec section 2 (staff dashboard): "Row actions menu labelled Actions: View, and Delete Request only when the
 * status is pending", on every screen that lists a person's leave requests.
 */

const signedIn = (user: typeof admin) => ({
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user, isNewUser: false }),
});
const me = { ...onboardedStaff, id: staff.id, fullName: staff.fullName, email: staff.email };

const screens = [
  { name: 'the staff dashboard', path: '/staff', storage: signedIn(staff), person: me },
  { name: 'My profile', path: '/staff/profile', storage: signedIn(staff), person: me },
  {
    name: 'user detail',
    path: `/admin/users/${onboardedStaff.id}`,
    storage: signedIn(admin),
    person: onboardedStaff,
  },
];

const request = (
  person: typeof me,
  id: number,
  status: LeaveRequest['status'],
  type: string,
  leaveTypeId: number,
): LeaveRequest => ({
  id,
  status,
  type,
  leaveTypeId,
  createdAt: '2026-02-20T02:00:00.000Z',
  updatedAt: '2026-02-21T02:00:00.000Z',
  fromDate: '2026-03-02',
  fromDateIsAm: true,
  toDate: '2026-03-03',
  toDateIsAm: false,
  days: 2,
  reason: null,
  fileUrl: null,
  userId: person.id,
  user: { id: person.id, fullName: person.fullName, email: person.email },
});

describe.each(screens)('leave request row actions on $name', ({ path, storage, person }) => {
  useAppHarness();

  it('offers View on every request, and Delete Request on the pending one only', async () => {
    const requests = [
      request(person, 91, 'PENDING', 'Annual Leave', 1),
      request(person, 92, 'APPROVED', 'Medical Leave', 2),
      request(person, 93, 'REJECTED', 'Unpaid Leave', 3),
    ];
    const app = await renderApp({
      path,
      storage,
      prepare: (server) => {
        const get = (p: string) => (r: RecordedRequest) => r.method === 'GET' && r.path === p;
        server.autoAnswer(get(`/api/users/${person.id}`), 200, person);
        server.autoAnswer(get('/api/leave-types'), 200, leaveTypes);
        server.autoAnswer(get('/api/public-holidays'), 200, []);
        server.autoAnswer(get(`/api/users/${person.id}/leave-calendar`), 200, []);
        server.autoAnswer(get(`/api/users/${person.id}/leave-balances`), 200, allowancesOf({ 1: 14 }));
        server.autoAnswer(get(`/api/users/${person.id}/leave-requests/count`), 200, {
          PENDING: 1,
          APPROVED: 1,
          REJECTED: 1,
          TOTAL: 3,
        });
        server.autoAnswer(get(`/api/users/${person.id}/leave-requests`), 200, {
          data: requests,
          currentPage: 1,
          pageSize: 7,
          total: 3,
          totalPages: 1,
        });
      },
    });
    await settle();
    const table = screen.getByRole('table', { name: /leave requests/i });
    const offered: Record<string, string[]> = {};
    for (const type of ['Annual Leave', 'Medical Leave', 'Unpaid Leave']) {
      const row = within(table)
        .getAllByRole('row')
        .find((candidate) => within(candidate).queryByText(type));
      if (!row) throw new Error(`no ${type} row`);
      await app.user.click(within(row).getByRole('button', { name: /^Actions for / }));
      await advance(50);
      const menu = screen.getByRole('menu');
      offered[type] = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent ?? '');
      await app.user.keyboard('{Escape}');
      await advance(50);
    }
    expect(offered).toEqual({
      'Annual Leave': ['View', 'Delete Request'],
      'Medical Leave': ['View'],
      'Unpaid Leave': ['View'],
    });
  });
});
