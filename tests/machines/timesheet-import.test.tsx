import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { timesheetImportMachine } from '../../machines/timesheet-import.machine';
import { todayIso } from '../../src/domain/dates';
import {
  BAD_ROW,
  SERVER_DOWN,
  timesheetUploadModel,
  type UploadEvent,
} from '../models/timesheet-upload.model';
import { admin } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * The month's CSV upload on /admin/timesheets walked from its model (tests/models/timesheet-upload.model.ts,
 * issue 36 item 5's words). The app's import machine is only watched.
 */

const today = todayIso();
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
const gridPath = `/api/timesheets/${year}/${month}`;
const importPath = `${gridPath}/import`;
const emptyGrid = { year, month, rows: [] };
const csv = 'employee,date,hours\nada@company.test,2025-06-02,8\n';
const noProblem = { rows: 1, employees: 1, valid: true, errors: [] };
const badRows = { rows: 2, employees: 1, valid: false, errors: [BAD_ROW] };

const fileInput = () => screen.getByLabelText("CSV file of the month's hours") as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

async function perform(app: RunningApp, event: UploadEvent) {
  switch (event.type) {
    case 'user.choosesFile':
      choose(new File([csv], 'june.csv', { type: 'text/csv' }));
      break;
    case 'user.choosesHugeFile':
      choose(new File(['x'.repeat(1_100_000)], 'huge.csv', { type: 'text/csv' }));
      break;
    case 'server.namesBadRows':
      app.server.answer('POST', importPath, 200, badRows);
      break;
    case 'server.findsNoProblem':
      app.server.answer('POST', importPath, 200, noProblem);
      break;
    case 'server.failsCheck':
      app.server.answer('POST', importPath, SERVER_DOWN.statusCode, SERVER_DOWN);
      break;
    case 'user.applies':
      await app.user.click(screen.getByText('Apply', { selector: 'button' }));
      break;
    case 'server.applies':
      app.server.answer('POST', importPath, 200, noProblem);
      await settle();
      app.server.answer('GET', gridPath, 200, emptyGrid);
      break;
    case 'server.refusesApply':
      app.server.answer('POST', importPath, 400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The file has 1 problem: nothing was saved.',
      });
      break;
    case 'user.cancels':
      await app.user.click(screen.getByText('Cancel', { selector: 'button' }));
      break;
  }
  await settle();
}

describeSpecWalk<typeof timesheetUploadModel, UploadEvent>({
  title: "The month's CSV upload, walked from its model",
  model: timesheetUploadModel,
  starts: [{ name: 'admin opens Timesheets', input: {} }],
  events: [
    { type: 'user.choosesFile' },
    { type: 'user.choosesHugeFile' },
    { type: 'server.namesBadRows' },
    { type: 'server.findsNoProblem' },
    { type: 'server.failsCheck' },
    { type: 'user.applies' },
    { type: 'server.applies' },
    { type: 'server.refusesApply' },
    { type: 'user.cancels' },
  ],
  // Another month is the grid's walk (tests/machines/timesheet-grid.test.tsx).
  app: { machine: timesheetImportMachine, notOnThisScreen: ['import.month'] },
  open: async (_, inspect) => {
    const app = await renderApp({ path: '/admin/timesheets', storage: signedIn(admin), inspect });
    app.server.answer('GET', gridPath, 200, emptyGrid);
    await settle();
    return app;
  },
  perform: (app, event) => perform(app, event),
  label: (event) => event.type,
  setup: () => {
    URL.createObjectURL = vi.fn(() => 'blob:template');
    URL.revokeObjectURL = vi.fn();
  },
});
