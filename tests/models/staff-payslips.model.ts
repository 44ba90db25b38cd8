import { screen } from '@testing-library/react';
import { expect, type Mock } from 'vitest';
import { assign, setup } from 'xstate';
import type { PayslipAggregate } from '../../src/domain/payslips';
import type { RecordedRequest } from '../machines/fake-server';
import { shows } from '../machines/spec-walk';
import { MONTHS } from './calendar-words';

/**
 * A staff member's own payslips (/staff/payslips) as spec section 2 (Staff pay records) tells it: a Year filter
 * from the hire year to the current year; the columns Month, Year, Gross Pay, Employee CPF, Net Pay, Other
 * Items, Net Payable and a View button opening the payslip's PDF in a new tab; issue 15's IR8A, the year's
 * Form IR8A, offered for a year with payslips. Section 7 (GET /users/{id}/payslips/processed/aggregates,
 * GET /payslips/{id}/pdf), section 8 ('Error retrieving payslip' / 'Please check your internet connection and
 * try again'; 'Processing...' while a request is in flight). Issue 37: each expense claim a payslip pays is
 * "listed on the payslip by type and date" (with its amount), as the list's `claims` give them.
 */

export interface StaffPayslipsModel {
  userId: number;
  years: number[];
  year: number;
  /** The server's processed payslips of each year, latest month first. */
  held: Record<number, PayslipAggregate[]>;
  /** Every request to the payslip endpoints so far. */
  requests: Array<{ path: string; year?: string }>;
  /** The new tab a PDF opens in: none asked for, waiting for the PDF, showing it, or closed again. */
  tab: 'none' | 'waiting' | 'showing' | 'closed';
  toast: { title: string; description?: string } | null;
}

export type StaffPayslipsEvent =
  | { type: 'server.sendsPayslips' }
  | { type: 'server.fails' }
  | { type: 'user.triesAgain' }
  | { type: 'user.choosesYear'; year: number }
  | { type: 'user.viewsPayslip' }
  | { type: 'server.sendsPdf' }
  | { type: 'server.failsPdf' }
  | { type: 'user.opensIr8a' }
  | { type: 'server.sendsIr8a' }
  | { type: 'server.refusesIr8a' };

export const SERVER_DOWN = 'The database is unavailable.';
export const NO_IR8A = (year: number) =>
  `The company's UEN is not set: Form IR8A cannot be made for ${year}.`;
export const listPath = (userId: number) => `/api/users/${userId}/payslips/processed/aggregates`;
export const ir8aPath = (userId: number) => `/api/users/${userId}/ir8a`;
export const pdfPath = (payslipId: number) => `/api/payslips/${payslipId}/pdf`;
export const BLOB = 'blob:payslip-pdf';

const table = () => document.querySelector('table[aria-label="Payslips"]') as HTMLElement;
const rows = (c: StaffPayslipsModel) => c.held[c.year] ?? [];
const money = (n: number) =>
  n.toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** The payslip a walk views: the first row (the latest month). */
export const viewed = (c: StaffPayslipsModel) => rows(c)[0] as PayslipAggregate;
/** A claim's line, worded here: "Expense claim: Transport, 03/03/2026 $120.00". */
const claimLine = (claim: { type: string; date: string; amount: number }) => {
  const [y, m, d] = claim.date.split('-');
  return `Expense claim: ${claim.type}, ${d}/${m}/${y} $${money(claim.amount)}`;
};
const viewLabel = (p: PayslipAggregate) => `View payslip for ${MONTHS[p.payslipMonth - 1]} ${p.payslipYear}`;

function expectToastNow(toast: StaffPayslipsModel['toast']) {
  const shown = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent,
    description: root.querySelector('[data-part="description"]')?.textContent,
  }));
  expect(
    shown.map((t) => t.title),
    'the toasts showing',
  ).toEqual(toast ? [toast.title] : []);
  if (toast?.description) expect(shown[0]?.description, `toast '${toast.title}'`).toBe(toast.description);
}

/** The stand-in tab window.open gave (tests/machines/harness.tsx pdfTab). */
function expectTab(tab: StaffPayslipsModel['tab']) {
  const open = window.open as unknown as Mock;
  if (tab === 'none') {
    expect(open, 'no tab opened').not.toHaveBeenCalled();
    return;
  }
  expect(open).toHaveBeenCalledWith('', '_blank');
  const opened = open.mock.results.at(-1)?.value as { location: { href: string }; close: Mock };
  if (tab === 'showing') expect(opened.location.href).toBe(BLOB);
  if (tab === 'closed') {
    expect(opened.close, 'the tab closed again').toHaveBeenCalled();
    expect(opened.location.href).toBe('');
  } else expect(opened.close).not.toHaveBeenCalled();
}

const relevant = (c: StaffPayslipsModel) => (r: RecordedRequest) =>
  r.path === listPath(c.userId) ||
  r.path === ir8aPath(c.userId) ||
  /^\/api\/payslips\/\d+\/pdf$/.test(r.path);

/** The rows of the year with their View buttons, and IR8A for a year with payslips. */
function expectRows(c: StaffPayslipsModel, doing: 'ready' | 'openingPdf' | 'openingIr8a') {
  const ready = doing === 'ready';
  const held = rows(c);
  const shown = [...table().querySelectorAll('tbody tr')].filter(
    (tr) => tr.querySelectorAll('td').length > 1,
  );
  expect(
    shown.map((tr) => [...tr.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent)),
    'the rows of the year',
  ).toEqual(
    held.map((p) => [
      MONTHS[p.payslipMonth - 1],
      String(p.payslipYear),
      money(p.grossPay),
      money(p.totalEmployeeCpfContribution),
      money(p.netPay),
      money(p.otherItems),
      money(p.netPayable),
    ]),
  );
  expect(
    shown.map((tr) =>
      [...(tr.querySelectorAll('td')[7]?.querySelectorAll('p') ?? [])].map((p) => p.textContent),
    ),
    'the expense claims each payslip pays',
  ).toEqual(held.map((p) => (p.claims ?? []).map(claimLine)));
  shown.forEach((tr, i) => {
    const view = tr.querySelector('button');
    expect(view?.getAttribute('aria-label')).toBe(viewLabel(held[i] as PayslipAggregate));
    // View takes a click only while nothing opens.
    expect(view?.disabled, 'View waits while a PDF opens').toBe(!ready);
  });
  // A year without payslips says so (the tables' empty state, spec section 2).
  expect(
    [...table().querySelectorAll('td')].some((td) => td.textContent === 'No results.'),
    "'No results.'",
  ).toBe(held.length === 0);
  const ir8a = document.querySelector('button[aria-label^="IR8A for "]');
  if (held.length === 0 || doing === 'openingPdf') {
    // None for a year without payslips, nor while a payslip's PDF opens.
    expect(ir8a, 'no IR8A offered').toBeNull();
  } else {
    expect(ir8a?.getAttribute('aria-label')).toBe(`IR8A for ${c.year}`);
    expect(ir8a?.textContent).toBe(doing === 'openingIr8a' ? 'Processing...' : 'IR8A');
    expect((ir8a as HTMLButtonElement).disabled, 'IR8A takes no second click').toBe(!ready);
  }
}

const noIr8aButton = () => expect(document.querySelector('button[aria-label^="IR8A for "]')).toBeNull();

export const staffPayslipsModel = setup({
  types: {
    context: {} as StaffPayslipsModel,
    events: {} as StaffPayslipsEvent,
    input: {} as { userId: number; years: number[]; held: Record<number, PayslipAggregate[]> },
  },
  guards: {
    hasPayslips: ({ context }) => rows(context).length > 0,
    anotherYear: ({ context, event }) => event.type === 'user.choosesYear' && event.year !== context.year,
  },
}).createMachine({
  id: 'staffPayslipsModel',
  context: ({ input }) => ({
    userId: input.userId,
    years: input.years,
    year: input.years[0] as number,
    held: input.held,
    requests: [{ path: listPath(input.userId), year: String(input.years[0]) }],
    tab: 'none',
    toast: null,
  }),
  meta: shows((app, m) => {
    const c = m.context as StaffPayslipsModel;
    expect(document.querySelector('h1')?.textContent).toBe('My Payslips');
    const picker = screen.getByLabelText('Year');
    // From the hire year to the current year.
    expect([...picker.querySelectorAll('option')].map((o) => Number(o.textContent))).toEqual(c.years);
    expect(picker).toHaveValue(String(c.year));
    expect(picker.hasAttribute('disabled'), 'the year waits unless the screen is ready').toBe(
      !m.matches('ready'),
    );
    expect([...table().querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Month',
      'Year',
      'Gross Pay',
      'Employee CPF',
      'Net Pay',
      'Other Items',
      'Net Payable',
      'Expense Claims',
      'Payslip',
    ]);
    expect(
      app.server.requests.filter(relevant(c)).map((r) => ({
        path: r.path,
        ...(r.query.get('year') ? { year: r.query.get('year') as string } : {}),
      })),
      'the requests so far',
    ).toEqual(c.requests);
    expectTab(c.tab);
    expectToastNow(c.toast);
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: shows(() => {
        expect(table()).toHaveAttribute('aria-busy', 'true');
        noIr8aButton();
      }),
      on: {
        'server.sendsPayslips': { target: 'ready' },
        'server.fails': { target: 'failed' },
      },
    },
    failed: {
      meta: shows(() => {
        expect(table().querySelector('[role="alert"]')).toHaveTextContent(SERVER_DOWN);
        expect(screen.getByText('Try again', { selector: 'button' })).toBeEnabled();
        noIr8aButton();
      }),
      on: {
        'user.triesAgain': {
          target: 'loading',
          actions: assign(({ context }) => ({
            requests: [...context.requests, { path: listPath(context.userId), year: String(context.year) }],
          })),
        },
      },
    },
    ready: {
      meta: shows((_app, m) => expectRows(m.context as StaffPayslipsModel, 'ready')),
      on: {
        'user.choosesYear': {
          guard: 'anotherYear',
          target: 'loading',
          actions: assign(({ context, event }) => ({
            year: event.year,
            requests: [...context.requests, { path: listPath(context.userId), year: String(event.year) }],
          })),
        },
        'user.viewsPayslip': {
          guard: 'hasPayslips',
          target: 'openingPdf',
          actions: assign(({ context }) => ({
            tab: 'waiting' as const,
            requests: [...context.requests, { path: pdfPath(viewed(context).payslipId) }],
          })),
        },
        // Offered only for a year with payslips.
        'user.opensIr8a': {
          guard: 'hasPayslips',
          target: 'openingIr8a',
          actions: assign(({ context }) => ({
            tab: 'waiting' as const,
            requests: [...context.requests, { path: ir8aPath(context.userId), year: String(context.year) }],
          })),
        },
      },
    },
    openingPdf: {
      meta: shows((_app, m) => {
        const c = m.context as StaffPayslipsModel;
        expectRows(c, 'openingPdf');
        expect(document.querySelector(`button[aria-label="${viewLabel(viewed(c))}"]`)?.textContent).toBe(
          'Processing...',
        );
      }),
      on: {
        'server.sendsPdf': { target: 'ready', actions: assign({ tab: 'showing' }) },
        'server.failsPdf': {
          target: 'ready',
          actions: assign({
            tab: 'closed',
            toast: {
              title: 'Error retrieving payslip',
              description: 'Please check your internet connection and try again',
            },
          }),
        },
      },
    },
    openingIr8a: {
      meta: shows((_app, m) => expectRows(m.context as StaffPayslipsModel, 'openingIr8a')),
      on: {
        'server.sendsIr8a': { target: 'ready', actions: assign({ tab: 'showing' }) },
        // The server's reason for the refusal.
        'server.refusesIr8a': {
          target: 'ready',
          actions: assign(({ context }) => ({
            tab: 'closed' as const,
            toast: { title: 'Error retrieving IR8A', description: NO_IR8A(context.year) },
          })),
        },
      },
    },
  },
});
