import { expect } from 'vitest';
import { setup } from 'xstate';
import type { caller } from '../api/payroll-fixtures';
import { apiShows } from '../machines/spec-api-walk';

/**
 * A month's timesheet as its owner and an administrator meet it through the API, from issue 36 item 2:
 * "PUT /api/users/{id}/timesheets/{year}/{month} (ADMIN; staff may submit their own for approval)", the
 * statuses DRAFT, SUBMITTED and APPROVED, and "an admin cannot approve their own: four-eyes like leave".
 * So the owner's save leaves it SUBMITTED, whatever it was; another administrator's save approves it.
 */
export type TimesheetEvent = { type: 'owner.saves' } | { type: 'admin.saves' };

export interface TimesheetWorld {
  owner: ReturnType<typeof caller>;
  admin: ReturnType<typeof caller>;
  userId: number;
}

export const timesheetUrl = (w: TimesheetWorld) => `/users/${w.userId}/timesheets/2025/6`;
export const oneDay = { days: [{ date: '2025-06-02', hours: 8 }] };

const stored = (status: 'DRAFT' | 'SUBMITTED' | 'APPROVED', days: number) =>
  apiShows<TimesheetWorld>(async (w) => {
    for (const who of [w.owner, w.admin]) {
      const answer = await who.get(timesheetUrl(w));
      expect(answer.status).toBe(200);
      const body = answer.body as { status: string; days: unknown[] };
      expect(body.status, 'the stored status').toBe(status);
      expect(body.days, 'the days saved').toHaveLength(days);
    }
  });

export const timesheetModel = setup({
  types: { events: {} as TimesheetEvent },
}).createMachine({
  id: 'timesheetModel',
  initial: 'draft',
  states: {
    draft: {
      meta: stored('DRAFT', 0),
      on: { 'owner.saves': 'submitted', 'admin.saves': 'approved' },
    },
    submitted: {
      meta: stored('SUBMITTED', 1),
      on: { 'owner.saves': 'submitted', 'admin.saves': 'approved' },
    },
    approved: {
      meta: stored('APPROVED', 1),
      on: { 'owner.saves': 'submitted', 'admin.saves': 'approved' },
    },
  },
});
