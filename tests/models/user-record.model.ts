import { fireEvent, screen, within } from '@testing-library/react';
import { expect, type Mock } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast, isDialogOpen, openDialog, type RunningApp, settle } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * Admin user detail (/admin/users/:id) as spec section 2 describes it (while the user is fetched, a spinner;
 * an id the server does not know, 'No user data found.' for good; a fetch that fails otherwise, the server's
 * reason and Try again, which asks again): the Users back link, the person's
 * name, the same four tabs as the profile (Staff, Employment, Payment, Leave Allowance), and an action menu
 * with Delete User, which asks 'Are you absolutely sure?' (section 2, staff list) with Cancel and Continue.
 * Cancel closes and sends nothing; Continue sends DELETE /users/{id} (section 7), 'Processing...' meanwhile
 * (section 8); then 'User deleted' naming the user and the staff list, or 'Error' / 'Failed to delete user'
 * and the user stays. A panel saved shows at once elsewhere on the page (the name, the status badge, the
 * Leave Balance's totals). Issue 17: the Leave Allowance fields say the policy's days, and warn below the
 * law's minimum, once the entitlements arrive.
 * Issue 34, item 1: the record has a Payslips section, the employee's processed payslips by month, newest
 * first, each with its e-mail's state (queued, sent, kept in the outbox, failed, with the time) and View
 * payslip, which opens the PDF in a new tab: the tab opens on the click itself (a tab opened after the
 * answer is a blocked pop-up) and shows the PDF when it arrives; a failure says 'Error retrieving payslip'
 * (spec section 7) and closes the tab again.
 */

export const DELETE_TITLE = 'Are you absolutely sure?';
export const DELETE_TEXT =
  "This action cannot be undone. This will permanently delete this user's account and remove his/her data from our servers.";

/** A processed payslip as the Payslips section shows it: the month and the e-mail's state, line by line. */
export interface PayslipLine {
  payslipId: number;
  /** 'March 2026'. */
  month: string;
  /** The e-mail's state and its time, e.g. ['Sent', '02/03/2026 10:15'], or ['-'] when never e-mailed. */
  email: string[];
}

export interface UserRecordInput {
  id: number;
  fullName: string;
  /** The masked NRIC/FIN the Staff tab shows (spec: masked everywhere but in its edit field). */
  maskedNric: string;
  /** The reason the server gives for refusing a delete. */
  refusal: string;
  /** What the server says when it cannot answer (not a 404). */
  failure: string;
  /** The employee's processed payslips, newest first. */
  payslips: PayslipLine[];
}

export interface UserRecordModel extends UserRecordInput {
  status: 'Active' | 'Resigned';
  /** GET /users/{id}/leave-entitlements: not answered yet, answered, or failed. */
  entitlements: 'pending' | 'loaded' | 'unavailable';
  /** The entitlements were answered by the last step. */
  justEntitled: boolean;
  /** How many times the Leave Balance's totals were fetched. */
  balanceFetches: number;
  toast: 'profile' | 'employment' | 'allowance' | 'deleteFailed' | 'pdfFailed' | null;
  /** The delete was refused: its reason stays on the page. */
  refused: boolean;
  /** GET /users/{id}/payslips/processed/aggregates: asked once the user is in, then answered. */
  payslipList: 'pending' | 'shown';
  /** What became of the tab the last View payslip opened: it shows the PDF, or closed again. */
  pdfTab: 'none' | 'showsPdf' | 'closed';
}

export type UserRecordModelEvent =
  | { type: 'server.sendsUser' }
  | { type: 'server.userNotFound' }
  | { type: 'server.fails' }
  | { type: 'user.triesAgain' }
  | { type: 'server.sendsEntitlements' }
  | { type: 'server.entitlementsFail' }
  | { type: 'user.savesName'; fullName: string }
  | { type: 'user.savesResigned' }
  | { type: 'user.savesAllowance' }
  | { type: 'user.deletes' }
  | { type: 'user.cancelsDelete' }
  | { type: 'user.confirmsDelete' }
  | { type: 'server.deletes' }
  | { type: 'server.refusesDelete' }
  | { type: 'server.sendsPayslips' }
  | { type: 'user.viewsPayslip' }
  | { type: 'server.sendsPayslipPdf' }
  | { type: 'server.failsPayslipPdf' };

const payslipsPath = (m: UserRecordModel) => `/api/users/${m.id}/payslips/processed/aggregates`;
const pdfPath = (m: UserRecordModel) => `/api/payslips/${m.payslips[0]?.payslipId}/pdf`;
const opened = () => window.open as unknown as Mock;

/** The Payslips section: a heading, and once answered, a row a payslip, newest first. */
function expectPayslips(app: RunningApp, m: UserRecordModel) {
  const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Payslips');
  expect(heading, 'the Payslips section').toBeDefined();
  const table = document.querySelector('table[aria-label="Payslips"]') as HTMLTableElement;
  expect(table).not.toBeNull();
  if (m.payslipList === 'pending') {
    expect(app.server.pending('GET', payslipsPath(m))).toHaveLength(1);
    return;
  }
  const rows = [...table.querySelectorAll('tbody tr')];
  expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(m.payslips.map((p) => p.month));
  m.payslips.forEach((payslip, i) => {
    const row = rows[i] as HTMLElement;
    for (const line of payslip.email) expect(within(row).getByText(line)).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: `View payslip for ${payslip.month}`, hidden: true }),
    ).toBeInTheDocument();
  });
}

const balancesPath = (m: UserRecordModel) => `/api/users/${m.id}/leave-balances`;

/** Opens the Leave Allowance form, checks the hints, and leaves it as it was (Cancel). */
async function expectAllowanceHints(user: RunningApp['user'], loaded: boolean) {
  await user.click(screen.getByRole('tab', { name: 'Leave Allowance' }));
  await user.click(screen.getByRole('button', { name: 'Edit Leave Allowance' }));
  const form = screen.getByRole('form', { name: 'Leave Allowance' });
  expect(within(form).queryByText('By policy: 12 days.') !== null, 'the policy days show').toBe(loaded);
  expect(within(form).queryAllByText('By policy: 14 days.').length).toBe(loaded ? 1 : 0);
  fireEvent.change(form.querySelector('[name="leave-2"]') as HTMLInputElement, { target: { value: '3' } });
  await settle();
  expect(within(form).queryByText('Below the statutory 14 days.') !== null, 'the minimum warns').toBe(loaded);
  // A warning, not a refusal: saving stays allowed.
  expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled();
  await user.click(within(form).getByRole('button', { name: 'Cancel' }));
  await user.click(screen.getByRole('tab', { name: 'Staff' }));
  await settle();
}

export const userRecordModel = setup({
  types: {
    context: {} as UserRecordModel,
    events: {} as UserRecordModelEvent,
    input: {} as UserRecordInput,
  },
  guards: {
    entitlementsPending: ({ context }) => context.entitlements === 'pending',
    payslipsPending: ({ context }) => context.payslipList === 'pending',
    payslipsShown: ({ context }) => context.payslipList === 'shown' && context.payslips.length > 0,
  },
}).createMachine({
  id: 'userRecordModel',
  context: ({ input }) => ({
    ...input,
    status: 'Active',
    entitlements: 'pending',
    justEntitled: false,
    balanceFetches: 0,
    toast: null,
    refused: false,
    payslipList: 'pending',
    pdfTab: 'none',
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: shows((app, s) => {
        const m = s.context as UserRecordModel;
        expect(window.location.pathname).toBe(`/admin/users/${m.id}`);
        expect(screen.getByLabelText('Loading')).toBeInTheDocument();
        expect(app.server.pending('GET', `/api/users/${m.id}`)).toHaveLength(1);
        expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      }),
      on: {
        'server.sendsUser': {
          target: 'loaded',
          // The allowances for the Leave Allowance panel (asked with the user), and the Leave Balance table's own.
          actions: assign({ balanceFetches: ({ context }) => context.balanceFetches + 2 }),
        },
        'server.userNotFound': 'notFound',
        'server.fails': 'failed',
      },
    },
    failed: {
      meta: shows((_app, s) => {
        const m = s.context as UserRecordModel;
        expect(window.location.pathname).toBe(`/admin/users/${m.id}`);
        // Not 'not found': the reason, and a way to ask again; nothing of the user yet.
        const retry = screen.getByRole('button', { name: 'Try again' });
        expect(retry).toBeEnabled();
        expect(retry.closest('[role="alert"]')).toHaveTextContent(m.failure);
        expect(screen.queryByText('No user data found.')).toBeNull();
        expect(screen.queryByLabelText('Loading')).toBeNull();
        expect(screen.queryAllByRole('tab')).toHaveLength(0);
      }),
      // Asked again, with the allowances the user comes with.
      on: {
        'user.triesAgain': {
          target: 'loading',
          actions: assign({ balanceFetches: ({ context }) => context.balanceFetches + 1 }),
        },
      },
    },
    notFound: {
      meta: shows((_app, s) => {
        expect(window.location.pathname).toBe(`/admin/users/${(s.context as UserRecordModel).id}`);
        expect(screen.getByText('No user data found.')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Try again' }), 'a final answer').toBeNull();
      }),
    },
    loaded: {
      meta: shows(async (app, s) => {
        const m = s.context as UserRecordModel;
        const hidden = !s.matches({ loaded: 'idle' });
        expect(window.location.pathname).toBe(`/admin/users/${m.id}`);
        expect(screen.getByRole('heading', { level: 1, name: 'User Details', hidden })).toBeInTheDocument();
        // The back link in the page (the sidebar has a Users link of its own).
        const page = screen.getByRole('main', { hidden });
        expect(within(page).getByRole('link', { name: 'Users', hidden })).toHaveAttribute(
          'href',
          '/admin/users',
        );
        const name = screen.getByRole('heading', { level: 2, name: m.fullName, hidden });
        expect(within(name.parentElement as HTMLElement).getByText(m.status)).toBeInTheDocument();
        const tabs = screen.getAllByRole('tab', { hidden }).map((tab) => tab.textContent);
        expect(tabs).toEqual(['Staff', 'Employment', 'Payment', 'Leave Allowance']);
        expect(screen.getAllByText(m.maskedNric, { exact: true }).length).toBeGreaterThan(0);
        const fetches = app.server.requests.filter((r) => r.method === 'GET' && r.path === balancesPath(m));
        expect(fetches.length, 'the Leave Balance fetches its totals after each allowance save').toBe(
          m.balanceFetches,
        );
        if (m.toast === 'profile') expectToast('User updated!');
        if (m.toast === 'employment') expectToast('Employment info updated!');
        if (m.toast === 'allowance') expectToast('Leave Allowance Updated!');
        if (m.justEntitled) await expectAllowanceHints(app.user, m.entitlements === 'loaded');
        expectPayslips(app, m);
        if (m.toast === 'pdfFailed')
          expectToast('Error retrieving payslip', 'Please check your internet connection and try again');
        if (m.pdfTab === 'showsPdf') {
          expect(app.server.requests.at(-1)?.path).toBe(pdfPath(m));
          expect(opened().mock.results.at(-1)?.value.location.href).toMatch(/^blob:/);
        }
        if (m.pdfTab === 'closed') expect(opened().mock.results.at(-1)?.value.close).toHaveBeenCalled();
      }),
      on: {
        'server.sendsEntitlements': {
          guard: 'entitlementsPending',
          actions: assign({ entitlements: 'loaded', justEntitled: true, toast: null, pdfTab: 'none' }),
        },
        'server.entitlementsFail': {
          guard: 'entitlementsPending',
          actions: assign({ entitlements: 'unavailable', justEntitled: true, toast: null, pdfTab: 'none' }),
        },
        'server.sendsPayslips': {
          guard: 'payslipsPending',
          actions: assign({ payslipList: 'shown', justEntitled: false, toast: null, pdfTab: 'none' }),
        },
      },
      initial: 'idle',
      states: {
        idle: {
          meta: shows((app, s) => {
            const m = s.context as UserRecordModel;
            expect(isDialogOpen('alertdialog', DELETE_TITLE), 'no confirmation open').toBe(false);
            expect(app.server.pending('DELETE')).toHaveLength(0);
            if (m.toast === 'deleteFailed') expectToast('Error', 'Failed to delete user');
            // The server's reason stays on the page.
            expect(screen.queryByText(m.refusal) !== null, 'the refusal shows').toBe(m.refused);
          }),
          on: {
            'user.savesName': {
              actions: assign(({ event }) => ({
                fullName: event.fullName,
                toast: 'profile' as const,
                justEntitled: false,
                pdfTab: 'none' as const,
              })),
            },
            'user.savesResigned': {
              actions: assign({
                status: 'Resigned',
                toast: 'employment',
                justEntitled: false,
                pdfTab: 'none',
              }),
            },
            'user.savesAllowance': {
              actions: assign(({ context }) => ({
                balanceFetches: context.balanceFetches + 1,
                toast: 'allowance' as const,
                justEntitled: false,
                pdfTab: 'none' as const,
              })),
            },
            'user.deletes': {
              target: 'confirming',
              actions: assign({ toast: null, justEntitled: false, pdfTab: 'none' }),
            },
            'user.viewsPayslip': {
              guard: 'payslipsShown',
              target: 'openingPayslip',
              actions: assign({ toast: null, justEntitled: false, pdfTab: 'none' }),
            },
          },
        },
        openingPayslip: {
          meta: shows((app, s) => {
            const m = s.context as UserRecordModel;
            // The tab opened on the click, before any answer; the PDF is on its way; the button says so.
            expect(opened()).toHaveBeenCalledWith('', '_blank');
            expect(app.server.pending('GET', pdfPath(m))).toHaveLength(1);
            expect(
              screen.getByRole('button', { name: `View payslip for ${m.payslips[0]?.month}` }),
            ).toHaveTextContent('Processing...');
          }),
          on: {
            'server.sendsPayslipPdf': { target: 'idle', actions: assign({ pdfTab: 'showsPdf' }) },
            'server.failsPayslipPdf': {
              target: 'idle',
              actions: assign({ pdfTab: 'closed', toast: 'pdfFailed' }),
            },
          },
        },
        confirming: {
          meta: shows((app) => {
            const dialog = openDialog('alertdialog', DELETE_TITLE);
            expect(within(dialog).getByText(DELETE_TEXT)).toBeInTheDocument();
            expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
            expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
            expect(app.server.pending('DELETE'), 'nothing sent before Continue').toHaveLength(0);
          }),
          on: {
            'user.cancelsDelete': { target: 'idle', actions: assign({ justEntitled: false }) },
            'user.confirmsDelete': { target: 'deleting', actions: assign({ justEntitled: false }) },
          },
        },
        deleting: {
          meta: shows((app, s) => {
            const m = s.context as UserRecordModel;
            const dialog = openDialog('alertdialog', DELETE_TITLE);
            expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
            expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
            expect(app.server.pending('DELETE', `/api/users/${m.id}`)).toHaveLength(1);
          }),
          on: {
            'server.deletes': '#userRecordModel.deleted',
            'server.refusesDelete': {
              target: 'idle',
              actions: assign({ toast: 'deleteFailed', refused: true }),
            },
          },
        },
      },
    },
    deleted: {
      meta: shows((_app, s) => {
        const m = s.context as UserRecordModel;
        expect(window.location.pathname).toBe('/admin/users');
        expectToast('User deleted', `${m.fullName} has been deleted.`);
      }),
    },
  },
});
