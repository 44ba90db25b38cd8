// @vitest-environment node
import { afterAll, beforeAll, expect } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { type PayslipLifecycleEvent, payslipLifecycle } from '../../src/domain/lifecycles/payslip.lifecycle';
import type { PayslipDetail } from '../../src/domain/payslips';
import { createTestApp, type TestApp } from '../api/harness';
import { adminSession, caller, createEmployee } from '../api/payroll-fixtures';
import { type PayslipEvent, type PayslipWorld, payslipModel, payslipRequests } from '../models/payslip.model';
import { describeSpecApiWalk } from './spec-api-walk';

/**
 * The payslip lifecycle walked from its spec model (tests/models/payslip.model.ts) through the real API on
 * a real database: each path a payslip of its own, the administrator's requests sent as the model's events
 * say, and after every step the model state's assertions (stored status, lists, items, the requests refused
 * with 409). The app's lifecycle runs beside the walk, moved only by the requests the server accepted, with
 * what the server then holds (items left, items at the revert); its coverage says the app has no transition
 * the model lacks.
 */

type World = PayslipWorld & { lifecycle: AnyActorRef };

let t: TestApp;
let api: ReturnType<typeof caller>;
let month = 0;

const events: PayslipEvent[] = [
  { type: 'admin.addsItem', kind: 'adhoc' },
  { type: 'admin.addsItem', kind: 'otherAddition' },
  { type: 'admin.removesItem' },
  { type: 'admin.editsSnapshot' },
  { type: 'admin.processes' },
  { type: 'admin.reverts' },
];

/** The app's lifecycle, told what the server accepted. */
const follow = (world: World, event: PayslipLifecycleEvent) => world.lifecycle.send(event);

describeSpecApiWalk<typeof payslipModel, PayslipEvent, World>({
  title: 'payslip lifecycle, walked from its spec model through the API',
  model: payslipModel,
  starts: [{ name: 'a new payslip', input: undefined }],
  events,
  // Two items are enough to tell "the last item" from "one of several".
  canProduce: (model, event) => event.type !== 'admin.addsItem' || model.context.items.length < 2,
  serialize: (model) => JSON.stringify([model.value, model.context.items.length]),
  app: { machine: payslipLifecycle },
  label: (event) => (event.type === 'admin.addsItem' ? `admin.addsItem (${event.kind})` : event.type),
  setup() {
    beforeAll(async () => {
      t = await createTestApp();
      api = caller(t, (await adminSession(t)).headers);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });
  },
  async open(_path, inspect) {
    // A fresh employee for each path, month by month through 2025.
    month += 1;
    const user = await createEmployee(t);
    const period = { year: 2025, month: ((month - 1) % 12) + 1 };
    const detail = (await api.get(`/users/${user.id}/payslips?year=${period.year}&month=${period.month}`))
      .body as PayslipDetail;
    return {
      api,
      payslip: { id: detail.id, userId: user.id, ...period },
      items: [],
      lifecycle: createActor(payslipLifecycle, { inspect }).start(),
    };
  },
  close: (world) => world.lifecycle.stop(),
  async perform(world, event) {
    switch (event.type) {
      case 'admin.addsItem': {
        const answer = await payslipRequests.addItem(world, event.kind);
        expect(answer.status, 'the item is added').toBe(201);
        world.items.push({ kind: event.kind, id: (answer.body as { id: number }).id });
        follow(world, { type: 'payItem.add' });
        return;
      }
      case 'admin.removesItem': {
        const item = world.items.at(-1);
        if (!item) throw new Error('no item to remove');
        expect((await payslipRequests.removeItem(world, item)).status, 'the item is removed').toBe(204);
        world.items.pop();
        follow(world, { type: 'payItem.remove', itemsLeft: world.items.length });
        return;
      }
      case 'admin.editsSnapshot':
        expect((await payslipRequests.editSnapshot(world)).status, 'the snapshot is saved').toBeLessThan(300);
        follow(world, { type: 'snapshot.edit' });
        return;
      case 'admin.processes':
        expect((await payslipRequests.process(world)).status, 'the payslip is processed').toBe(200);
        follow(world, { type: 'payslip.process' });
        return;
      case 'admin.reverts':
        expect((await payslipRequests.revert(world)).status, 'the payslip is reverted').toBeLessThan(300);
        follow(world, { type: 'payslip.revert', itemCount: world.items.length });
        return;
    }
  },
  scenarios: [
    {
      name: 'an other-addition item alone keeps a reverted payslip at ITEMS_ADDED',
      events: [
        { type: 'admin.addsItem', kind: 'otherAddition' },
        { type: 'admin.processes' },
        { type: 'admin.reverts' },
        { type: 'admin.removesItem' },
      ],
    },
  ],
});
