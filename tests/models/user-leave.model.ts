import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { LeaveStatus } from '../../src/domain/enums';
import { expectToast, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import {
  bodyRows,
  buttonIn,
  buttonLabels,
  buttonsIn,
  cellsByColumn,
  findOpen,
  hasHeading,
  openMenu,
  tableWithColumn,
  theOpen,
} from './leave-dom';

/**
 * One person's leave where the spec shows it (section 2: Staff dashboard, My profile, Admin user detail;
 * section 4: leave request status; section 6: who deletes; section 8: the leave toasts): the requests table
 * whose row menu 'Actions' offers View and, only while PENDING, Delete Request; the delete confirmation
 * ('Are you absolutely sure?', Cancel sends nothing, Continue sends the DELETE and reads 'Processing...');
 * the read-only details panel with Delete while pending; the Request for Leave dialog; the Leave Balance
 * (issue 34: on the staff dashboard too, as 'Your Leave Balance'). After a create or a delete the list, the
 * stat cards (staff dashboard), the calendar (staff dashboard) and the Leave Balance show what the server
 * now holds at once.
 */

export interface LeaveScreen {
  name: string;
  path: string;
  /** The heading of the requests table (spec: 'Your Recent Requests' on the dashboard). */
  heading: string;
  /** The button opening Request for Leave (dashboard: 'Request Leave'; user detail: its add button). */
  requestButton: string | null;
  statCards: boolean;
  /** The Leave Balance table's heading. */
  balanceHeading: string;
  /** The calendar of one's own requests (staff dashboard, issue 17). */
  calendar: boolean;
  /** User detail: the administrator sets the leave allowance (Leave Allowance tab). */
  editsAllowances: boolean;
}

export interface ModelRow {
  id: number;
  type: string;
  status: LeaveStatus;
  /** null: the dialog counted them (the request-leave walk checks how); here only that some are held. */
  days: number | null;
}

export interface UserLeaveInput {
  screen: LeaveScreen;
  /** Whose leave the screen shows. */
  personId: number;
  rows: ModelRow[];
  /** totalDays per leave type name. */
  allowances: Record<string, number>;
  /** The Leave Balance cannot be fetched as the screen opens. */
  balanceDown: boolean;
}

interface Toast {
  title: string;
  description: string;
}

export interface UserLeaveContext extends UserLeaveInput {
  /** The row whose menu is open, whose details show, or whose removal is asked or sent. */
  row: number | null;
  toast: Toast | null;
  /** Requests sent so far, by kind (what the fake server must have received). */
  sent: { deletes: number; creates: number; allowances: number };
  /** Changes of the requests so far (each reloads what shows them). */
  changes: number;
}

/** What the user types in Request for Leave (spec section 2), and the id the server gives it. */
export const NEW_REQUEST = {
  leaveType: 'Childcare Leave',
  fromDate: '2026-04-06',
  toDate: '2026-04-07',
  id: 93,
};
/** The Annual Leave allowance the administrator saves. */
export const NEW_ALLOWANCE = 16;
/** What the server says when it refuses a deletion (spec section 8: title its message, text its error). */
export const REFUSAL = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Only a pending leave request can be deleted.',
};
export const BALANCE_FAILURE_MESSAGE = 'The database is unavailable.';

export type UserLeaveEvent =
  | { type: 'user.opensMenu'; row: number }
  | { type: 'user.choosesView' }
  | { type: 'user.choosesDelete' }
  | { type: 'user.cancels' }
  | { type: 'user.continues' }
  | { type: 'server.deletes' }
  | { type: 'server.refusesDelete' }
  | { type: 'user.closesPanel' }
  | { type: 'user.deletesInPanel' }
  | { type: 'user.opensRequestDialog' }
  | { type: 'user.closesRequestDialog' }
  | { type: 'user.submitsRequest' }
  | { type: 'server.creates' }
  | { type: 'admin.savesAllowance' }
  | { type: 'user.triesAgain' };

const STATUS_LABEL: Record<LeaveStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWAL_REQUESTED: 'Withdrawal requested',
  WITHDRAWN: 'Withdrawn',
};
const DELETED: Toast = {
  title: 'Leave request deleted',
  description: 'The leave request has been deleted successfully.',
};
const REFUSED: Toast = { title: REFUSAL.message, description: REFUSAL.error };
const CREATED: Toast = {
  title: 'Leave Request Created!',
  description: 'Approval has to be made by your employer.',
};
const BALANCE_FAILED: Toast = {
  title: 'Failed to fetch leave balance',
  description: 'Please try again later',
};
const ALLOWANCE_SAVED: Toast = { title: 'Leave Allowance Updated!', description: '' };
const CONFIRM_TITLE = 'Are you absolutely sure?';
const DETAILS_TITLE = 'Leave Request Details';
const REQUEST_TITLE = 'Request for Leave';

type Snapshot = { context: UserLeaveContext };
const ctx = (m: unknown) => (m as Snapshot).context;
const rowOf = (c: UserLeaveContext) => {
  const row = c.rows.find((r) => r.id === c.row);
  if (!row) throw new Error(`model: no row ${c.row}`);
  return row;
};
const sentOf = (app: RunningApp, method: string, path: RegExp) =>
  app.server.requests.filter((r) => r.method === method && path.test(r.path)).length;

/** The requests table: the one with a Start Date column (the Leave Balance table has none). */
function requestsTable(): HTMLTableElement {
  const table = tableWithColumn('Start Date');
  expect(table, 'the leave requests table').not.toBeNull();
  return table as HTMLTableElement;
}

/** The table row showing a request (each request of the fixtures has its own leave type). */
export function rowShowing(type: string): HTMLElement {
  const found = bodyRows(requestsTable()).filter((tr) => tr.textContent?.includes(type));
  expect(found, `one row of ${type}`).toHaveLength(1);
  return found[0] as HTMLElement;
}

function expectRequestRows(rows: ModelRow[]) {
  const table = requestsTable();
  if (rows.length === 0) {
    expect(table.textContent).toContain('No results.');
    return;
  }
  expect(bodyRows(table), 'one row per request the server holds').toHaveLength(rows.length);
  for (const row of rows) expect(rowShowing(row.type)).toHaveTextContent(STATUS_LABEL[row.status]);
}

/** Spec section 2: Pending Approval, Requests Approved, Requests Rejected, fed by the counts. */
function expectStatCards(c: UserLeaveContext) {
  const cards = [
    ['Pending Approval', 'PENDING'],
    ['Requests Approved', 'APPROVED'],
    ['Requests Rejected', 'REJECTED'],
  ] as const;
  for (const [title, status] of cards) {
    const card = [...document.querySelectorAll('li')].find((li) => li.textContent?.startsWith(title)) ?? null;
    if (!c.screen.statCards) {
      expect(card, `no ${title} card on ${c.screen.name}`).toBeNull();
      continue;
    }
    const count = c.rows.filter((r) => r.status === status).length;
    expect(card?.textContent, title).toBe(`${title}${count}`);
  }
}

const balanceCard = (c: UserLeaveContext) => {
  const title = c.screen.balanceHeading;
  const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === title);
  expect(heading, `the ${title} heading`).toBeDefined();
  return heading?.parentElement as HTMLElement;
};

/** The Leave Balance table: total, taken (approved), pending and what is left, per leave type. */
function expectBalance(c: UserLeaveContext) {
  const table = tableWithColumn('Available') as HTMLTableElement;
  expect(table, 'the Leave Balance table').not.toBeNull();
  expect(balanceCard(c), `under ${c.screen.balanceHeading}`).toContainElement(table);
  for (const [type, total] of Object.entries(c.allowances)) {
    const tr = bodyRows(table).find((r) => r.textContent?.startsWith(type));
    expect(tr, `a balance row for ${type}`).toBeDefined();
    const cells = cellsByColumn(table, tr as HTMLElement);
    const cell = (header: string) => cells[header];
    const ofType = c.rows.filter((r) => r.type === type);
    const held = (status: LeaveStatus) =>
      ofType.filter((r) => r.status === status).reduce((n, r) => n + (r.days ?? 0), 0);
    const unknown = ofType.some((r) => r.days === null && r.status === 'PENDING');
    expect(cell('Total'), `${type} total`).toBe(String(total));
    expect(cell('Taken'), `${type} taken`).toBe(String(held('APPROVED')));
    if (unknown) {
      // A request just made: its days count as pending.
      expect(Number(cell('Pending')), `${type} pending`).toBeGreaterThan(held('PENDING'));
    } else {
      expect(cell('Pending'), `${type} pending`).toBe(String(held('PENDING')));
      expect(cell('Available'), `${type} available`).toBe(String(total - held('APPROVED') - held('PENDING')));
    }
  }
}

const noMenu = () => expect(openMenu(), 'no row menu open').toBeNull();

/**
 * The model of one screen: only what that screen offers (My profile has no Request for Leave, only user
 * detail edits the allowance).
 */
export const userLeaveModelFor = (screen: LeaveScreen) =>
  setup({
    types: {
      input: {} as UserLeaveInput,
      context: {} as UserLeaveContext,
      events: {} as UserLeaveEvent,
    },
    guards: {
      balanceDown: ({ context }) => context.balanceDown,
      /** Spec section 2: Delete Request (and the panel's Delete) only while the request is PENDING. */
      rowIsPending: ({ context }) => rowOf(context).status === 'PENDING',
      notYetRequested: ({ context }) => !context.rows.some((r) => r.id === NEW_REQUEST.id),
    },
    actions: {
      /** The removed request is gone from every part that showed it. */
      removeRow: assign(({ context }) => ({
        rows: context.rows.filter((r) => r.id !== context.row),
        row: null,
        toast: DELETED,
        changes: context.changes + 1,
      })),
      refuse: assign({ row: null, toast: REFUSED }),
      sendDelete: assign(({ context }) => ({
        sent: { ...context.sent, deletes: context.sent.deletes + 1 },
        toast: null,
      })),
      quiet: assign({ toast: null }),
      balanceFailed: assign({ toast: BALANCE_FAILED }),
    },
  }).createMachine({
    id: 'userLeaveModel',
    context: ({ input }) => ({
      ...input,
      row: null,
      toast: null,
      sent: { deletes: 0, creates: 0, allowances: 0 },
      changes: 0,
    }),
    meta: shows((app, m) => {
      const c = ctx(m);
      expect(window.location.pathname).toBe(c.screen.path);
      expect(hasHeading(c.screen.heading), c.screen.heading).toBe(true);
      if (c.toast) expectToast(c.toast.title, c.toast.description || undefined);
      // Nothing is sent to the server but what the user asked for.
      expect(sentOf(app, 'DELETE', /^\/api\/leave-requests\/\d+$/), 'DELETEs sent').toBe(c.sent.deletes);
      expect(sentOf(app, 'POST', /^\/api\/leave-requests$/), 'requests created').toBe(c.sent.creates);
      expect(sentOf(app, 'PATCH', /\/leave-balances\/\d+$/), 'allowances saved').toBe(c.sent.allowances);
      expectStatCards(c);
      // Each change of the requests fetched the Leave Balance again (spec section 4).
      const balanceGets = sentOf(app, 'GET', /^\/api\/users\/\d+\/leave-balances$/);
      expect(balanceGets, 'Leave Balance fetches').toBeGreaterThan(c.changes);
      // The dashboard's calendar of one's own requests follows every change of them (issue 17).
      if (c.screen.calendar)
        expect(sentOf(app, 'GET', /^\/api\/leave-calendar$/), 'calendar fetches').toBeGreaterThan(c.changes);
      if (c.screen.requestButton) {
        expect(buttonsIn(document, c.screen.requestButton), c.screen.requestButton).toHaveLength(1);
      }
    }),
    initial: 'opening',
    states: {
      opening: {
        always: [
          { guard: 'balanceDown', target: 'balanceUnavailable', actions: 'balanceFailed' },
          { target: 'showing' },
        ],
      },
      balanceUnavailable: {
        meta: shows((_app, m) => {
          const c = ctx(m);
          expectRequestRows(c.rows);
          // Spec section 8: the toast; the table says why, and can be asked again.
          expect(balanceCard(c).querySelector('[role="alert"]')).toHaveTextContent(BALANCE_FAILURE_MESSAGE);
        }),
        on: { 'user.triesAgain': { target: 'showing', actions: 'quiet' } },
      },
      showing: {
        meta: shows((_app, m) => {
          const c = ctx(m);
          expectRequestRows(c.rows);
          expectBalance(c);
        }),
        initial: 'idle',
        states: {
          idle: {
            meta: shows(() => {
              noMenu();
              expect(findOpen('alertdialog', CONFIRM_TITLE), 'no confirmation open').toBeNull();
              expect(findOpen('dialog', DETAILS_TITLE), 'details closed').toBeNull();
              expect(findOpen('dialog', REQUEST_TITLE), 'Request for Leave closed').toBeNull();
            }),
            on: {
              'user.opensMenu': {
                guard: ({ context, event }) => context.rows.some((r) => r.id === event.row),
                target: 'menu',
                actions: assign({ row: ({ event }) => event.row, toast: null }),
              },
              ...(screen.requestButton && {
                'user.opensRequestDialog': { target: 'requesting', actions: 'quiet' },
              }),
              ...(screen.editsAllowances && {
                'admin.savesAllowance': {
                  actions: assign(({ context }) => ({
                    allowances: { ...context.allowances, 'Annual Leave': NEW_ALLOWANCE },
                    sent: { ...context.sent, allowances: context.sent.allowances + 1 },
                    toast: ALLOWANCE_SAVED,
                  })),
                },
              }),
            },
          },
          menu: {
            meta: shows((_app, m) => {
              const c = ctx(m);
              // Spec section 2: 'Actions': View, and Delete Request only when the status is pending.
              const menu = openMenu();
              expect(menu, 'the row menu').not.toBeNull();
              expect(menu?.querySelector('[role="group"]')?.firstElementChild).toHaveTextContent('Actions');
              const items = [...(menu as HTMLElement).querySelectorAll('[role="menuitem"]')].map((item) =>
                item.textContent?.trim(),
              );
              expect(items, `the actions of a ${rowOf(c).status} request`).toEqual(
                rowOf(c).status === 'PENDING' ? ['View', 'Delete Request'] : ['View'],
              );
            }),
            on: {
              'user.choosesView': { target: 'viewing' },
              'user.choosesDelete': { guard: 'rowIsPending', target: 'confirming' },
            },
          },
          confirming: {
            meta: shows(() => {
              noMenu();
              const dialog = theOpen('alertdialog', CONFIRM_TITLE);
              expect(dialog).toHaveTextContent('This action cannot be undone.');
              expect(buttonLabels(dialog)).toEqual(['Cancel', 'Continue']);
              expect(buttonIn(dialog, 'Cancel')).toBeEnabled();
              expect(buttonIn(dialog, 'Continue')).toBeEnabled();
            }),
            on: {
              // Cancel closes the question and sends nothing.
              'user.cancels': { target: 'idle', actions: assign({ row: null }) },
              'user.continues': { target: 'removing', actions: 'sendDelete' },
            },
          },
          removing: {
            meta: shows((app, m) => {
              const c = ctx(m);
              expect(
                app.server.pending('DELETE', `/api/leave-requests/${c.row}`),
                'the DELETE of that request',
              ).toHaveLength(1);
              // Spec section 8: 'Processing...' and disabled while the request is in flight.
              const dialog = theOpen('alertdialog', CONFIRM_TITLE);
              expect(buttonIn(dialog, /Processing\.\.\./)).toBeDisabled();
              expect(buttonIn(dialog, 'Cancel')).toBeDisabled();
            }),
            on: {
              'server.deletes': { target: 'idle', actions: 'removeRow' },
              'server.refusesDelete': { target: 'idle', actions: 'refuse' },
            },
          },
          viewing: {
            meta: shows((_app, m) => {
              const c = ctx(m);
              noMenu();
              const row = rowOf(c);
              const panel = theOpen('dialog', DETAILS_TITLE);
              expect(panel).toHaveTextContent(row.type);
              expect(panel).toHaveTextContent(STATUS_LABEL[row.status]);
              const pending = row.status === 'PENDING';
              // Spec section 2: pending requests say so, and offer Delete with its cannot-be-undone note.
              expect(panel.textContent?.includes('pending approval from the admin')).toBe(pending);
              const [remove] = buttonsIn(panel, 'Delete');
              expect(remove !== undefined, 'Delete offered').toBe(pending);
              if (remove) expect(remove).toBeEnabled();
              expect(/cannot be undone/.test(panel.textContent ?? '')).toBe(pending);
            }),
            on: {
              'user.closesPanel': { target: 'idle', actions: assign({ row: null, toast: null }) },
              'user.deletesInPanel': {
                guard: 'rowIsPending',
                target: 'deletingInPanel',
                actions: 'sendDelete',
              },
            },
          },
          deletingInPanel: {
            meta: shows((app, m) => {
              const c = ctx(m);
              expect(app.server.pending('DELETE', `/api/leave-requests/${c.row}`)).toHaveLength(1);
              expect(buttonIn(theOpen('dialog', DETAILS_TITLE), /Processing\.\.\./)).toBeDisabled();
            }),
            on: {
              'server.deletes': { target: 'idle', actions: 'removeRow' },
              // The panel stays, with the request still there to delete.
              'server.refusesDelete': { target: 'viewing', actions: assign({ toast: REFUSED }) },
            },
          },
          ...(screen.requestButton && {
            requesting: {
              meta: shows(() => {
                const dialog = theOpen('dialog', REQUEST_TITLE);
                // Every Request for Leave starts empty, the one after a created request too (section 4).
                expect(dialog.querySelector<HTMLSelectElement>('[name="leaveType"]')?.value).toBe('');
                expect(dialog.querySelector<HTMLInputElement>('[name="fromDate"]')?.value).toBe('');
                expect(dialog.querySelector<HTMLInputElement>('[name="toDate"]')?.value).toBe('');
              }),
              on: {
                'user.closesRequestDialog': { target: 'idle' },
                'user.submitsRequest': {
                  guard: 'notYetRequested',
                  target: 'creating',
                  actions: assign(({ context }) => ({
                    sent: { ...context.sent, creates: context.sent.creates + 1 },
                  })),
                },
              },
            },
            creating: {
              meta: shows((app, m) => {
                const c = ctx(m);
                const [post] = app.server.pending('POST', '/api/leave-requests');
                // Spec section 3: the creation payload names the person and the leave type chosen.
                expect(post?.body, 'the request typed, for the screen’s person').toMatchObject({
                  userId: c.personId,
                  leaveType: NEW_REQUEST.leaveType,
                });
              }),
              on: {
                'server.creates': {
                  target: 'idle',
                  actions: assign(({ context }) => ({
                    rows: [
                      ...context.rows,
                      {
                        id: NEW_REQUEST.id,
                        type: NEW_REQUEST.leaveType,
                        status: 'PENDING' as const,
                        days: null,
                      },
                    ],
                    toast: CREATED,
                    changes: context.changes + 1,
                  })),
                },
              },
            },
          }),
        },
      },
    },
  });
