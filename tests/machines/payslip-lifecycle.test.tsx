// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { createActor } from 'xstate';
import { formatTransition } from '../../machines/transitions';
import {
  type PayslipLifecycleEvent,
  payslipLifecycle,
  payslipLifecycleSnapshot,
} from '../../src/domain/lifecycles/payslip.lifecycle';
import type { PayslipDetail } from '../../src/domain/payslips';
import { createTestApp, type TestApp } from '../api/harness';
import { adminSession, caller, createEmployee } from '../api/payroll-fixtures';
import { createCoverageRecorder, describeEvent } from './coverage';

/**
 * Model-based test of the payslip lifecycle (docs/decisions/0001) against the real API: paths
 * through the machine the server consults are walked through HTTP on a real database, the machine
 * running beside them; after every step the stored status must be the machine's, every transition
 * must be taken, and events the machine refuses from a status must be refused by the API with 409.
 */

type Event = PayslipLifecycleEvent;

/**
 * Paths through the machine whose event payloads match what the requests really leave behind (the
 * item counts), together taking every transition; the recorder below proves that they do.
 */
const paths: Array<{ name: string; events: Event[] }> = [
  {
    name: 'an item added, then removed',
    events: [{ type: 'payItem.add' }, { type: 'payItem.remove', itemsLeft: 0 }],
  },
  {
    name: 'two items, one removed, snapshot edited, processed, reverted with items',
    events: [
      { type: 'payItem.add' },
      { type: 'payItem.add' },
      { type: 'payItem.remove', itemsLeft: 1 },
      { type: 'snapshot.edit' },
      { type: 'payslip.process' },
      { type: 'payslip.revert', itemCount: 1 },
    ],
  },
  {
    name: 'snapshot edited, processed without items, reverted',
    events: [
      { type: 'snapshot.edit' },
      { type: 'payslip.process' },
      { type: 'payslip.revert', itemCount: 0 },
    ],
  },
];

const statusOf = { unprocessed: 'UNPROCESSED', itemsAdded: 'ITEMS_ADDED', processed: 'PROCESSED' } as const;

let t: TestApp;
let api: ReturnType<typeof caller>;
let month = 0;

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** One payslip of its own per path: a fresh employee in 2025, month by month. */
async function freshPayslip() {
  month += 1;
  const user = await createEmployee(t);
  const period = { year: 2025, month: ((month - 1) % 12) + 1 };
  const detail = (await api.get(`/users/${user.id}/payslips?year=${period.year}&month=${period.month}`))
    .body as PayslipDetail;
  return { user, period, id: detail.id };
}

type Payslip = Awaited<ReturnType<typeof freshPayslip>>;

const itemIds = new Map<number, number[]>();

/** Sends the event's real request; a remove names how many items it leaves, so the test keeps that many. */
async function perform(payslip: Payslip, event: Event) {
  const base = { userId: payslip.user.id, ...payslip.period, payslipId: payslip.id };
  const items = itemIds.get(payslip.id) ?? [];
  switch (event.type) {
    case 'payItem.add': {
      const response = await api.post('/adhoc-items', { ...base, type: 'OVERTIME', amount: 10 });
      if (response.status === 201) items.push((response.body as { id: number }).id);
      itemIds.set(payslip.id, items);
      return response.status;
    }
    case 'payItem.remove': {
      expect(items.length - 1, 'the path removes down to the items it names').toBe(event.itemsLeft);
      const id = items.at(-1) ?? 2_000_000;
      const response = await api.delete(`/adhoc-items/${id}`);
      if (response.status === 204) items.pop();
      return response.status;
    }
    case 'snapshot.edit':
      return (
        await api.put(`/payslips/${payslip.user.id}/${payslip.period.year}/${payslip.period.month}`, {
          basicSalarySnapshot: 5000,
          employeeCpfRateSnapshot: 20,
          employerCpfRateSnapshot: 17,
          selfHelpGroupSnapshot: 'NONE',
        })
      ).status;
    case 'payslip.process':
      return (
        await api.post('/payslips/bulk-process', {
          payDate: '2025-12-31',
          payslips: [{ userId: payslip.user.id, ...payslip.period }],
        })
      ).status;
    case 'payslip.revert':
      return (await api.patch(`/payslips/${payslip.id}/status`, { status: 'UNPROCESSED' })).status;
  }
}

const storedStatus = async (payslip: Payslip) =>
  (
    (
      await api.get(
        `/users/${payslip.user.id}/payslips?year=${payslip.period.year}&month=${payslip.period.month}`,
      )
    ).body as PayslipDetail
  ).processingStatus;

const recorder = createCoverageRecorder(payslipLifecycle);

describe('payslip lifecycle, walked through the API', () => {
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const payslip = await freshPayslip();
    const actor = createActor(payslipLifecycle, {
      inspect: (event: InspectionEvent) => recorder.inspect(event),
    }).start();
    expect(await storedStatus(payslip)).toBe('UNPROCESSED');
    for (const event of path.events) {
      // The revert's item count is what the payslip holds; the path's event must agree.
      if (event.type === 'payslip.revert') {
        expect(event.itemCount).toBe((itemIds.get(payslip.id) ?? []).length);
      }
      const before = actor.getSnapshot();
      expect(before.can(event), `${describeEvent(event)} from ${String(before.value)}`).toBe(true);
      const status = await perform(payslip, event);
      expect(status, describeEvent(event)).toBeLessThan(300);
      actor.send(event);
      expect(await storedStatus(payslip)).toBe(statusOf[actor.getSnapshot().value as keyof typeof statusOf]);
    }
    actor.stop();
  });

  it('refuses with 409 every event the machine does not allow from a processed payslip', async () => {
    const payslip = await freshPayslip();
    await perform(payslip, { type: 'payItem.add' });
    await perform(payslip, { type: 'payslip.process' });
    const processed = payslipLifecycleSnapshot('PROCESSED');
    for (const event of [{ type: 'payItem.add' }, { type: 'snapshot.edit' }] as const) {
      expect(processed.can(event)).toBe(false);
      expect(await perform(payslip, event)).toBe(409);
    }
    expect(processed.can({ type: 'payItem.remove', itemsLeft: 0 })).toBe(false);
    const [id] = itemIds.get(payslip.id) ?? [];
    expect((await api.delete(`/adhoc-items/${id}`)).status).toBe(409);
    // And an unprocessed payslip cannot be reverted.
    const unprocessed = await freshPayslip();
    expect(payslipLifecycleSnapshot('UNPROCESSED').can({ type: 'payslip.revert', itemCount: 0 })).toBe(false);
    expect(await perform(unprocessed, { type: 'payslip.revert', itemCount: 0 })).toBe(409);
  });

  afterAll(() => console.info(recorder.report()));

  it('walked every transition of the payslip lifecycle', () => {
    expect(recorder.missing().map(formatTransition), recorder.report()).toEqual([]);
  });
});
