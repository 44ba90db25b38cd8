import { act, fireEvent, screen, within } from '@testing-library/react';
import { userRecordMachine } from '../../machines/user-record.machine';
import type { ApiError } from '../../src/domain/auth';
import type { PayslipAggregate } from '../../src/domain/payslips';
import { type PayslipLine, type UserRecordModelEvent, userRecordModel } from '../models/user-record.model';
import { admin } from '../views/fixtures';
import { advance, openDialog, pdfTab, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';
import { allowancesOf, leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * Admin user detail (/admin/users/:id) walked from its spec model (tests/models/user-record.model.ts): the
 * load, Delete User's confirmation (Cancel against Continue), the delete refused, and panels saved showing
 * elsewhere on the page, and (issue 34) the Payslips section with View payslip. The app's user-record
 * statechart is only followed for coverage.
 */

const user = onboardedStaff;
const notFound: ApiError = { statusCode: 404, error: 'Not Found', message: 'User not found.' };
const keptForPayroll: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: `${user.fullName} has processed payslips, which must be kept. Set the employment status to Resigned instead.`,
};
const allowances = allowancesOf({ 1: 14, 2: 14, 3: 6 });
/**
 * GET /users/{id}/leave-entitlements (issue 17) for someone hired 17 Jul 2023: in their 4th year of service
 * the Employment Act's 10 days of annual leave (the company gives 12), 14 days of medical leave after 6
 * completed months, 6 days of childcare leave; unpaid leave has no limit.
 */
const entitlements = [
  { leaveType: { id: 1, name: 'Annual Leave' }, statutoryDays: 10, entitledDays: 12 },
  { leaveType: { id: 2, name: 'Medical Leave' }, statutoryDays: 14, entitledDays: 14 },
  { leaveType: { id: 3, name: 'Childcare Leave' }, statutoryDays: 6, entitledDays: 6 },
  { leaveType: { id: 8, name: 'Unpaid Leave' }, statutoryDays: null, entitledDays: null },
].map((e) => ({ ...e, carriedForwardDays: 0, carriedForwardExpiresOn: null }));
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'An unexpected error occurred. Please try again later.',
};
const RENAMED = 'Nur Aisyah Rahman';

/**
 * Her processed payslips as the server answers them, newest first, one in each e-mail state of issue 34,
 * with what the section shows: the times are UTC instants read in Singapore (UTC+8) by hand.
 */
const payslipRow = (
  payslipId: number,
  year: number,
  month: number,
  email: PayslipAggregate['email'],
): PayslipAggregate => ({
  payslipId,
  payslipMonth: month,
  payslipYear: year,
  processingStatus: 'PROCESSED',
  userDetails: { id: user.id, name: user.fullName },
  payDate: `${year}-${String(month).padStart(2, '0')}-28`,
  grossPay: 4200,
  totalEmployeeCpfContribution: 840,
  totalEmployerCpfContribution: 714,
  selfHelpGroupContribution: 3,
  netPay: 3357,
  otherItems: 0,
  netPayable: 3357,
  payItems: 0,
  email,
});
const processedPayslips = [
  payslipRow(93, 2026, 3, { state: 'SENT', at: '2026-03-02T02:15:00.000Z' }),
  payslipRow(82, 2026, 2, { state: 'OUTBOX', at: '2026-02-27T09:05:00.000Z' }),
  payslipRow(71, 2026, 1, { state: 'FAILED', at: '2026-01-30T16:30:00.000Z' }),
  payslipRow(60, 2025, 12, { state: 'QUEUED', at: '2025-12-30T01:00:00.000Z' }),
  payslipRow(59, 2025, 11, { state: null, at: null }),
];
const payslipLines: PayslipLine[] = [
  { payslipId: 93, month: 'March 2026', email: ['Sent', '02/03/2026 10:15'] },
  { payslipId: 82, month: 'February 2026', email: ['Kept in the outbox', '27/02/2026 17:05'] },
  { payslipId: 71, month: 'January 2026', email: ['Failed', '31/01/2026 00:30'] },
  { payslipId: 60, month: 'December 2025', email: ['Queued', '30/12/2025 09:00'] },
  { payslipId: 59, month: 'November 2025', email: ['-'] },
];
const tab = pdfTab('blob:payslip-pdf');
const resigned = { ...user.employmentInfo, employmentStatus: 'RESIGNED', lastDayOfService: '2026-12-31' };

/** Opens a panel (its tab first), changes one field and presses Save. */
async function editAndSave(
  app: RunningApp,
  tab: string | null,
  title: string,
  edits: Record<string, string>,
) {
  if (tab) await app.user.click(screen.getByRole('tab', { name: tab }));
  await app.user.click(screen.getByRole('button', { name: `Edit ${title}` }));
  const form = screen.getByRole('form', { name: title });
  for (const [field, value] of Object.entries(edits)) {
    const input = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${field}"]`);
    if (!input) throw new Error(`no ${field} in ${title}`);
    fireEvent.change(input, { target: { value } });
    await settle();
  }
  await app.user.click(within(form).getByRole('button', { name: 'Save' }));
  await settle();
}

const confirmation = () => openDialog('alertdialog', 'Are you absolutely sure?');

const events: UserRecordModelEvent[] = [
  { type: 'server.sendsUser' },
  { type: 'server.userNotFound' },
  { type: 'server.fails' },
  { type: 'user.triesAgain' },
  { type: 'server.sendsEntitlements' },
  { type: 'server.entitlementsFail' },
  { type: 'user.savesName', fullName: RENAMED },
  { type: 'user.savesResigned' },
  { type: 'user.savesAllowance' },
  { type: 'user.deletes' },
  { type: 'user.cancelsDelete' },
  { type: 'user.confirmsDelete' },
  { type: 'server.deletes' },
  { type: 'server.refusesDelete' },
  { type: 'server.sendsPayslips' },
  { type: 'user.viewsPayslip' },
  { type: 'server.sendsPayslipPdf' },
  { type: 'server.failsPayslipPdf' },
];
const byType = (type: UserRecordModelEvent['type']) =>
  events.find((e) => e.type === type) as UserRecordModelEvent;

describeSpecWalk({
  title: 'admin user detail, walked from its spec model',
  model: userRecordModel,
  starts: [
    {
      name: 'admin opens a user',
      input: {
        id: user.id,
        fullName: user.fullName,
        maskedNric: 'T****456C',
        refusal: keptForPayroll.message,
        failure: serverDown.message,
        payslips: payslipLines,
      },
    },
  ],
  events,
  // Each panel is saved once a path, with the entitlements answered first (their answer may come any time).
  canProduce: (m, e) => {
    if (e.type === 'user.savesName') return m.context.fullName !== RENAMED;
    if (e.type === 'user.savesResigned') return m.context.status !== 'Resigned';
    // Two fetches at load (see the model); one more after the one allowance save of a path.
    if (e.type === 'user.savesAllowance') return m.context.balanceFetches < 3;
    // One Try again a path (each asks the allowances again, so the planner would never run out of states).
    if (e.type === 'user.triesAgain') return m.context.balanceFetches === 0;
    return true;
  },
  serialize: (m) =>
    JSON.stringify([
      m.value,
      m.context.entitlements,
      m.context.fullName,
      m.context.status,
      m.context.balanceFetches,
      m.context.payslipList,
    ]),
  app: { machine: userRecordMachine },
  open: (_path, inspect) => renderApp({ path: `/admin/users/${user.id}`, storage: signedIn(admin), inspect }),
  async perform(app, event) {
    switch (event.type) {
      case 'server.sendsUser':
        app.server.answer('GET', `/api/users/${user.id}`, 200, user);
        // Those of an earlier, failed fetch of the user too (it asks for the three together).
        for (const r of app.server.pending('GET', '/api/leave-types'))
          app.server.answer('GET', r.path, 200, leaveTypes);
        for (const r of app.server.pending('GET', `/api/users/${user.id}/leave-balances`))
          app.server.answer('GET', r.path, 200, allowances);
        break;
      case 'server.userNotFound':
        app.server.answer('GET', `/api/users/${user.id}`, 404, notFound);
        break;
      case 'server.fails':
        app.server.answer('GET', `/api/users/${user.id}`, 500, serverDown);
        break;
      case 'user.triesAgain':
        await app.user.click(screen.getByRole('button', { name: 'Try again' }));
        break;
      case 'server.sendsEntitlements':
        app.server.answer('GET', `/api/users/${user.id}/leave-entitlements`, 200, entitlements);
        break;
      case 'server.entitlementsFail':
        app.server.answer('GET', `/api/users/${user.id}/leave-entitlements`, 500, serverDown);
        break;
      case 'user.savesName':
        await editAndSave(app, null, 'Profile', { fullName: event.fullName });
        app.server.answer('PATCH', `/api/users/${user.id}`, 200, { ...user, fullName: event.fullName });
        break;
      case 'user.savesResigned':
        await editAndSave(app, 'Employment', 'Employment Information', {
          employmentStatus: 'RESIGNED',
          lastDayOfService: resigned.lastDayOfService,
        });
        app.server.answer('PATCH', `/api/employment-info/${user.employmentInfo?.id}`, 200, resigned);
        break;
      case 'user.savesAllowance': {
        await editAndSave(app, 'Leave Allowance', 'Leave Allowance', { 'leave-1': '16' });
        app.server.answer('PATCH', `/api/users/${user.id}/leave-balances/1`, 200, allowancesOf({ 1: 16 })[0]);
        await settle();
        // The Leave Balance's new totals.
        for (const r of app.server.pending('GET', `/api/users/${user.id}/leave-balances`))
          app.server.answer(r.method, r.path, 200, allowancesOf({ 1: 16, 2: 14, 3: 6 }));
        break;
      }
      case 'user.deletes': {
        const trigger = screen.getByRole('button', { name: 'Actions' });
        await app.user.click(trigger);
        // jsdom has no pointer events and runs animation frames on its own clock: the menu is driven by keyboard.
        const menu = screen.getByRole('menu');
        if (document.activeElement !== menu) act(() => menu.focus());
        const item = within(menu).getByRole('menuitem', { name: 'Delete User' });
        for (let i = 0; i < 3 && !item.hasAttribute('data-highlighted'); i++) {
          await app.user.keyboard('{ArrowDown}');
          await advance(20);
        }
        await app.user.keyboard('{Enter}');
        await advance(20);
        break;
      }
      case 'user.cancelsDelete':
        await app.user.click(within(confirmation()).getByRole('button', { name: 'Cancel' }));
        break;
      case 'user.confirmsDelete':
        await app.user.click(within(confirmation()).getByRole('button', { name: 'Continue' }));
        break;
      case 'server.deletes':
        app.server.answer('DELETE', `/api/users/${user.id}`, 204);
        break;
      case 'server.refusesDelete':
        app.server.answer('DELETE', `/api/users/${user.id}`, 409, keptForPayroll);
        break;
      case 'server.sendsPayslips':
        app.server.answer(
          'GET',
          `/api/users/${user.id}/payslips/processed/aggregates`,
          200,
          processedPayslips,
        );
        break;
      case 'user.viewsPayslip':
        await app.user.click(screen.getByRole('button', { name: 'View payslip for March 2026' }));
        break;
      case 'server.sendsPayslipPdf':
        app.server.answer('GET', '/api/payslips/93/pdf', 200, { pdf: 'bytes' });
        break;
      case 'server.failsPayslipPdf':
        app.server.answer('GET', '/api/payslips/93/pdf', 500, serverDown);
        break;
    }
    await settle();
  },
  setup: () => tab.install(),
  scenarios: [
    {
      name: 'the Payslips section: View payslip opens the PDF, then a failure closes its tab',
      events: [
        byType('server.sendsUser'),
        byType('server.sendsPayslips'),
        byType('user.viewsPayslip'),
        byType('server.sendsPayslipPdf'),
        byType('user.viewsPayslip'),
        byType('server.failsPayslipPdf'),
      ],
    },
    {
      name: 'the fetch fails: the reason and Try again, which brings the user',
      events: [byType('server.fails'), byType('user.triesAgain'), byType('server.sendsUser')],
    },
    {
      name: 'Delete User, then Cancel: the dialog closes and nothing is sent',
      events: [byType('server.sendsUser'), byType('user.deletes'), byType('user.cancelsDelete')],
    },
    {
      name: 'Delete User, then Continue: deleted, and back to the staff list',
      events: [
        byType('server.sendsUser'),
        byType('user.deletes'),
        byType('user.confirmsDelete'),
        byType('server.deletes'),
      ],
    },
    {
      name: 'renamed, then deleted: the toast names the user by the new name',
      events: [
        byType('server.sendsUser'),
        byType('user.savesName'),
        byType('user.deletes'),
        byType('user.confirmsDelete'),
        byType('server.deletes'),
      ],
    },
  ],
  label: (e) => e.type,
});
