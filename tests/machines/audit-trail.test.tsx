import { fireEvent, screen } from '@testing-library/react';
import { auditTrailMachine } from '../../machines/audit-trail.machine';
import {
  AUDIT,
  AUDIT_CSV,
  type AuditTrailModelEvent,
  auditTrailModel,
  SALARY_ROW,
  SERVER_DOWN,
  SUBJECT_ID,
} from '../models/audit-trail.model';
import { admin } from '../views/fixtures';
import { pdfTab, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * The Audit screen (/admin/audit) walked from its model (tests/models/audit-trail.model.ts), opened as a
 * staff record's History link opens it. The app's audit-trail machine is only watched, for coverage.
 */

type Event = AuditTrailModelEvent;
const page = { data: [SALARY_ROW], currentPage: 1, pageSize: 10, total: 1, totalPages: 1 };

const events: Event[] = [
  { type: 'server.sendsTrail' },
  { type: 'user.choosesAction' },
  { type: 'user.clearsFilters' },
  { type: 'user.exports' },
  { type: 'server.sendsCsv' },
  { type: 'server.failsCsv' },
];

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'server.sendsTrail':
      app.server.answer('GET', AUDIT, 200, page);
      break;
    case 'user.choosesAction':
      fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'paymentInfo.updated' } });
      break;
    case 'user.clearsFilters':
      await app.user.click(screen.getByText('Clear filters', { selector: 'button' }));
      break;
    case 'user.exports':
      await app.user.click(screen.getByText('Export CSV', { selector: 'button' }));
      break;
    case 'server.sendsCsv':
      app.server.answer('GET', AUDIT_CSV, 200, 'At,Action');
      break;
    case 'server.failsCsv':
      app.server.answer('GET', AUDIT_CSV, SERVER_DOWN.statusCode, SERVER_DOWN);
      break;
  }
  await settle();
}

// Saving a file makes an object URL, which jsdom lacks.
const tab = pdfTab('blob:audit');

describeSpecWalk<typeof auditTrailModel, Event>({
  title: 'Audit, walked from its model',
  model: auditTrailModel,
  starts: [{ name: "admin opens a staff member's History", input: undefined }],
  events,
  setup: () => tab.install(),
  app: { machine: auditTrailMachine },
  open: (_, inspect) =>
    renderApp({ path: `/admin/audit?userId=${SUBJECT_ID}`, storage: signedIn(admin), inspect }),
  perform: (app, event) => perform(app, event),
  label: (event) => event.type,
  scenarios: [
    {
      name: 'History, narrowed to an action, exported',
      events: [
        { type: 'server.sendsTrail' },
        { type: 'user.choosesAction' },
        { type: 'server.sendsTrail' },
        { type: 'user.exports' },
        { type: 'server.sendsCsv' },
      ],
    },
  ],
});
