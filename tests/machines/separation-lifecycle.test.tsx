// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { addDaysIso, todayIso } from '../../src/domain/dates';
import { separationLifecycle } from '../../src/domain/lifecycles/separation.lifecycle';
import { employmentInfo } from '../../src/server/db/schema';
import { separations } from '../../src/server/db/separation-schema';
import { createTestApp, type TestApp } from '../api/harness';
import { adminSession, caller, createEmployee, staffSession } from '../api/payroll-fixtures';
import { type SeparationEvent, type SeparationWorld, separationModel } from '../models/separation.model';
import { describeSpecApiWalk } from './spec-api-walk';

/**
 * The separation lifecycle walked from its model (tests/models/separation.model.ts, issue 35's words)
 * through the real API: each path an employee of its own, resigning or recorded, acknowledged, withdrawn.
 * The app's lifecycle follows what the server accepted.
 */

type World = SeparationWorld & { lifecycle: AnyActorRef };

let t: TestApp;
let admin: ReturnType<typeof caller>;
const today = todayIso();
const body = (reason: string) => ({
  reason,
  noticeDate: today,
  lastDay: addDaysIso(today, 13),
  noticeServed: true,
});

describeSpecApiWalk<typeof separationModel, SeparationEvent, World>({
  title: 'separation lifecycle, walked from its model through the API',
  model: separationModel,
  starts: [{ name: 'an employee with no separation', input: undefined }],
  events: [
    { type: 'staff.resigns' },
    { type: 'admin.records' },
    { type: 'admin.acknowledges' },
    { type: 'admin.withdraws' },
    { type: 'lastDay.passes' },
  ],
  app: { machine: separationLifecycle },
  setup() {
    beforeAll(async () => {
      t = await createTestApp();
      admin = caller(t, (await adminSession(t)).headers);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });
  },
  async open(_path, inspect) {
    const user = await createEmployee(t, { hireDate: '2023-01-02' });
    return {
      staff: caller(t, await staffSession(t, user)),
      admin,
      userId: user.id,
      lifecycle: createActor(separationLifecycle, { inspect }).start(),
    };
  },
  close: (world) => world.lifecycle.stop(),
  async perform(world, event) {
    const url = `/users/${world.userId}/separation`;
    switch (event.type) {
      case 'staff.resigns':
        expect((await world.staff.post(url, body('RESIGNATION'))).status, 'submitted').toBe(201);
        world.lifecycle.send({ type: 'separation.request' });
        return;
      case 'admin.records':
        expect((await world.admin.post(url, body('TERMINATION'))).status, 'recorded').toBe(201);
        // A withdrawn separation is over; a new one starts the lifecycle again.
        if (world.lifecycle.getSnapshot().status === 'done') {
          world.lifecycle.stop();
          world.lifecycle = createActor(separationLifecycle).start();
        }
        world.lifecycle.send({ type: 'separation.record' });
        return;
      case 'admin.acknowledges':
        expect((await world.admin.post(`${url}/acknowledge`, {})).status, 'acknowledged').toBe(200);
        world.lifecycle.send({ type: 'separation.acknowledge' });
        return;
      case 'lastDay.passes': {
        // Two weeks back in time: the last day was yesterday.
        const lastDay = addDaysIso(today, -1);
        await t.db
          .update(separations)
          .set({ noticeDate: addDaysIso(today, -14), lastDay })
          .where(eq(separations.userId, world.userId));
        await t.db
          .update(employmentInfo)
          .set({ lastDayOfService: lastDay })
          .where(eq(employmentInfo.userId, world.userId));
        expect((await world.admin.delete(url)).status, 'too late to withdraw').toBe(409);
        world.lifecycle.send({ type: 'separation.complete' });
        return;
      }
      case 'admin.withdraws':
        expect((await world.admin.delete(url)).status, 'withdrawn').toBe(200);
        world.lifecycle.send({ type: 'separation.withdraw' });
        return;
    }
  },
});
