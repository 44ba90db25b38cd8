// @vitest-environment node
import { afterAll, beforeAll, expect } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { todayIso } from '../../src/domain/dates';
import { claimLifecycle } from '../../src/domain/lifecycles/claim.lifecycle';
import { createTestApp, type TestApp } from '../api/harness';
import { adminSession, caller, createEmployee, staffSession } from '../api/payroll-fixtures';
import { type ClaimWalkEvent, type ClaimWorld, claimLifecycleModel } from '../models/claim-lifecycle.model';
import { describeSpecApiWalk } from './spec-api-walk';

/**
 * The claim lifecycle walked from its model (tests/models/claim-lifecycle.model.ts, issue 37's words)
 * through the real API: each path a staff member of their own with one claim filed today, decided by the
 * administrator and paid with this month's pay. The app's lifecycle follows what the server accepted.
 */

type World = ClaimWorld & { lifecycle: AnyActorRef };

let t: TestApp;
let admin: ReturnType<typeof caller>;
let claimTypeId: number;
const today = todayIso();

describeSpecApiWalk<typeof claimLifecycleModel, ClaimWalkEvent, World>({
  title: 'claim lifecycle, walked from its model through the API',
  model: claimLifecycleModel,
  starts: [{ name: 'a claim filed today', input: undefined }],
  events: [
    { type: 'admin.approves' },
    { type: 'admin.rejects' },
    { type: 'staff.deletes' },
    { type: 'staff.decides' },
    { type: 'admin.processesMonth' },
    { type: 'admin.revertsPayslip' },
  ],
  app: { machine: claimLifecycle },
  setup() {
    beforeAll(async () => {
      t = await createTestApp();
      admin = caller(t, (await adminSession(t)).headers);
      const type = await admin.post('/claim-types', {
        name: 'Walk taxi',
        receiptRequired: false,
        taxable: false,
      });
      expect(type.status).toBe(201);
      claimTypeId = (type.body as { id: number }).id;
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });
  },
  async open(_path, inspect) {
    const user = await createEmployee(t, { hireDate: '2020-01-06' });
    const staff = caller(t, await staffSession(t, user));
    const amount = 27.35;
    const filed = await staff.post('/claims', { claimTypeId, date: today, amount, description: 'Taxi' });
    expect(filed.status, 'filed').toBe(201);
    return {
      staff,
      admin,
      userId: user.id,
      claimId: (filed.body as { id: number }).id,
      amount,
      year: Number(today.slice(0, 4)),
      month: Number(today.slice(5, 7)),
      lifecycle: createActor(claimLifecycle, { inspect }).start(),
    };
  },
  close: (world) => world.lifecycle.stop(),
  async perform(world, event) {
    const decide = (who: ReturnType<typeof caller>, decision: 'APPROVE' | 'REJECT') =>
      who.post(`/claims/${world.claimId}/decision`, { decision });
    const pending = world.lifecycle.getSnapshot().value === 'pending';
    switch (event.type) {
      case 'admin.approves':
        expect((await decide(world.admin, 'APPROVE')).status).toBe(200);
        world.lifecycle.send({ type: 'claim.approve' });
        return;
      case 'admin.rejects': {
        const answer = await decide(world.admin, 'REJECT');
        expect(answer.status, 'only a pending claim is decided').toBe(pending ? 200 : 409);
        if (pending) world.lifecycle.send({ type: 'claim.reject' });
        return;
      }
      case 'staff.decides':
        expect((await decide(world.staff, 'APPROVE')).status, 'staff decide nothing').toBe(403);
        return;
      case 'staff.deletes': {
        const answer = await world.staff.delete(`/claims/${world.claimId}`);
        expect(answer.status, 'only a pending claim is deleted').toBe(pending ? 204 : 409);
        if (pending) world.lifecycle.send({ type: 'claim.delete' });
        return;
      }
      case 'admin.processesMonth': {
        const processed = await world.admin.post('/payslips/bulk-process', {
          payDate: today,
          payslips: [{ userId: world.userId, year: world.year, month: world.month }],
        });
        expect(processed.status).toBe(200);
        world.lifecycle.send({ type: 'claim.pay' });
        return;
      }
      case 'admin.revertsPayslip': {
        const payslip = await world.admin.get(
          `/users/${world.userId}/payslips?year=${world.year}&month=${world.month}`,
        );
        const reverted = await world.admin.patch(`/payslips/${(payslip.body as { id: number }).id}/status`, {
          status: 'ITEMS_ADDED',
        });
        expect(reverted.status).toBe(200);
        world.lifecycle.send({ type: 'claim.unpay' });
        return;
      }
    }
  },
});
