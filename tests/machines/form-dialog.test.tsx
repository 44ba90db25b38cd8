import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { changePasswordDialogMachine } from '../../machines/change-password.machine';
import type { formDialogMachine } from '../../machines/form-dialog.machine';
import { requestLeaveDialogMachine } from '../../machines/request-leave.machine';
import { admin, staff } from '../views/fixtures';
import { planScenario, planTransitionPaths } from './coverage';
import { getOf } from './fake-server';
import { CHANGED_TOKEN, passwords } from './fixtures';
import {
  advance,
  expectToast,
  isDialogOpen,
  openDialog,
  type RunningApp,
  renderApp,
  settle,
  signedIn,
} from './harness';
import { describeModelWalk, followActor } from './model-walk';
import { answerNoLeaveYet, leaveTypes } from './staff-fixtures';

/**
 * Model-based test of the dialog around a form (machines/form-dialog.machine.ts), walked through each dialog
 * that uses it: Change Password from the sidebar, and Request for Leave on the staff dashboard. What the
 * screen must show is the spec's (section 2: the dialogs' titles and buttons; section 8: the toasts), and
 * ours: every opening starts from empty fields (ARCHITECTURE.md, decision 0012).
 */

type Machine = typeof formDialogMachine;
type Event =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'xstate.done.actor.form'; output: unknown };

const events: Event[] = [
  { type: 'dialog.open' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.form', output: undefined },
];

interface DialogScreen {
  name: string;
  machine: Machine;
  path: string;
  storage: Record<string, string>;
  /** What each form it opens starts from. */
  params: object;
  /** The dialog's title, which names it (spec section 2). */
  title: string;
  /** Tells this dialog's actor from another form dialog on the same screen. */
  isThisDialog: (s: AnyMachineSnapshot) => boolean;
  /** The button that opens it. */
  openIt: () => Promise<void>;
  /** The field typed into before a Cancel, which must be empty when the dialog opens again. */
  typedField: { name: string; value: string };
  /** The button that closes it without sending. */
  closeName: string;
  /** Fills the form with what the server accepts, sends it and has the server accept it. */
  send: (app: RunningApp, dialog: HTMLElement) => Promise<void>;
  /** The toast a sent form shows (spec section 8). */
  sentToast: [string, string];
}

const sidebarButton = async (name: string) => {
  const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
  await act(async () => fireEvent.click(within(sidebar).getByRole('button', { name })));
};
const type = (dialog: HTMLElement, name: string, value: string) => {
  const control = dialog.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!control) throw new Error(`no ${name} field in the dialog`);
  fireEvent.change(control, { target: { value } });
};

const changePassword: DialogScreen = {
  name: 'Change Password from the sidebar',
  machine: changePasswordDialogMachine,
  path: '/admin',
  storage: signedIn(admin),
  params: {},
  title: 'Change Password',
  isThisDialog: () => true,
  openIt: () => sidebarButton('Change Password'),
  typedField: { name: 'currentPassword', value: passwords.current },
  closeName: 'Cancel',
  async send(app, dialog) {
    type(dialog, 'currentPassword', passwords.current);
    type(dialog, 'newPassword', passwords.fresh);
    type(dialog, 'confirmPassword', passwords.fresh);
    await settle();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' })));
    await settle();
    app.server.answer('POST', '/api/auth/change-password', 200, { accessToken: CHANGED_TOKEN });
  },
  sentToast: ['Password changed', 'Your password has been changed successfully.'],
};

const requestLeave: DialogScreen = {
  name: 'Request for Leave on the staff dashboard',
  machine: requestLeaveDialogMachine,
  path: '/staff',
  storage: signedIn(staff),
  params: { userId: staff.id, leaveTypes },
  title: 'Request for Leave',
  // The staff dashboard holds two form dialogs: this one is for a person's leave.
  isThisDialog: (s) => 'userId' in ((s.context.formInput.params ?? {}) as object),
  openIt: async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request Leave' })));
  },
  typedField: { name: 'fromDate', value: '2026-03-02' },
  closeName: 'Close',
  async send(app, dialog) {
    type(dialog, 'leaveType', 'Annual Leave');
    type(dialog, 'fromDate', '2026-03-02');
    type(dialog, 'toDate', '2026-03-03');
    await settle();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create Request' })));
    await settle();
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
  sentToast: ['Leave Request Created!', 'Approval has to be made by your employer.'],
};

function walkThrough(screenInfo: DialogScreen) {
  const { name, machine, path, storage, title } = screenInfo;
  const actor = followActor(machine, screenInfo.isThisDialog);
  const dialog = () => (isDialogOpen('dialog', title) ? openDialog('dialog', title) : null);
  const start = { name, input: { params: screenInfo.params } };
  const planned = planTransitionPaths(machine, { starts: [start], events });
  // Closed after typing and opened again: the fresh form shows nothing of what was typed.
  const reopened = planScenario<Machine, Event>(machine, start, [
    { type: 'dialog.open' },
    { type: 'dialog.close' },
    { type: 'dialog.open' },
  ]);
  describeModelWalk<Machine, Event>({
    title: `form-dialog statechart, walked through ${name}`,
    machine,
    actor,
    plan: { paths: [...planned.paths, reopened], unreachable: planned.unreachable },
    open: () =>
      renderApp({
        path,
        storage,
        inspect: actor.inspect,
        prepare: (server) => {
          answerNoLeaveYet(server, staff.id);
          server.autoAnswer(getOf('/api/public-holidays'), 200, []);
        },
      }),
    async perform(app, event) {
      if (event.type === 'dialog.open') {
        await screenInfo.openIt();
        // Zag arms the dialog on the next tick.
        await advance(50);
      } else if (event.type === 'dialog.close') {
        const open = dialog();
        if (!open) throw new Error('the dialog is not open');
        // Something typed first, which the next opening must not show.
        type(open, screenInfo.typedField.name, screenInfo.typedField.value);
        await settle();
        await act(async () =>
          fireEvent.click(within(open).getByRole('button', { name: screenInfo.closeName })),
        );
      } else {
        const open = dialog();
        if (!open) throw new Error('the dialog is not open');
        await screenInfo.send(app, open);
      }
      await settle();
    },
    expectScreen(_app, s: SnapshotFrom<Machine>, event) {
      expect(window.location.pathname).toBe(path);
      const shown = dialog();
      expect(shown !== null, `the ${title} dialog shows`).toBe(s.matches('open'));
      if (shown && event?.type === 'dialog.open') {
        const typed = shown.querySelector<HTMLInputElement>(`[name="${screenInfo.typedField.name}"]`);
        expect(typed?.value, 'a fresh opening starts empty').toBe('');
      }
      if (event?.type === 'xstate.done.actor.form') expectToast(...screenInfo.sentToast);
    },
  });
}

walkThrough(changePassword);
walkThrough(requestLeave);
