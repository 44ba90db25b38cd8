import { screen } from '@testing-library/react';
import { staffPayslipsMachine } from '../../machines/staff-payslips.machine';
import { todayIso } from '../../src/domain/dates';
import type { PayslipAggregate } from '../../src/domain/payslips';
import {
  BLOB,
  ir8aPath,
  listPath,
  NO_IR8A,
  pdfPath,
  SERVER_DOWN,
  type StaffPayslipsEvent,
  type StaffPayslipsModel,
  staffPayslipsModel,
  viewed,
} from '../models/staff-payslips.model';
import { staff } from '../views/fixtures';
import type { FakeServer } from './fake-server';
import { pdfTab, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * /staff/payslips walked from its spec model (tests/models/staff-payslips.model.ts): the year's payslips,
 * View opening one as a PDF in a new tab, IR8A for a year with payslips (none for a year without), with the
 * server's answers from the fake server. The app's staff-payslips machine is only watched, for coverage.
 */

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const payslips: PayslipAggregate[] = [3, 2, 1].map((month) => ({
  payslipId: 40 + month,
  payslipMonth: month,
  payslipYear: thisYear,
  processingStatus: 'PROCESSED',
  userDetails: { id: staff.id, name: staff.fullName },
  payDate: `${thisYear}-0${month}-28`,
  grossPay: 6200,
  totalEmployeeCpfContribution: 1240,
  totalEmployerCpfContribution: 1054,
  selfHelpGroupContribution: 2,
  netPay: 4958,
  otherItems: month === 3 ? 120 : 0,
  netPayable: month === 3 ? 5078 : 4958,
  payItems: month === 3 ? 2 : 0,
  // March pays two expense claims (issue 37): $120.00 of Other Items.
  claims:
    month === 3
      ? [
          { type: 'Transport', date: `${thisYear}-03-03`, amount: 12.5 },
          { type: 'Meals', date: `${thisYear}-02-27`, amount: 107.5 },
        ]
      : [],
}));
const hireYear = Number(staff.hireDate?.slice(0, 4));
const years = Array.from({ length: thisYear - hireYear + 1 }, (_, i) => thisYear - i);

/**
 * A browser's fetch reads a body as the page's Blob, which can be read back as text. In jsdom the page's
 * Blob has no `text()` and Node's fetch answers a Blob of Node's own (not the page's), so the fake server
 * answers a refused PDF (asked for as a blob) as a browser would: its JSON body as the page's Blob.
 */
function withBrowserRefusals(server: FakeServer) {
  const answer = server.fetch;
  server.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await answer(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    if (response.ok || (path !== ir8aPath(staff.id) && !/\/pdf$/.test(path))) return response;
    const body = await response.text();
    const refusal = new Response(body, { status: response.status, headers: response.headers });
    const type = response.headers.get('content-type') ?? '';
    refusal.blob = async () => Object.assign(new Blob([body], { type }), { text: async () => body });
    return refusal;
  }) as typeof fetch;
}

const events: StaffPayslipsEvent[] = [
  { type: 'server.sendsPayslips' },
  { type: 'server.fails' },
  { type: 'user.triesAgain' },
  { type: 'user.choosesYear', year: thisYear - 1 } as StaffPayslipsEvent,
  { type: 'user.viewsPayslip' },
  { type: 'server.sendsPdf' },
  { type: 'server.failsPdf' },
  { type: 'user.opensIr8a' },
  { type: 'server.sendsIr8a' },
  { type: 'server.refusesIr8a' },
];

type ModelSnapshot = { value: unknown; context: StaffPayslipsModel };

/** IR8A's guard reads the rows: a year with payslips and one without are different states. */
const serialize = (m: ModelSnapshot) =>
  JSON.stringify([m.value, (m.context.held[m.context.year] ?? []).length > 0]);

async function perform(app: RunningApp, event: StaffPayslipsEvent, m: ModelSnapshot) {
  const c = m.context;
  const problem = (status: number, message: string) => ({ statusCode: status, error: 'Error', message });
  switch (event.type) {
    case 'server.sendsPayslips':
      app.server.answer('GET', listPath(c.userId), 200, c.held[c.year] ?? []);
      break;
    case 'server.fails':
      app.server.answer('GET', listPath(c.userId), 500, problem(500, SERVER_DOWN));
      break;
    case 'user.triesAgain':
      await app.user.click(screen.getByText('Try again', { selector: 'button' }));
      break;
    case 'user.choosesYear':
      await app.user.selectOptions(screen.getByLabelText('Year'), String(event.year));
      break;
    case 'user.viewsPayslip': {
      const p = viewed(c);
      await app.user.click(
        screen.getByLabelText(
          `View payslip for ${['January', 'February', 'March'][p.payslipMonth - 1]} ${p.payslipYear}`,
        ),
      );
      break;
    }
    case 'server.sendsPdf':
      app.server.answer('GET', pdfPath(viewed(c).payslipId), 200, { pdf: 'bytes' });
      break;
    case 'server.failsPdf':
      app.server.answer('GET', pdfPath(viewed(c).payslipId), 500, problem(500, SERVER_DOWN));
      break;
    case 'user.opensIr8a':
      await app.user.click(screen.getByLabelText(`IR8A for ${c.year}`));
      break;
    case 'server.sendsIr8a':
      app.server.answer('GET', ir8aPath(c.userId), 200, { pdf: 'IR8A bytes' });
      break;
    case 'server.refusesIr8a':
      app.server.answer('GET', ir8aPath(c.userId), 409, problem(409, NO_IR8A(c.year)));
      break;
  }
  await settle();
}

const tab = pdfTab(BLOB);
const loaded: StaffPayslipsEvent = { type: 'server.sendsPayslips' };
const lastYear: StaffPayslipsEvent = { type: 'user.choosesYear', year: thisYear - 1 };

describeSpecWalk({
  title: '/staff/payslips, walked from its spec model',
  model: staffPayslipsModel,
  starts: [
    {
      name: 'staff opens Pay',
      input: { userId: staff.id, years, held: { [thisYear]: payslips, [thisYear - 1]: [] } },
    },
  ],
  events,
  serialize: serialize as never,
  app: { machine: staffPayslipsMachine },
  open: (_path, inspect) =>
    renderApp({ path: '/staff/payslips', storage: signedIn(staff), inspect, prepare: withBrowserRefusals }),
  perform: (app, event, model) => perform(app, event, model as unknown as ModelSnapshot),
  label: (event) =>
    event.type === 'user.choosesYear' ? 'user.choosesYear (last year, no payslips)' : event.type,
  setup: tab.install,
  scenarios: [
    {
      name: 'a year without payslips offers no View and no IR8A',
      events: [loaded, lastYear, loaded],
    },
    {
      name: 'a year with payslips: View opens the PDF, then IR8A opens the Form IR8A',
      events: [
        loaded,
        { type: 'user.viewsPayslip' } as StaffPayslipsEvent,
        { type: 'server.sendsPdf' } as StaffPayslipsEvent,
        { type: 'user.opensIr8a' } as StaffPayslipsEvent,
        { type: 'server.sendsIr8a' } as StaffPayslipsEvent,
      ],
    },
  ],
});
