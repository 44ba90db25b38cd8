// @vitest-environment node
import { afterAll, beforeAll, expect } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { timesheetLifecycle } from '../../src/domain/lifecycles/timesheet.lifecycle';
import { createTestApp, type TestApp } from '../api/harness';
import { adminSession, caller, createEmployee, staffSession } from '../api/payroll-fixtures';
import {
  oneDay,
  type TimesheetEvent,
  type TimesheetWorld,
  timesheetModel,
  timesheetUrl,
} from '../models/timesheet.model';
import { describeSpecApiWalk } from './spec-api-walk';

/**
 * The timesheet lifecycle walked from its model (tests/models/timesheet.model.ts, issue 36's words) through
 * the real API: each path a staff member of its own, saving as the owner or as an administrator, and after
 * every step the stored status as both read it. The app's lifecycle follows what the server accepted.
 */

type World = TimesheetWorld & { lifecycle: AnyActorRef };

let t: TestApp;
let admin: ReturnType<typeof caller>;

describeSpecApiWalk<typeof timesheetModel, TimesheetEvent, World>({
  title: 'timesheet lifecycle, walked from its model through the API',
  model: timesheetModel,
  starts: [{ name: 'a month without a timesheet', input: undefined }],
  events: [{ type: 'owner.saves' }, { type: 'admin.saves' }],
  app: { machine: timesheetLifecycle },
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
    const user = await createEmployee(t, { hireDate: '2024-01-02' });
    return {
      owner: caller(t, await staffSession(t, user)),
      admin,
      userId: user.id,
      lifecycle: createActor(timesheetLifecycle, { inspect }).start(),
    };
  },
  close: (world) => world.lifecycle.stop(),
  async perform(world, event) {
    const who = event.type === 'owner.saves' ? world.owner : world.admin;
    expect((await who.put(timesheetUrl(world), oneDay)).status, 'the days are saved').toBe(200);
    world.lifecycle.send({ type: event.type === 'owner.saves' ? 'timesheet.submit' : 'timesheet.approve' });
  },
});
