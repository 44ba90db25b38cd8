import { adminDashboardMachine } from '../../machines/admin-dashboard.machine';
import { adminDashboardModel, type DashboardModelEvent } from '../models/admin-dashboard.model';
import { requestsTable } from '../models/leave-review.model';
import { approvedAcrossYearEnd, pendingWithPdf } from './leave-fixtures';
import { ROWS, reviewInput, reviewWalkParts } from './leave-review-walk';
import { describeSpecWalk } from './spec-walk';

/**
 * /admin walked from its spec model (tests/models/admin-dashboard.model.ts): the stat cards, the table's
 * columns and dates, a requester's name opening the user's record, and a decision in the review sheet
 * moving the row's status and the counts at once. The app's adminDashboard machine (which routes the
 * sheet's decision to the list and the counts) is only watched.
 */

const parts = reviewWalkParts();

describeSpecWalk<typeof adminDashboardModel, DashboardModelEvent>({
  title: 'the admin dashboard /admin, walked from its spec model',
  model: adminDashboardModel,
  starts: [{ name: 'admin dashboard', input: { rows: ROWS, decidedAt: reviewInput.decidedAt } }],
  events: [
    ...ROWS.map((r) => ({ type: 'admin.reviews', row: r.id }) as const),
    { type: 'admin.approves' },
    { type: 'admin.rejects' },
    { type: 'server.decides' },
    { type: 'admin.opensRequester', row: approvedAcrossYearEnd.id },
  ],
  serialize: (m) => JSON.stringify([m.value, m.context.rows.map((r) => r.status)]),
  label: (e) => ('row' in e ? `${e.type} ${e.row}` : e.type),
  app: { machine: adminDashboardMachine },
  open: (_path, inspect) => parts.open(inspect),
  async perform(app, event, model) {
    switch (event.type) {
      case 'admin.reviews':
        // View, and the sheet's details arrive.
        await parts.perform(app, { type: 'admin.views', row: event.row }, { context: { viewing: null } });
        await parts.perform(app, { type: 'server.sendsDetails' }, { context: { viewing: event.row } });
        break;
      case 'admin.approves':
      case 'admin.rejects':
        await parts.perform(app, event, { context: { viewing: model.context.reviewing } });
        break;
      case 'server.decides':
        await parts.perform(app, event, { context: { viewing: model.context.reviewing } });
        break;
      case 'admin.opensRequester': {
        const row = ROWS.find((r) => r.id === event.row);
        const link = [...requestsTable().querySelectorAll('a')].find(
          (a) => a.textContent === row?.user.fullName,
        ) as HTMLElement;
        await app.user.click(link);
        break;
      }
    }
  },
  scenarios: [
    {
      name: 'an approval moves the row to Approved and the counts at once',
      events: [
        { type: 'admin.reviews', row: pendingWithPdf.id },
        { type: 'admin.approves' },
        { type: 'server.decides' },
      ],
    },
    {
      name: 'a rejection moves the row to Rejected and the counts at once',
      events: [
        { type: 'admin.reviews', row: pendingWithPdf.id },
        { type: 'admin.rejects' },
        { type: 'server.decides' },
      ],
    },
  ],
});
