import { expect } from 'vitest';
import { setup } from 'xstate';
import type { caller } from '../api/payroll-fixtures';
import { apiShows } from '../machines/spec-api-walk';

/**
 * An employee's separation as the API meets it, from issue 35 item 2: "POST /api/users/{id}/separation
 * (ADMIN) → 201"; "GET answers the same, DELETE withdraws it before the last day"; "Staff can submit
 * their resignation (reason RESIGNATION), which the administrator acknowledges". The states are what a
 * reader sees: none, a resignation waiting, one acknowledged (the employee is leaving), left once the
 * last day has passed, or none again after a withdrawal, when a new one may be recorded.
 */
export type SeparationEvent =
  | { type: 'staff.resigns' }
  | { type: 'admin.records' }
  | { type: 'admin.acknowledges' }
  | { type: 'admin.withdraws' }
  /** The calendar moves past the last day (the test moves the dates back instead). */
  | { type: 'lastDay.passes' };

export interface SeparationWorld {
  staff: ReturnType<typeof caller>;
  admin: ReturnType<typeof caller>;
  userId: number;
}

const shows = (status: 'REQUESTED' | 'ACKNOWLEDGED' | 'COMPLETED' | null) =>
  apiShows<SeparationWorld>(async (w) => {
    for (const who of [w.staff, w.admin]) {
      const answer = await who.get(`/users/${w.userId}/separation`);
      if (status === null) {
        expect(answer.status, 'no separation stands').toBe(404);
      } else {
        expect(answer.status).toBe(200);
        expect((answer.body as { status: string }).status, 'the stored status').toBe(status);
      }
    }
    const user = await w.admin.get(`/users/${w.userId}/employment-info`);
    // Acknowledged: the employee reads as leaving (RESIGNED with the last day), and after it, left.
    expect((user.body as { employmentStatus: string }).employmentStatus).toBe(
      status === 'ACKNOWLEDGED' || status === 'COMPLETED' ? 'RESIGNED' : 'ACTIVE',
    );
  });

export const separationModel = setup({
  types: { events: {} as SeparationEvent },
}).createMachine({
  id: 'separationModel',
  initial: 'none',
  states: {
    none: {
      meta: shows(null),
      on: { 'staff.resigns': 'waiting', 'admin.records': 'leaving' },
    },
    waiting: {
      meta: shows('REQUESTED'),
      on: { 'admin.acknowledges': 'leaving', 'admin.withdraws': 'withdrawn' },
    },
    leaving: {
      meta: shows('ACKNOWLEDGED'),
      on: { 'admin.withdraws': 'withdrawn', 'lastDay.passes': 'left' },
    },
    // "DELETE withdraws it before the last day": after it, the separation stays.
    left: { meta: shows('COMPLETED') },
    withdrawn: {
      meta: shows(null),
      on: { 'admin.records': 'leaving' },
    },
  },
});
