import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, raise, setup } from 'xstate';
import type { PayItem } from '../../src/domain/payslips';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * Pay Items (/admin/users/:userId/pay-items/:year/:month) as the spec tells it: section 2 (Admin pay items:
 * the navigation state's status and user; no payslip found leaves the panel empty; the summary, Payment
 * Information Used, the Leave Balance table; four tabs, the first labelled Ahoc, then Bonus, Deductions,
 * Others), section 3 (the pay item kinds and their types), section 4 (payslip processing status: displayed
 * as Unprocessed, Items Added, Processed; a processed payslip is only reverted, not changed), section 7 (the
 * item calls and GET /users/{userId}/payslips?month&year), section 8 (the 'item added' toasts, 'Salary
 * information updated successfully', 'Processing...' while a request is in flight).
 */

export type Kind = 'ADHOC' | 'BONUS' | 'DEDUCTION' | 'OTHER_ADDITION' | 'OTHER_DEDUCTION';
export const KINDS: Kind[] = ['ADHOC', 'BONUS', 'DEDUCTION', 'OTHER_ADDITION', 'OTHER_DEDUCTION'];
type Status = 'UNPROCESSED' | 'ITEMS_ADDED' | 'PROCESSED';

/** Spec sections 2 and 8: each kind's tab, panel and toast; the item a walk adds of it. */
export const KIND: Record<
  Kind,
  {
    tab: string;
    form: string;
    type: string;
    /** For a type paid either way: the Treatment chosen, sent with the item. */
    treatment?: 'WAGE' | 'REIMBURSEMENT';
    path: string;
    added: string;
    item: PayItem;
  }
> = {
  ADHOC: {
    tab: 'Ahoc',
    form: 'Add Adhoc item',
    type: 'OVERTIME',
    path: 'adhoc-items',
    added: 'Adhoc item added',
    item: { id: 901, type: 'OVERTIME', amount: 1500, treatment: null },
  },
  BONUS: {
    tab: 'Bonus',
    form: 'Add Bonus item',
    type: 'BONUS',
    path: 'bonus-items',
    added: 'Bonus item added',
    item: { id: 900, type: 'BONUS', amount: 1500, treatment: null },
  },
  DEDUCTION: {
    tab: 'Deductions',
    form: 'Add Deductions item',
    type: 'LATENESS',
    path: 'deduction-items',
    added: 'Deduction item added',
    item: { id: 902, type: 'LATENESS', amount: 1500, treatment: null },
  },
  OTHER_ADDITION: {
    tab: 'Others',
    form: 'Add Other Additions item',
    type: 'TRAVEL_ALLOWANCE',
    // Paid either way: the admin says which (issue 32), here a fixed allowance, a wage.
    treatment: 'WAGE',
    path: 'other-addition-items',
    added: 'Other addition item added',
    item: { id: 903, type: 'TRAVEL_ALLOWANCE', amount: 1500, treatment: 'WAGE' },
  },
  OTHER_DEDUCTION: {
    tab: 'Others',
    form: 'Add Other Deductions item',
    type: 'ADVANCE',
    path: 'other-deduction-items',
    added: 'Other deduction item added',
    item: { id: 904, type: 'ADVANCE', amount: 1500, treatment: null },
  },
};

const STATUS_LABEL: Record<Status, string> = {
  UNPROCESSED: 'Unprocessed',
  ITEMS_ADDED: 'Items Added',
  PROCESSED: 'Processed',
};

export interface PayItemsModel {
  employee: string;
  /** 'July 2026' */
  periodLabel: string;
  /** The status shown: the navigation state's until the payslip arrives. */
  status: Status;
  items: Record<Kind, PayItem[]>;
  basicSalary: number;
  /** The Gross Pay the summary shows, and the one the server now holds (fetched after each change). */
  grossShown: number;
  grossHeld: number;
  /** The toast showing: the last one raised (one at a time; the walks stay within its 5 seconds). */
  toast: { title: string; description?: string } | null;
}

export type PayItemsEvent =
  | { type: 'server.sendsPayslip'; status: Status; items: Partial<Record<Kind, PayItem[]>> }
  | { type: 'server.findsNoPayslip' }
  | { type: 'user.addsItem'; kind: Kind }
  | { type: 'user.deletesBonus' }
  | { type: 'server.deletes' }
  | { type: 'server.refusesDelete' }
  | { type: 'user.savesSalary'; salary: number }
  | { type: 'server.sendsFigures' }
  | { type: 'server.failsFigures' }
  /** Raised by the model after every change: the summary's figures are to be fetched again. */
  | { type: 'model.changed' };

export const SERVER_DOWN_MESSAGE = 'The database is unavailable.';
export const PAYSLIP_GET = (userId: number) => `/api/users/${userId}/payslips`;
const BASE_GROSS = 4600;

export interface PayItemsInput {
  userId: number;
  employee: string;
  periodLabel: string;
  month: number;
  year: number;
}

const noItems = (): Record<Kind, PayItem[]> => ({
  ADHOC: [],
  BONUS: [],
  DEDUCTION: [],
  OTHER_ADDITION: [],
  OTHER_DEDUCTION: [],
});
const count = (items: Record<Kind, PayItem[]>) => KINDS.reduce((n, kind) => n + items[kind].length, 0);
/** The walk's server: each item adds its amount to the gross (its arithmetic is not what is tested here). */
const grossOf = (items: Record<Kind, PayItem[]>) => BASE_GROSS + count(items) * 1500;

export const dollars = (amount: number) =>
  amount.toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

// ------------------------------------------------------------------ reading the screen

export const bonusTable = () => document.querySelector('table[aria-label="Bonus items"]') as HTMLElement;
const itemRows = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].filter((row) => row.querySelectorAll('td').length > 1);
/** A read-only row's value by its label (the summary and the snapshot panel). */
function rowValue(card: HTMLElement, label: string) {
  const term = [...card.querySelectorAll('dt')].find((el) => el.textContent === label);
  return term?.nextElementSibling?.textContent;
}
const cardUnder = (heading: string) =>
  (screen.queryByRole('heading', { name: heading })?.closest('.chakra-card__body') as
    | HTMLElement
    | undefined) ?? null;

function expectToastNow(toast: PayItemsModel['toast']) {
  const shown = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent,
    description: root.querySelector('[data-part="description"]')?.textContent,
  }));
  // Exactly the last toast raised, or none.
  expect(
    shown.map((t) => t.title),
    'the toasts showing',
  ).toEqual(toast ? [toast.title] : []);
  if (toast?.description) expect(shown[0]?.description, `toast '${toast.title}'`).toBe(toast.description);
}

/** What holds wherever the payslip shows: the summary, the snapshot, the leave balances, the tabs, the Bonus items. */
function expectPayslip(c: PayItemsModel) {
  const summary = cardUnder('Payslip Summary');
  expect(summary, 'the Payslip Summary').not.toBeNull();
  expect(rowValue(summary as HTMLElement, 'Gross Pay'), 'Gross Pay').toBe(dollars(c.grossShown));
  const snapshot = cardUnder('Payment Information Used') as HTMLElement;
  expect(rowValue(snapshot, 'Basic Salary'), 'the salary snapshot').toBe(dollars(c.basicSalary));
  // The employee's Leave Balance table, a row per leave type.
  const balance = document.querySelector('table[aria-label="Leave Balance"]') as HTMLElement;
  expect(within(balance).getByRole('cell', { name: 'Annual Leave' })).toBeInTheDocument();
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
    'Ahoc',
    'Bonus',
    'Deductions',
    'Others',
  ]);
  expect(
    itemRows(bonusTable()).map((row) => row.querySelectorAll('td')[1]?.textContent),
    'the Bonus items',
  ).toEqual(c.items.BONUS.map((i) => dollars(i.amount)));
  // A table without rows says so (spec section 2's empty state).
  expect(within(bonusTable()).queryByRole('cell', { name: 'No results.' }) !== null, "'No results.'").toBe(
    c.items.BONUS.length === 0,
  );
}

// ------------------------------------------------------------------ the model

const pendingFigures = (app: RunningApp, userId: number) => app.server.pending('GET', PAYSLIP_GET(userId));

export const payItemsModel = setup({
  types: {
    context: {} as PayItemsModel & { userId: number },
    events: {} as PayItemsEvent,
    input: {} as PayItemsInput,
  },
  guards: {
    isProcessed: ({ event }) => event.type === 'server.sendsPayslip' && event.status === 'PROCESSED',
  },
}).createMachine({
  id: 'payItemsModel',
  context: ({ input }) => ({
    userId: input.userId,
    employee: input.employee,
    periodLabel: input.periodLabel,
    // Process Pay's link carries the row's status; it shows at once.
    status: 'UNPROCESSED',
    items: noItems(),
    basicSalary: 4600,
    grossShown: BASE_GROSS,
    grossHeld: BASE_GROSS,
    toast: null,
  }),
  meta: shows((_app, m) => {
    const c = m.context as PayItemsModel;
    expect(document.querySelector('h1')?.textContent).toBe('Pay Items');
    // The navigation state's user and status show at once, before the payslip arrives.
    const main = screen.getByRole('main');
    expect(within(main).getByText(c.employee)).toBeInTheDocument();
    expect(within(main).getAllByText(c.periodLabel).length).toBeGreaterThan(0);
    expect(within(main).getAllByText(STATUS_LABEL[c.status])[0], 'the status').toBeInTheDocument();
    for (const other of Object.keys(STATUS_LABEL) as Status[])
      if (other !== c.status)
        expect(within(main).queryByText(STATUS_LABEL[other]), `not ${other}`).toBeNull();
    expect(within(main).getByRole('link', { name: 'Process Pay' })).toHaveAttribute(
      'href',
      '/admin/process-pay',
    );
    expectToastNow(c.toast);
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: shows((app, m) => {
        const c = m.context as PayItemsModel & { userId: number };
        expect(screen.getByLabelText('Loading')).toBeInTheDocument();
        const query = pendingFigures(app, c.userId)[0]?.query;
        expect(query?.get('month')).toBe('7');
        expect(query?.get('year')).toBe('2026');
      }),
      on: {
        'server.sendsPayslip': [
          {
            guard: 'isProcessed',
            target: 'processed',
            actions: assign(({ event }) => {
              const items = { ...noItems(), ...event.items };
              return { status: event.status, items, grossShown: grossOf(items), grossHeld: grossOf(items) };
            }),
          },
          {
            target: 'open',
            actions: assign(({ event }) => {
              const items = { ...noItems(), ...event.items };
              return { status: event.status, items, grossShown: grossOf(items), grossHeld: grossOf(items) };
            }),
          },
        ],
        'server.findsNoPayslip': { target: 'empty' },
      },
    },
    empty: {
      // No payslip found: the panel stays empty.
      meta: shows(() => {
        expect(cardUnder('Payslip Summary')).toBeNull();
        expect(screen.queryByRole('tab')).toBeNull();
        expect(screen.queryByLabelText('Loading')).toBeNull();
      }),
    },
    processed: {
      // A processed payslip is read-only: no Add form, no Delete, no pencil.
      meta: shows((_app, m) => {
        const c = m.context as PayItemsModel;
        expectPayslip(c);
        expect(screen.queryByRole('form', { name: 'Add Bonus item' })).toBeNull();
        expect(within(bonusTable()).queryByRole('button')).toBeNull();
        expect(screen.queryByRole('button', { name: 'Edit Payment Information Used' })).toBeNull();
      }),
    },
    open: {
      // Unprocessed or Items Added: every kind adds, each item offers Delete, the salary snapshot is edited.
      meta: shows((_app, m) => {
        const c = m.context as PayItemsModel;
        expectPayslip(c);
        const form = screen.getByRole('form', { name: 'Add Bonus item' });
        expect(within(form).getByRole('button', { name: 'Add' })).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Edit Payment Information Used' })).toBeEnabled();
      }),
      type: 'parallel',
      states: {
        removal: {
          initial: 'offered',
          states: {
            offered: {
              meta: shows((_app, m) => {
                const c = m.context as PayItemsModel;
                const deletes = within(bonusTable()).queryAllByRole('button');
                expect(deletes.map((b) => b.getAttribute('aria-label'))).toEqual(
                  c.items.BONUS.map((i) => `Delete Bonus ${dollars(i.amount)}`),
                );
                for (const button of deletes) expect(button).toBeEnabled();
              }),
              on: { 'user.deletesBonus': { target: 'removing' } },
            },
            removing: {
              // One delete at a time: Delete waits everywhere while it is in flight.
              meta: shows((app) => {
                for (const button of within(bonusTable()).queryAllByRole('button'))
                  expect(button).toBeDisabled();
                expect(app.server.pending('DELETE', `/api/bonus-items/${KIND.BONUS.item.id}`)).toHaveLength(
                  1,
                );
                expect(within(bonusTable()).getByText('Processing...')).toBeInTheDocument();
              }),
              on: {
                'server.deletes': {
                  target: 'offered',
                  actions: [
                    assign(({ context }) => {
                      const items = { ...context.items, BONUS: [] };
                      return {
                        items,
                        // Without any item left the payslip is Unprocessed again.
                        status: count(items) > 0 ? ('ITEMS_ADDED' as const) : ('UNPROCESSED' as const),
                        grossHeld: grossOf(items),
                        toast: { title: 'Bonus item deleted' },
                      };
                    }),
                    raise({ type: 'model.changed' }),
                  ],
                },
                'server.refusesDelete': {
                  target: 'offered',
                  actions: assign({
                    toast: { title: 'Failed to delete bonus item', description: SERVER_DOWN_MESSAGE },
                  }),
                },
              },
            },
          },
        },
        figures: {
          initial: 'current',
          states: {
            current: {
              meta: shows((app, m) => {
                const c = m.context as PayItemsModel & { userId: number };
                expect(pendingFigures(app, c.userId), 'no figures asked for').toEqual([]);
              }),
              on: { 'model.changed': { target: 'asking' } },
            },
            // After every change the summary's figures are fetched again.
            asking: {
              meta: shows((app, m) => {
                const c = m.context as PayItemsModel & { userId: number };
                expect(pendingFigures(app, c.userId).length, 'the figures asked for').toBeGreaterThan(0);
              }),
              on: {
                // Another change meanwhile: asked for again, after it.
                'model.changed': { target: 'asking', reenter: true },
                'server.sendsFigures': {
                  target: 'current',
                  actions: assign({ grossShown: ({ context }) => context.grossHeld }),
                },
                // The change stands; the summary keeps the figures it had.
                'server.failsFigures': { target: 'current' },
              },
            },
          },
        },
      },
      on: {
        'user.addsItem': {
          actions: [
            assign(({ context, event }) => {
              const items = {
                ...context.items,
                [event.kind]: [...context.items[event.kind], KIND[event.kind].item],
              };
              return {
                items,
                // The first item makes an Unprocessed payslip Items Added.
                status: 'ITEMS_ADDED' as const,
                grossHeld: grossOf(items),
                toast: { title: KIND[event.kind].added },
              };
            }),
            raise({ type: 'model.changed' }),
          ],
        },
        'user.savesSalary': {
          actions: [
            assign(({ event }) => ({
              basicSalary: event.salary,
              toast: { title: 'Salary information updated successfully' },
            })),
            raise({ type: 'model.changed' }),
          ],
        },
      },
    },
  },
});
