import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { payItemsMachine } from '../../machines/pay-items.machine';
import type { PayslipDetail } from '../../src/domain/payslips';
import {
  bonusTable,
  KIND,
  type Kind,
  PAYSLIP_GET,
  type PayItemsEvent,
  type PayItemsModel,
  payItemsModel,
} from '../models/pay-items.model';
import { type RunningApp, settle } from './harness';
import {
  answerLoad,
  bonus,
  employee,
  openPayItems,
  period,
  processedPayslip,
  serverDown,
  unprocessedPayslip,
  withBonus,
} from './pay-items-fixtures';
import { describeSpecWalk } from './spec-walk';

/**
 * Pay Items walked from its spec model (tests/models/pay-items.model.ts), reached from Process Pay with its
 * navigation state: the payslip in each status (Unprocessed and Items Added open, Processed read-only, none
 * found empty), items of every kind added, the Bonus item deleted, the salary snapshot saved, and the
 * summary's figures fetched again after each change. The Bonus panel stands for every kind's list (they
 * share the code; the kind picks the endpoint and the words). The app's pay-items machine is only watched.
 */

const payslipPath = PAYSLIP_GET(employee.id);
const SAVED_SALARY = 4800;

const events: PayItemsEvent[] = [
  { type: 'server.sendsPayslip', status: 'UNPROCESSED', items: {} },
  { type: 'server.sendsPayslip', status: 'ITEMS_ADDED', items: { BONUS: [bonus] } },
  { type: 'server.sendsPayslip', status: 'PROCESSED', items: { BONUS: [bonus] } },
  { type: 'server.findsNoPayslip' },
  ...(Object.keys(KIND) as Kind[]).map((kind) => ({ type: 'user.addsItem' as const, kind })),
  { type: 'user.deletesBonus' },
  { type: 'server.deletes' },
  { type: 'server.refusesDelete' },
  { type: 'user.savesSalary', salary: SAVED_SALARY },
  { type: 'server.sendsFigures' },
  { type: 'server.failsFigures' },
];

type ModelSnapshot = { value: unknown; context: PayItemsModel; matches: (v: unknown) => boolean };

/** One item of each kind; Delete only on a listed Bonus item; the salary saved once. */
function canProduce(m: ModelSnapshot, event: PayItemsEvent) {
  const c = m.context;
  switch (event.type) {
    case 'user.addsItem':
      return c.items[event.kind].length === 0;
    case 'user.deletesBonus':
      return c.items.BONUS.length > 0;
    case 'user.savesSalary':
      return c.basicSalary !== event.salary;
    default:
      return true;
  }
}

const serialize = (m: ModelSnapshot) => {
  const c = m.context;
  return JSON.stringify([
    m.value,
    (Object.keys(KIND) as Kind[]).map((kind) => c.items[kind].length),
    c.status,
    c.basicSalary,
  ]);
};

async function showTab(app: RunningApp, name: string) {
  await app.user.click(screen.getByRole('tab', { name }));
  await settle();
}

/** Fills a kind's Add form on its tab and sends it, as the admin does; the request stays pending. */
async function sendItem(app: RunningApp, kind: Kind) {
  const { tab, form: name, type, treatment } = KIND[kind];
  await showTab(app, tab);
  const form = screen.getByRole('form', { name });
  fireEvent.change(form.querySelector('select[name="type"]') as HTMLSelectElement, {
    target: { value: type },
  });
  // Treatment is asked only of a type paid either way (issue 32).
  const treatmentSelect = form.querySelector<HTMLSelectElement>('select[name="treatment"]');
  expect(treatmentSelect !== null, `Treatment offered for ${type}`).toBe(treatment !== undefined);
  if (treatmentSelect && treatment) fireEvent.change(treatmentSelect, { target: { value: treatment } });
  fireEvent.change(form.querySelector('input[name="amount"]') as HTMLInputElement, {
    target: { value: '1500' },
  });
  await app.user.click(within(form).getByRole('button', { name: 'Add' }));
  await settle();
}

/** The figures the server holds now: the payslip in its status with the gross of its items. */
function figures(c: PayItemsModel): PayslipDetail {
  return {
    ...withBonus,
    processingStatus: c.status,
    basicSalarySnapshot: c.basicSalary,
    totals: { ...(withBonus.totals as NonNullable<PayslipDetail['totals']>), grossPay: c.grossHeld },
  };
}

async function perform(app: RunningApp, event: PayItemsEvent, m: ModelSnapshot) {
  const c = m.context;
  switch (event.type) {
    case 'server.sendsPayslip': {
      const payslip =
        event.status === 'UNPROCESSED'
          ? unprocessedPayslip
          : event.status === 'ITEMS_ADDED'
            ? withBonus
            : processedPayslip;
      const gross = 4600 + (event.items.BONUS?.length ?? 0) * 1500;
      await answerLoad(
        app.server,
        {
          ...payslip,
          totals: { ...(payslip.totals as NonNullable<PayslipDetail['totals']>), grossPay: gross },
        },
        event.items.BONUS ? { 'bonus-items': event.items.BONUS } : {},
      );
      await showTab(app, 'Bonus');
      break;
    }
    case 'server.findsNoPayslip':
      await answerLoad(app.server, null);
      break;
    case 'user.addsItem': {
      await sendItem(app, event.kind);
      const sent = app.server.pending('POST', `/api/${KIND[event.kind].path}`);
      // Spec section 3: a create request carries amount, type, userId, month, year, payslipId; and the
      // treatment of a type paid either way (issue 32).
      const { treatment } = KIND[event.kind];
      expect(sent[0]?.body).toEqual({
        amount: 1500,
        type: KIND[event.kind].type,
        ...(treatment ? { treatment } : {}),
        userId: employee.id,
        month: period.month,
        year: period.year,
        payslipId: unprocessedPayslip.id,
      });
      app.server.answer('POST', `/api/${KIND[event.kind].path}`, 201, KIND[event.kind].item);
      await settle();
      await showTab(app, 'Bonus');
      break;
    }
    case 'user.deletesBonus':
      await app.user.click(within(bonusTable()).getByRole('button', { name: 'Delete Bonus 1,500.00' }));
      break;
    case 'server.deletes':
      app.server.answer('DELETE', `/api/bonus-items/${bonus.id}`, 204);
      break;
    case 'server.refusesDelete':
      app.server.answer('DELETE', `/api/bonus-items/${bonus.id}`, 500, serverDown);
      break;
    case 'user.savesSalary': {
      await app.user.click(screen.getByRole('button', { name: 'Edit Payment Information Used' }));
      const salary = document.querySelector<HTMLInputElement>('input[name="basicSalarySnapshot"]');
      fireEvent.change(salary as HTMLInputElement, { target: { value: `${event.salary}.00` } });
      await app.user.click(
        within(screen.getByRole('form', { name: 'Payment Information Used' })).getByRole('button', {
          name: 'Save',
        }),
      );
      await settle();
      app.server.answer('PUT', `/api/payslips/${employee.id}/${period.year}/${period.month}`, 200, {
        ...unprocessedPayslip,
        basicSalarySnapshot: event.salary,
      });
      break;
    }
    case 'server.sendsFigures':
    case 'server.failsFigures': {
      const ok = event.type === 'server.sendsFigures';
      // A fetch that was started over is answered too: only the last one's answer may count.
      while (app.server.pending('GET', payslipPath).length > 0) {
        app.server.answer('GET', payslipPath, ok ? 200 : 500, ok ? figures(c) : serverDown);
        await settle();
      }
      break;
    }
  }
  await settle();
}

const label = (event: PayItemsEvent) => {
  if (event.type === 'server.sendsPayslip') return `server.sendsPayslip (${event.status})`;
  if (event.type === 'user.addsItem') return `user.addsItem (${event.kind})`;
  return event.type;
};

const itemsAdded: PayItemsEvent = {
  type: 'server.sendsPayslip',
  status: 'ITEMS_ADDED',
  items: { BONUS: [bonus] },
};

describeSpecWalk({
  title: 'Pay Items, walked from its spec model',
  model: payItemsModel,
  starts: [
    {
      name: 'admin opens Pay Items from Process Pay',
      input: {
        userId: employee.id,
        employee: employee.fullName,
        periodLabel: 'July 2026',
        month: period.month,
        year: period.year,
      },
    },
  ],
  events,
  canProduce: canProduce as never,
  serialize: serialize as never,
  app: { machine: payItemsMachine },
  open: (_path, inspect) => openPayItems(inspect),
  perform: (app, event, model) => perform(app, event, model as unknown as ModelSnapshot),
  label,
  scenarios: [
    {
      name: 'every kind adds its item (Ahoc, Bonus, Deductions, Other Additions, Other Deductions), the figures asked for after each',
      events: [
        { type: 'server.sendsPayslip', status: 'UNPROCESSED', items: {} },
        ...(Object.keys(KIND) as Kind[]).map((kind) => ({ type: 'user.addsItem' as const, kind })),
        { type: 'server.failsFigures' },
      ],
    },
    {
      name: 'a Processed payslip: nothing to add, no Delete, no pencil',
      events: [{ type: 'server.sendsPayslip', status: 'PROCESSED', items: { BONUS: [bonus] } }],
    },
    {
      name: 'an Items Added payslip: its item offers Delete; deleting the last item makes it Unprocessed',
      events: [
        itemsAdded,
        { type: 'user.deletesBonus' },
        { type: 'server.deletes' },
        { type: 'server.sendsFigures' },
      ],
    },
    {
      name: 'an Items Added payslip: a refused delete leaves the item and the status',
      events: [itemsAdded, { type: 'user.deletesBonus' }, { type: 'server.refusesDelete' }],
    },
    {
      name: 'an Unprocessed payslip: the first item makes it Items Added, and the figures follow',
      events: [
        { type: 'server.sendsPayslip', status: 'UNPROCESSED', items: {} },
        { type: 'user.addsItem', kind: 'BONUS' },
        { type: 'server.sendsFigures' },
      ],
    },
  ],
  more: () => {
    it('two adds in flight at once: both listed, and the figures shown are the ones read after both', async () => {
      const app = await openPayItems(() => {});
      await answerLoad(app.server, unprocessedPayslip);
      await sendItem(app, 'BONUS');
      await sendItem(app, 'ADHOC');
      // Both requests are out together; the Adhoc one is answered first.
      expect(app.server.pending('POST', '/api/bonus-items')).toHaveLength(1);
      expect(app.server.pending('POST', '/api/adhoc-items')).toHaveLength(1);
      app.server.answer('POST', '/api/adhoc-items', 201, KIND.ADHOC.item);
      await settle();
      app.server.answer('POST', '/api/bonus-items', 201, bonus);
      await settle();
      // A fetch of the figures started after each answer; the one after the first answer is stale.
      const fetches = app.server.pending('GET', payslipPath);
      expect(fetches).toHaveLength(2);
      const bothItems: PayslipDetail = {
        ...withBonus,
        totals: { ...(withBonus.totals as NonNullable<PayslipDetail['totals']>), grossPay: 7600 },
      };
      // The later fetch answers first; the earlier one's late answer must not replace it.
      app.server.answerLatest('GET', payslipPath, 200, bothItems);
      await settle();
      app.server.answer('GET', payslipPath, 200, withBonus);
      await settle();
      expect(screen.getAllByText('7,600.00').length).toBeGreaterThan(0);
      expect(screen.queryAllByText('6,100.00')).toEqual([]);
      expect(within(screen.getByRole('main')).getAllByText('Items Added')[0]).toBeInTheDocument();
    });
  },
});
