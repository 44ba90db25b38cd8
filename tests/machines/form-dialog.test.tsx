import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AnyMachineSnapshot } from 'xstate';
import { changePasswordDialogMachine } from '../../machines/change-password.machine';
import { requestLeaveDialogMachine } from '../../machines/request-leave.machine';
import { createFormDialogModel, type DialogSpec, type FormDialogEvent } from '../models/form-dialog.model';
import { admin, staff } from '../views/fixtures';
import { getOf } from './fake-server';
import { CHANGED_TOKEN, passwords } from './fixtures';
import { advance, openDialog, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';
import { answerNoLeaveYet } from './staff-fixtures';

/**
 * The dialog around a form walked from its spec model (tests/models/form-dialog.model.ts) through each dialog
 * that uses it: Change Password from the sidebar, and Request for Leave on the staff dashboard. The app's
 * form-dialog statechart is only followed for coverage.
 */

const events: FormDialogEvent[] = [
  { type: 'user.opens' },
  { type: 'user.types' },
  { type: 'user.closes' },
  { type: 'user.sends' },
  { type: 'server.accepts' },
];

interface DialogScreen {
  spec: DialogSpec;
  machine: typeof changePasswordDialogMachine | typeof requestLeaveDialogMachine;
  storage: Record<string, string>;
  isThisDialog?: (s: AnyMachineSnapshot) => boolean;
  openIt: () => Promise<void>;
  typed: string;
  /** Fills the form with what the server accepts and sends it. */
  fillAndSend: (dialog: HTMLElement) => Promise<void>;
  accept: (app: RunningApp) => void;
}

const type = (dialog: HTMLElement, name: string, value: string) => {
  const control = dialog.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!control) throw new Error(`no ${name} field in the dialog`);
  fireEvent.change(control, { target: { value } });
};

const changePassword: DialogScreen = {
  spec: {
    title: 'Change Password',
    path: '/admin',
    field: 'currentPassword',
    close: { name: 'Cancel', whileSending: 'disabled' },
    request: { method: 'POST', path: '/api/auth/change-password' },
    sentToast: ['Password changed', 'Your password has been changed successfully.'],
  },
  machine: changePasswordDialogMachine,
  storage: signedIn(admin),
  openIt: async () => {
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    await act(async () => fireEvent.click(within(sidebar).getByRole('button', { name: 'Change Password' })));
  },
  typed: passwords.current,
  async fillAndSend(dialog) {
    type(dialog, 'currentPassword', passwords.current);
    type(dialog, 'newPassword', passwords.fresh);
    type(dialog, 'confirmPassword', passwords.fresh);
    await settle();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' })));
  },
  accept: (app) =>
    app.server.answer('POST', '/api/auth/change-password', 200, { accessToken: CHANGED_TOKEN }),
};

const requestLeave: DialogScreen = {
  spec: {
    title: 'Request for Leave',
    path: '/staff',
    field: 'fromDate',
    close: { name: 'Close', whileSending: 'hidden' },
    request: { method: 'POST', path: '/api/leave-requests' },
    sentToast: ['Leave Request Created!', 'Approval has to be made by your employer.'],
  },
  machine: requestLeaveDialogMachine,
  storage: signedIn(staff),
  // The staff dashboard holds two form dialogs: this one is for a person's leave.
  isThisDialog: (s) => 'userId' in ((s.context.formInput.params ?? {}) as object),
  openIt: async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request Leave' })));
  },
  // Dates typed day first (issue 34).
  typed: '02/03/2026',
  async fillAndSend(dialog) {
    type(dialog, 'leaveType', 'Annual Leave');
    type(dialog, 'fromDate', '02/03/2026');
    type(dialog, 'toDate', '03/03/2026');
    await settle();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create Request' })));
  },
  accept(app) {
    const [asked] = app.server.pending('POST', '/api/leave-requests');
    if (!asked) throw new Error('the request was not sent');
    const { leaveType: _, ...sent } = asked.body as Record<string, unknown>;
    app.server.answer('POST', '/api/leave-requests', 201, {
      ...sent,
      id: 71,
      leaveTypeId: 1,
      status: 'PENDING',
      type: 'Annual Leave',
      createdAt: '2026-02-20T02:00:00.000Z',
      updatedAt: '2026-02-20T02:00:00.000Z',
      user: { id: staff.id, fullName: staff.fullName, email: staff.email },
    });
  },
};

function walkThrough(dialogScreen: DialogScreen) {
  const { spec } = dialogScreen;
  const dialog = () => openDialog('dialog', spec.title);
  describeSpecWalk({
    title: `the ${spec.title} dialog on ${spec.path}, walked from the spec form-dialog model`,
    model: createFormDialogModel(spec),
    starts: [{ name: spec.title, input: undefined as never }],
    events,
    // Typed once an opening is enough to tell the states apart.
    canProduce: (m, e) => e.type !== 'user.types' || !m.context.typed,
    serialize: (m) => JSON.stringify([m.value, m.context.typed]),
    app: { machine: dialogScreen.machine, isUnderTest: dialogScreen.isThisDialog },
    open: (_path, inspect) =>
      renderApp({
        path: spec.path,
        storage: dialogScreen.storage,
        inspect,
        prepare: (server) => {
          answerNoLeaveYet(server, staff.id);
          server.autoAnswer(getOf('/api/public-holidays'), 200, []);
        },
      }),
    async perform(app, event) {
      switch (event.type) {
        case 'user.opens':
          await dialogScreen.openIt();
          // Zag arms the dialog on the next tick.
          await advance(50);
          break;
        case 'user.types':
          type(dialog(), spec.field, dialogScreen.typed);
          break;
        case 'user.closes': {
          const open = dialog();
          await act(async () => fireEvent.click(within(open).getByRole('button', { name: spec.close.name })));
          break;
        }
        case 'user.sends':
          await dialogScreen.fillAndSend(dialog());
          break;
        case 'server.accepts':
          dialogScreen.accept(app);
          break;
      }
      await settle();
    },
    scenarios: [
      {
        name: 'typed, then closed: nothing is sent, and the next opening is empty',
        events: [
          { type: 'user.opens' },
          { type: 'user.types' },
          { type: 'user.closes' },
          { type: 'user.opens' },
        ],
      },
      {
        name: 'sent and accepted: the dialog closes with its toast, and the next opening is empty',
        events: [
          { type: 'user.opens' },
          { type: 'user.sends' },
          { type: 'server.accepts' },
          { type: 'user.opens' },
        ],
      },
    ],
  });
}

walkThrough(changePassword);
walkThrough(requestLeave);
