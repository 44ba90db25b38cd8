// @vitest-environment node
import { afterAll, beforeAll, expect } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { payRunLifecycle } from '../../src/domain/lifecycles/pay-run.lifecycle';
import type { PayslipAggregate } from '../../src/domain/payslips';
import { createTestApp, type TestApp } from '../api/harness';
import { adminSession, caller, createEmployee } from '../api/payroll-fixtures';
import {
  type PayRunWalkEvent,
  type PayRunWorld,
  payRunLifecycleModel,
  runUrl,
} from '../models/pay-run-lifecycle.model';
import { describeSpecApiWalk } from './spec-api-walk';

/**
 * The pay run lifecycle walked from its model (tests/models/pay-run-lifecycle.model.ts, issue 39's words)
 * through the real API, with two administrators: each path a month of its own, one employee processed.
 * The app's lifecycle follows what the server accepted. Processing with approval off (the release) is
 * tested in tests/api/pay-runs.test.ts.
 */

type World = PayRunWorld & { lifecycle: AnyActorRef };

let t: TestApp;
let maker: ReturnType<typeof caller>;
let checker: ReturnType<typeof caller>;
let months = 0;

const process = (w: PayRunWorld) =>
  w.maker.post('/payslips/bulk-process', {
    payDate: `${w.year}-${String(w.month).padStart(2, '0')}-25`,
    payslips: [{ userId: w.userId, year: w.year, month: w.month }],
  });

describeSpecApiWalk<typeof payRunLifecycleModel, PayRunWalkEvent, World>({
  title: 'pay run lifecycle, walked from its model through the API',
  model: payRunLifecycleModel,
  starts: [{ name: 'a month processed, two administrators', input: undefined }],
  events: [
    { type: 'maker.submits' },
    { type: 'maker.approvesOwn' },
    { type: 'checker.approves' },
    { type: 'checker.rejects' },
    { type: 'admin.reopens' },
    { type: 'maker.changesPayslips' },
  ],
  app: { machine: payRunLifecycle, notOnThisScreen: ['payRun.release'] },
  setup() {
    beforeAll(async () => {
      t = await createTestApp();
      maker = caller(t, (await adminSession(t)).headers);
      checker = caller(t, (await adminSession(t)).headers);
      const company = await maker.put('/company', {
        name: 'Walk Pte. Ltd.',
        uen: '201912345K',
        bankName: 'UOB',
        bankAccountNo: '3701234567',
        bankAccountName: 'WALK PTE LTD',
      });
      expect(company.status).toBe(200);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });
  },
  async open(_path, inspect) {
    months += 1;
    const user = await createEmployee(t, { hireDate: '2020-01-06' });
    const world: World = {
      maker,
      checker,
      userId: user.id,
      year: 2025 - Math.floor((months - 1) / 12),
      month: ((months - 1) % 12) + 1,
      lifecycle: createActor(payRunLifecycle, { inspect }).start(),
    };
    expect((await process(world)).status, 'the month processed').toBe(200);
    world.lifecycle.send({ type: 'payRun.change' });
    return world;
  },
  close: (world) => world.lifecycle.stop(),
  async perform(world, event) {
    const post = (who: ReturnType<typeof caller>, action: string, body: unknown = {}) =>
      who.post(`${runUrl(world)}/${action}`, body);
    switch (event.type) {
      case 'maker.submits':
        expect((await post(world.maker, 'submit')).status).toBe(200);
        world.lifecycle.send({ type: 'payRun.submit' });
        return;
      case 'maker.approvesOwn':
        expect((await post(world.maker, 'approve')).status, 'the submitter cannot approve').toBe(403);
        return;
      case 'checker.approves':
        expect((await post(world.checker, 'approve')).status).toBe(200);
        world.lifecycle.send({ type: 'payRun.approve' });
        return;
      case 'checker.rejects':
        expect((await post(world.checker, 'reject', { reason: 'Check the overtime' })).status).toBe(200);
        world.lifecycle.send({ type: 'payRun.reject' });
        return;
      case 'admin.reopens':
        expect((await post(world.checker, 'reopen', { reason: 'A late claim' })).status).toBe(200);
        world.lifecycle.send({ type: 'payRun.reopen' });
        return;
      case 'maker.changesPayslips': {
        const [payslip] = (await world.maker.get(`/users/${world.userId}/payslips/processed/aggregates`))
          .body as PayslipAggregate[];
        const reverted = await world.maker.patch(`/payslips/${payslip?.payslipId}/status`, {
          status: 'UNPROCESSED',
        });
        const run = (await world.checker.get(runUrl(world))).body as { status: string };
        if (reverted.status === 409) {
          // An approved month: refused until reopened.
          expect(run.status).not.toBe('OPEN');
          return;
        }
        expect(reverted.status).toBe(200);
        world.lifecycle.send({ type: 'payRun.change' });
        expect((await process(world)).status).toBe(200);
        world.lifecycle.send({ type: 'payRun.change' });
        return;
      }
    }
  },
});
