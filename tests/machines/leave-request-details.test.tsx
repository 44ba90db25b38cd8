import { act, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { leaveRequestDetailsMachine } from '../../machines/leave-request-details.machine';
import type { LeaveRequest } from '../../src/domain/leave';
import { theOpen } from '../models/leave-dom';
import {
  type DetailsModelEvent,
  leaveRequestDetailsModel,
  REFUSAL,
  WITHDRAWAL_REFUSAL,
} from '../models/leave-request-details.model';
import { admin, staff } from '../views/fixtures';
import { advance, type RunningApp, renderApp, settle, signedIn } from './harness';
import {
  answerDelete,
  answerWithdrawal,
  type LeaveStore,
  pendingDelete,
  pendingWithdrawal,
  serveLeave,
  serverDown,
} from './leave-store';
import { describeSpecWalk } from './spec-walk';
import { leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * The staff Leave Request Details panel walked from its spec model
 * (tests/models/leave-request-details.model.ts) through My profile, and through user detail where an
 * administrator deletes on the user's behalf (spec section 6). One request in each status: what shows per
 * status, the attachment as a PDF frame or an image, Delete only while pending, Withdraw leave only for the
 * owner's approved leave that has not started (issue 34). The clock says Monday 30 November 2026, Singapore.
 */

const NOW = new Date('2026-11-30T02:00:00.000Z');
const TODAY = '2026-11-30';
const WITHDRAWN_AT = '2026-11-30T02:05:00.000Z';

const me = { ...onboardedStaff, id: staff.id, fullName: staff.fullName, email: staff.email };
const person = (p: typeof onboardedStaff) => ({ id: p.id, fullName: p.fullName, email: p.email });

function requestsOf(p: typeof onboardedStaff): LeaveRequest[] {
  const base = { userId: p.id, user: person(p) };
  return [
    {
      ...base,
      id: 81,
      status: 'PENDING',
      type: 'Annual Leave',
      leaveTypeId: 1,
      createdAt: '2026-02-20T02:00:00.000Z',
      // Told apart from the creation date, which a pending request shows.
      updatedAt: '2026-02-24T02:00:00.000Z',
      fromDate: '2026-03-02',
      fromDateIsAm: true,
      toDate: '2026-03-02',
      toDateIsAm: true,
      days: 0.5,
      reason: 'Dental surgery in the morning',
      fileUrl: `leave/${p.id}/c0de/mc.pdf`,
    },
    {
      ...base,
      id: 82,
      status: 'APPROVED',
      type: 'Medical Leave',
      leaveTypeId: 2,
      createdAt: '2026-01-05T02:00:00.000Z',
      updatedAt: '2026-01-06T09:30:00.000Z',
      fromDate: '2026-01-12',
      fromDateIsAm: false,
      toDate: '2026-01-13',
      toDateIsAm: false,
      days: 1.5,
      reason: null,
      fileUrl: null,
    },
    {
      ...base,
      id: 83,
      status: 'REJECTED',
      type: 'Childcare Leave',
      leaveTypeId: 3,
      createdAt: '2026-04-01T03:00:00.000Z',
      updatedAt: '2026-04-03T05:00:00.000Z',
      fromDate: '2026-04-20',
      fromDateIsAm: true,
      toDate: '2026-04-21',
      toDateIsAm: false,
      days: 2,
      reason: 'School closure',
      fileUrl: `leave/${p.id}/f00d/school-letter.png`,
    },
    {
      // Approved and ahead: its withdrawal can be asked.
      ...base,
      id: 84,
      status: 'APPROVED',
      type: 'Unpaid Leave',
      leaveTypeId: 8,
      createdAt: '2026-11-02T03:00:00.000Z',
      updatedAt: '2026-11-03T05:00:00.000Z',
      fromDate: '2026-12-21',
      fromDateIsAm: true,
      toDate: '2026-12-22',
      toDateIsAm: false,
      days: 2,
      reason: 'Visiting family in Ipoh',
      fileUrl: null,
    },
    {
      // Its withdrawal already asked: nothing more to ask.
      ...base,
      id: 85,
      status: 'WITHDRAWAL_REQUESTED',
      type: 'Compassionate Leave',
      leaveTypeId: 7,
      createdAt: '2026-11-09T03:00:00.000Z',
      updatedAt: '2026-11-20T05:00:00.000Z',
      fromDate: '2026-12-28',
      fromDateIsAm: true,
      toDate: '2026-12-28',
      toDateIsAm: false,
      days: 1,
      reason: null,
      fileUrl: null,
    },
  ];
}
const LINK = '/api/files/view/c0de?signature=abc';

const events: DetailsModelEvent[] = [
  { type: 'user.views', row: 81 },
  { type: 'user.views', row: 82 },
  { type: 'user.views', row: 83 },
  { type: 'user.closes' },
  { type: 'user.deletes' },
  { type: 'server.sendsLink' },
  { type: 'server.failsLink' },
  { type: 'user.triesAgain' },
  { type: 'server.deletes' },
  { type: 'server.refusesDelete' },
  { type: 'user.views', row: 84 },
  { type: 'user.views', row: 85 },
  { type: 'user.withdraws' },
  { type: 'server.acceptsWithdrawal' },
  { type: 'server.refusesWithdrawal' },
];

/** Where the panel is looked at from, by whom, and whose leave; `owner`: the one looking is on leave. */
interface Start {
  name: string;
  path: string;
  storage: Record<string, string>;
  person: typeof onboardedStaff;
  owner: boolean;
}
const adminOwn = { ...onboardedStaff, id: admin.id, fullName: admin.fullName, email: admin.email };
const screens: Array<{ name: string; starts: Start[] }> = [
  {
    name: 'My profile',
    starts: [
      { name: 'My profile', path: '/staff/profile', storage: signedIn(staff), person: me, owner: true },
    ],
  },
  {
    // An administrator is offered a withdrawal only on their own record.
    name: 'user detail (an administrator)',
    starts: [
      {
        name: "a staff member's",
        path: `/admin/users/${onboardedStaff.id}`,
        storage: signedIn(admin),
        person: onboardedStaff,
        owner: false,
      },
      {
        name: "the administrator's own",
        path: `/admin/users/${admin.id}`,
        storage: signedIn(admin),
        person: adminOwn,
        owner: true,
      },
    ],
  },
];

for (const where of screens) {
  let store!: LeaveStore;
  const startAt = (path: string) => where.starts.find((s) => s.path === path) as Start;

  async function view(app: RunningApp, row: LeaveRequest) {
    const tr = [...document.querySelectorAll('table tbody tr')].find(
      (candidate) => candidate.textContent?.includes(row.type) && candidate.querySelector('button'),
    ) as HTMLElement;
    await app.user.click(within(tr).getByRole('button', { name: /^Actions/ }));
    const menu = screen.getByRole('menu');
    if (document.activeElement !== menu) act(() => menu.focus());
    const item = within(menu).getByRole('menuitem', { name: 'View' });
    for (let i = 0; i < 3 && !item.hasAttribute('data-highlighted'); i++) {
      await app.user.keyboard('{ArrowDown}');
      await advance(20);
    }
    await app.user.keyboard('{Enter}');
    await advance(50);
  }

  describeSpecWalk({
    title: `Leave Request Details on ${where.name}, walked from its spec model`,
    model: leaveRequestDetailsModel,
    starts: where.starts.map((start) => ({
      name: start.name,
      input: {
        path: start.path,
        rows: requestsOf(start.person),
        link: LINK,
        failure: serverDown.message,
        today: TODAY,
        owner: start.owner,
        withdrawnAt: WITHDRAWN_AT,
      },
    })),
    events,
    label: (e) => (e.type === 'user.views' ? `user.views ${e.row}` : e.type),
    serialize: (m) =>
      JSON.stringify([m.context.owner, m.value, m.context.viewing, m.context.rows.map((r) => r.status)]),
    app: { machine: leaveRequestDetailsMachine },
    async open(path, inspect) {
      vi.setSystemTime(NOW);
      const start = startAt(path.input.path);
      store = {
        person: person(start.person),
        leaveTypes,
        requests: structuredClone(path.input.rows),
        allowances: { 1: 14, 2: 14, 3: 6 },
        nextId: 90,
        failBalanceAsk: null,
        balanceAsks: 0,
        extra: { [`/api/users/${start.person.id}`]: start.person },
      };
      const app = await renderApp({ path: start.path, storage: start.storage, inspect });
      await serveLeave(app.server, store);
      return app;
    },
    async perform(app, event, model) {
      switch (event.type) {
        case 'user.views':
          await view(app, model.context.rows.find((r) => r.id === event.row) as LeaveRequest);
          break;
        case 'user.closes':
          await app.user.click(
            theOpen('dialog', 'Leave Request Details').querySelector(
              'button[aria-label="Close"]',
            ) as HTMLElement,
          );
          break;
        case 'user.deletes':
          await app.user.click(
            within(theOpen('dialog', 'Leave Request Details')).getByRole('button', { name: 'Delete' }),
          );
          break;
        case 'server.sendsLink':
          app.server.answer('GET', '/api/s3/signed-url', 200, { signedUrl: LINK });
          break;
        case 'server.failsLink':
          app.server.answer('GET', '/api/s3/signed-url', 500, serverDown);
          break;
        case 'user.triesAgain':
          await app.user.click(
            within(theOpen('dialog', 'Leave Request Details')).getByRole('button', { name: 'Try again' }),
          );
          break;
        case 'server.deletes':
          await answerDelete(app.server, store);
          break;
        case 'server.refusesDelete':
          app.server.answer('DELETE', `/api/leave-requests/${pendingDelete(app.server)}`, 409, REFUSAL);
          break;
        case 'user.withdraws':
          await app.user.click(
            within(theOpen('dialog', 'Leave Request Details')).getByRole('button', {
              name: 'Withdraw leave',
            }),
          );
          break;
        case 'server.acceptsWithdrawal':
          await answerWithdrawal(app.server, store, WITHDRAWN_AT);
          break;
        case 'server.refusesWithdrawal':
          app.server.answer(
            'POST',
            `/api/leave-requests/${pendingWithdrawal(app.server)}/withdrawal`,
            409,
            WITHDRAWAL_REFUSAL,
          );
          break;
      }
      await settle();
      await serveLeave(app.server, store);
    },
    scenarios: [
      {
        name: 'a pending request with its PDF: pending note, Delete offered',
        events: [{ type: 'user.views', row: 81 }, { type: 'server.sendsLink' }, { type: 'user.closes' }],
      },
      {
        name: 'an approved request: its approval date, no attachment, no Delete',
        events: [{ type: 'user.views', row: 82 }, { type: 'user.closes' }],
      },
      {
        name: 'a rejected request with its image: its rejection date, no Delete',
        events: [{ type: 'user.views', row: 83 }, { type: 'server.sendsLink' }, { type: 'user.closes' }],
      },
      {
        name: 'the link fails: the reason and Try again, which brings it',
        events: [
          { type: 'user.views', row: 83 },
          { type: 'server.failsLink' },
          { type: 'user.triesAgain' },
          { type: 'server.sendsLink' },
        ],
      },
      {
        name: 'approved leave ahead: its owner asks to withdraw it; it is listed as Withdrawal requested',
        start: where.starts.at(-1)?.name,
        events: [
          { type: 'user.views', row: 84 },
          { type: 'user.withdraws' },
          { type: 'server.acceptsWithdrawal' },
        ],
      },
      {
        name: 'a withdrawal already asked offers nothing more',
        events: [{ type: 'user.views', row: 85 }, { type: 'user.closes' }],
      },
      {
        name: 'Delete: the request is gone and the panel closes',
        events: [
          { type: 'user.views', row: 81 },
          { type: 'server.sendsLink' },
          { type: 'user.deletes' },
          { type: 'server.deletes' },
        ],
      },
    ],
  });
}
