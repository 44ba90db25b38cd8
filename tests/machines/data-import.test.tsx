import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { dataImportMachine } from '../../machines/data-import.machine';
import {
  CREATED_IDS,
  type DataImportModel,
  type DataImportModelEvent,
  DRY_RUN_ERRORS,
  dataImportModel,
  JOB_ERRORS,
  JOB_FAILURE,
  JOB_GONE,
  LARGE_ROWS,
  RUNNING_DONE,
  SERVER_DOWN,
  SMALL_ROWS,
  UNREADABLE,
} from '../models/data-import.model';
import { admin } from '../views/fixtures';
import { advance, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * The Import screen walked from its model (tests/models/data-import.model.ts, issue 38's words). The job's
 * progress is answered by the fake server and the next look comes on the fake clock. The app's data-import
 * machine is only watched.
 */

type Event = DataImportModelEvent;
type ModelSnapshot = { value: unknown; context: DataImportModel; matches: (v: string) => boolean };

const JOB_PATH = '/api/imports/jobs/job-1';
const uploadPath = (m: ModelSnapshot) => `/api/imports/${m.context.kind}`;
const answer = (rows: number, extra: Record<string, unknown> = {}) => ({
  rows,
  valid: rows,
  errors: [],
  created: 0,
  jobId: null,
  ...extra,
});
const job = (state: string, done: number, extra: Record<string, unknown> = {}) => ({
  id: 'job-1',
  kind: 'staff',
  state,
  total: LARGE_ROWS,
  done,
  created: state === 'DONE' ? LARGE_ROWS : 0,
  errors: [],
  message: state === 'DONE' ? 'Done.' : 'Applying the file.',
  ...extra,
});

const fileInput = () => screen.getByLabelText('CSV or XLSX file to import') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const click = (app: RunningApp, text: string) =>
  app.user.click(screen.getByText(text, { selector: 'button' }));

async function perform(app: RunningApp, event: Event, m: ModelSnapshot) {
  switch (event.type) {
    case 'user.choosesKind':
      await app.user.selectOptions(screen.getByLabelText('What to import'), 'opening-ytd');
      break;
    case 'user.downloadsTemplate':
      await click(app, 'Download template (XLSX)');
      await settle();
      app.server.answer('GET', `/api/imports/${m.context.kind}/template`, 200, { sheet: 'template' });
      break;
    case 'user.choosesFile':
      choose(new File(['fullName,email\nAda,ada@company.test\n'], 'staff.csv', { type: 'text/csv' }));
      break;
    case 'user.choosesHugeFile':
      choose(new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'huge.xlsx'));
      break;
    case 'user.cancels':
      await click(app, m.matches('done') ? 'Import another file' : 'Cancel');
      break;
    case 'user.applies':
      await click(app, 'Apply');
      break;
    case 'user.invites':
      await click(app, `E-mail sign-in links to the ${CREATED_IDS.length} imported staff`);
      break;
    case 'server.namesErrors':
      app.server.answer('POST', uploadPath(m), 200, {
        ...answer(SMALL_ROWS + 6),
        valid: SMALL_ROWS + 4,
        errors: DRY_RUN_ERRORS,
      });
      break;
    case 'server.findsNoError':
      app.server.answer('POST', uploadPath(m), 200, answer(SMALL_ROWS));
      break;
    case 'server.failsCheck':
      app.server.answer('POST', uploadPath(m), UNREADABLE.statusCode, UNREADABLE);
      break;
    case 'server.imports':
      app.server.answer(
        'POST',
        uploadPath(m),
        200,
        answer(SMALL_ROWS, {
          created: SMALL_ROWS,
          ...(m.context.kind === 'staff' ? { userIds: CREATED_IDS } : {}),
        }),
      );
      break;
    case 'server.queuesJob':
      app.server.answer('POST', uploadPath(m), 200, answer(LARGE_ROWS, { jobId: 'job-1' }));
      break;
    case 'server.refusesApply':
      app.server.answer('POST', uploadPath(m), 200, {
        ...answer(SMALL_ROWS + 6),
        valid: SMALL_ROWS + 4,
        errors: DRY_RUN_ERRORS,
      });
      break;
    case 'server.failsApply':
      app.server.answer('POST', uploadPath(m), SERVER_DOWN.statusCode, SERVER_DOWN);
      break;
    case 'server.reportsProgress':
      app.server.answerLatest('GET', JOB_PATH, 200, job('RUNNING', RUNNING_DONE));
      await settle();
      await advance(1000);
      break;
    case 'server.blips':
      app.server.answerLatest('GET', JOB_PATH, 500, SERVER_DOWN);
      await settle();
      await advance(1000);
      break;
    case 'server.reportsDone':
      app.server.answerLatest('GET', JOB_PATH, 200, job('DONE', LARGE_ROWS));
      break;
    case 'server.reportsFailure':
      app.server.answerLatest(
        'GET',
        JOB_PATH,
        200,
        job('FAILED', 0, { errors: JOB_ERRORS, message: JOB_FAILURE }),
      );
      break;
    case 'server.forgetsJob':
      app.server.answerLatest('GET', JOB_PATH, JOB_GONE.statusCode, JOB_GONE);
      break;
    case 'server.sendsInvites':
      app.server.answer('POST', '/api/imports/staff/invite', 200, { invited: CREATED_IDS.length });
      break;
    case 'server.refusesInvites':
      app.server.answer('POST', '/api/imports/staff/invite', 500, SERVER_DOWN);
      break;
  }
  await settle();
}

/** What the screen offers: nothing of the user's while the server is asked; Cancel where it shows. */
function canProduce(m: ModelSnapshot, event: Event): boolean {
  const busy = ['checking', 'applying', 'following', 'inviting'].some((s) => m.matches(s));
  if (!event.type.startsWith('user.')) return true;
  if (event.type === 'user.downloadsTemplate') return !busy && m.context.templates.length === 0;
  if (busy) return false;
  if (event.type === 'user.choosesKind') return m.context.kind === 'staff';
  if (event.type === 'user.cancels') return m.matches('problems') || m.matches('ready') || m.matches('done');
  if (event.type === 'user.invites') return m.context.invitable && !m.context.invited;
  return true;
}

const serialize = (m: ModelSnapshot) =>
  JSON.stringify([
    m.value,
    m.context.kind,
    m.context.invitable,
    m.context.invited,
    m.context.templates.length,
    m.context.progress !== null,
  ]);

const events: Event[] = [
  { type: 'user.choosesKind' },
  { type: 'user.downloadsTemplate' },
  { type: 'user.choosesFile' },
  { type: 'user.choosesHugeFile' },
  { type: 'user.cancels' },
  { type: 'user.applies' },
  { type: 'user.invites' },
  { type: 'server.namesErrors' },
  { type: 'server.findsNoError' },
  { type: 'server.failsCheck' },
  { type: 'server.imports' },
  { type: 'server.queuesJob' },
  { type: 'server.refusesApply' },
  { type: 'server.failsApply' },
  { type: 'server.reportsProgress' },
  { type: 'server.blips' },
  { type: 'server.reportsDone' },
  { type: 'server.reportsFailure' },
  { type: 'server.forgetsJob' },
  { type: 'server.sendsInvites' },
  { type: 'server.refusesInvites' },
];

const file: Event = { type: 'user.choosesFile' };
const clean: Event = { type: 'server.findsNoError' };
const apply: Event = { type: 'user.applies' };

describeSpecWalk<typeof dataImportModel, Event>({
  title: 'The Import screen, walked from its model',
  model: dataImportModel,
  starts: [{ name: 'admin opens Import', input: {} }],
  events,
  canProduce: canProduce as never,
  serialize: serialize as never,
  app: { machine: dataImportMachine },
  open: (_, inspect) => renderApp({ path: '/admin/import', storage: signedIn(admin), inspect }),
  perform: (app, event, model) => perform(app, event, model as unknown as ModelSnapshot),
  label: (event) => event.type,
  setup: () => {
    URL.createObjectURL = vi.fn(() => 'blob:template');
    URL.revokeObjectURL = vi.fn();
  },
  scenarios: [
    {
      name: 'staff imported at once, then e-mailed their sign-in links',
      events: [
        file,
        clean,
        apply,
        { type: 'server.imports' },
        { type: 'user.invites' },
        { type: 'server.sendsInvites' },
      ],
    },
    {
      name: 'a large file followed as a job to its end',
      events: [
        file,
        clean,
        apply,
        { type: 'server.queuesJob' },
        { type: 'server.reportsProgress' },
        { type: 'server.blips' },
        { type: 'server.reportsProgress' },
        { type: 'server.reportsDone' },
      ],
    },
    {
      name: 'errors named, a corrected file imported',
      events: [file, { type: 'server.namesErrors' }, file, clean, apply, { type: 'server.imports' }],
    },
  ],
});
