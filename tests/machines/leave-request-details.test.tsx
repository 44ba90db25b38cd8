import { act, screen, within } from '@testing-library/react';
import { leaveRequestDetailsMachine } from '../../machines/leave-request-details.machine';
import type { LeaveRequest } from '../../src/domain/leave';
import { theOpen } from '../models/leave-dom';
import {
  type DetailsModelEvent,
  leaveRequestDetailsModel,
  REFUSAL,
} from '../models/leave-request-details.model';
import { admin, staff } from '../views/fixtures';
import { advance, type RunningApp, renderApp, settle, signedIn } from './harness';
import { answerDelete, type LeaveStore, pendingDelete, serveLeave, serverDown } from './leave-store';
import { describeSpecWalk } from './spec-walk';
import { leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * The staff Leave Request Details panel walked from its spec model
 * (tests/models/leave-request-details.model.ts) through My profile, and through user detail where an
 * administrator deletes on the user's behalf (spec section 6). One request in each status: what shows per
 * status, the attachment as a PDF frame or an image, Delete only while pending.
 */

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
];

const screens = [
  { name: 'My profile', path: '/staff/profile', storage: signedIn(staff), person: me },
  {
    name: 'user detail (an administrator)',
    path: `/admin/users/${onboardedStaff.id}`,
    storage: signedIn(admin),
    person: onboardedStaff,
  },
];

for (const where of screens) {
  const rows = requestsOf(where.person);
  let store!: LeaveStore;

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
    starts: [
      { name: where.name, input: { path: where.path, rows, link: LINK, failure: serverDown.message } },
    ],
    events,
    label: (e) => (e.type === 'user.views' ? `user.views ${e.row}` : e.type),
    serialize: (m) => JSON.stringify([m.value, m.context.viewing, m.context.rows.length]),
    app: { machine: leaveRequestDetailsMachine },
    async open(_path, inspect) {
      store = {
        person: person(where.person),
        leaveTypes,
        requests: structuredClone(rows),
        allowances: { 1: 14, 2: 14, 3: 6 },
        nextId: 90,
        failBalanceAsk: null,
        balanceAsks: 0,
        extra: { [`/api/users/${where.person.id}`]: where.person },
      };
      const app = await renderApp({ path: where.path, storage: where.storage, inspect });
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
