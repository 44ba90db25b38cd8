// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type LeaveRequestLifecycleEvent,
  leaveRequestLifecycle,
} from '../../src/domain/lifecycles/leave-request.lifecycle';
import { leaveRequests } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../api/harness';
import { AM, giveAllowances, leaveApi, type Person, PM, person, seedLeaveTypes } from '../api/leave-fixtures';
import { createCoverageRecorder, describeEvent, planTransitionPaths } from './coverage';

/**
 * Model-based test of the leave request lifecycle against its real implementation, the API: every
 * path the machine plans is replayed through HTTP; an event the machine allows must succeed, and in
 * every state reached, every event the machine refuses must be refused by the API with 409 (404 once
 * deleted) without changing anything. The live actor only moves when the API said yes, so the
 * coverage below is what the API did.
 */

const events: LeaveRequestLifecycleEvent[] = [
  { type: 'leaveRequest.approve' },
  { type: 'leaveRequest.reject' },
  { type: 'leaveRequest.delete' },
];
const recorder = createCoverageRecorder(leaveRequestLifecycle);
const { paths, unreachable } = planTransitionPaths(leaveRequestLifecycle, {
  starts: [{ name: 'a new request', input: undefined }],
  events,
});

let t: TestApp;
let api: ReturnType<typeof leaveApi>;
let admin: Person;
let owner: Person;
let nextDay = 0;

beforeAll(async () => {
  t = await createTestApp();
  api = leaveApi(t);
  const types = await seedLeaveTypes(t);
  admin = await person(t, { role: 'ADMIN' });
  owner = await person(t);
  await giveAllowances(t, types, owner.id, 2026, { 'Annual Leave': 100 });
  // This project's default hook time suits views; starting a database here takes longer.
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Sends a lifecycle event to the API as the person who may send it. */
function send(id: number, event: LeaveRequestLifecycleEvent) {
  if (event.type === 'leaveRequest.delete') return api.remove(owner.token, id);
  return api.decide(admin.token, id, event.type === 'leaveRequest.approve' ? 'APPROVED' : 'REJECTED');
}

async function storedStatus(id: number) {
  const [row] = await t.db
    .select({ status: leaveRequests.status })
    .from(leaveRequests)
    .where(eq(leaveRequests.id, id));
  return row?.status ?? 'DELETED';
}

const statusOf = {
  pending: 'PENDING',
  approved: 'APPROVED',
  rejected: 'REJECTED',
  deleted: 'DELETED',
} as const;

describe('leave request lifecycle, walked through the API', () => {
  it('plans a path to every transition', () => {
    expect(unreachable).toEqual([]);
  });

  it.each(
    paths.map(
      (path) => [path.steps.map((s) => describeEvent(s.event)).join(' -> ') || '(start)', path] as const,
    ),
  )('%s', async (_name, path) => {
    // Weekdays in a row, one per path, so requests never overlap.
    const date = new Date(Date.UTC(2026, 0, 5 + 7 * Math.floor(nextDay / 5) + (nextDay % 5)));
    nextDay += 1;
    const iso = date.toISOString().slice(0, 10);
    const request = await api.created(owner.token, {
      userId: owner.id,
      leaveType: 'Annual Leave',
      fromDate: iso,
      fromDateIsAm: AM,
      toDate: iso,
      toDateIsAm: PM,
    });
    const actor = createActor(leaveRequestLifecycle, { inspect: recorder.inspect }).start();
    for (const step of [{ event: null, state: path.initial }, ...path.steps]) {
      if (step.event) {
        const answer = await send(request.id, step.event);
        expect(answer.statusCode, answer.body).toBeLessThan(300);
        actor.send(step.event);
      }
      const value = actor.getSnapshot().value as keyof typeof statusOf;
      expect(value).toBe(step.state.value);
      expect(await storedStatus(request.id)).toBe(statusOf[value]);
      // Everything the machine refuses here, the API refuses too, and nothing changes.
      for (const refused of events.filter((e) => !actor.getSnapshot().can(e))) {
        const answer = await send(request.id, refused);
        expect(answer.statusCode, `${refused.type} in ${value}`).toBe(value === 'deleted' ? 404 : 409);
        expect(await storedStatus(request.id)).toBe(statusOf[value]);
      }
    }
    actor.stop();
  });

  it('walked every transition', () => {
    expect(recorder.missing(), recorder.report()).toEqual([]);
  });
});
