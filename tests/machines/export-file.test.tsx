import { screen } from '@testing-library/react';
import { exportFileMachine } from '../../machines/export-file.machine';
import { type ExportModelEvent, exportModel, REFUSED, STAFF_EXPORT } from '../models/export-file.model';
import { admin } from '../views/fixtures';
import { pdfTab, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * All Staff's Export CSV and Export XLSX walked from the model (tests/models/export-file.model.ts); the
 * app's export-file machine is only watched, for coverage.
 */

type Event = ExportModelEvent;

const events: Event[] = [
  { type: 'server.sendsStaff' },
  { type: 'user.exportsCsv' },
  { type: 'user.exportsXlsx' },
  { type: 'server.sendsFile' },
  { type: 'server.refuses' },
];

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'server.sendsStaff':
      app.server.answer('GET', '/api/users', 200, []);
      break;
    case 'user.exportsCsv':
      await app.user.click(screen.getByRole('button', { name: 'Export CSV' }));
      break;
    case 'user.exportsXlsx':
      await app.user.click(screen.getByRole('button', { name: 'Export XLSX' }));
      break;
    case 'server.sendsFile':
      app.server.answer('GET', STAFF_EXPORT, 200, 'Full Name,Email');
      break;
    case 'server.refuses':
      app.server.answer('GET', STAFF_EXPORT, REFUSED.statusCode, REFUSED);
      break;
  }
  await settle();
}

// Saving a file makes an object URL, which jsdom lacks.
const tab = pdfTab('blob:export');

describeSpecWalk<typeof exportModel, Event>({
  title: 'A list export (All Staff), walked from its model',
  model: exportModel,
  starts: [{ name: 'admin opens All Staff', input: undefined }],
  events,
  setup: () => tab.install(),
  app: { machine: exportFileMachine },
  open: (_, inspect) => renderApp({ path: '/admin/users', storage: signedIn(admin), inspect }),
  perform: (app, event) => perform(app, event),
  label: (event) => event.type,
  scenarios: [
    {
      name: 'the staff records as XLSX, then a refused CSV',
      events: [
        { type: 'server.sendsStaff' },
        { type: 'user.exportsXlsx' },
        { type: 'server.sendsFile' },
        { type: 'user.exportsCsv' },
        { type: 'server.refuses' },
      ],
    },
  ],
});
