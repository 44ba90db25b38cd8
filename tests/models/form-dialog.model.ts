import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast, isDialogOpen, openDialog, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * A dialog around a form, as spec section 2 (Change Password dialog, Request for Leave dialog), section 4
 * (the leave form: submitting disables it and hides the dialog's close control; after a successful create
 * the form resets and the dialog closes) and section 8 ('Password changed' ... 'dialog closes'; 'Leave
 * Request Created!'; buttons show 'Processing...' and are disabled while a request is in flight) describe
 * it. Closing sends nothing; every opening starts from empty fields (ours, decision 0012).
 */

export interface DialogSpec {
  /** The dialog's title, which names it. */
  title: string;
  /** The screen it is opened from. */
  path: string;
  /** A field the walk types into, which must be empty at each opening. */
  field: string;
  /** The button that closes it without sending, and what it does while the form is out. */
  close: { name: string; whileSending: 'disabled' | 'hidden' };
  /** The request the filled form sends. */
  request: { method: string; path: string };
  /** Spec section 8's toast once sent. */
  sentToast: readonly [string, string];
}

export interface FormDialogModel {
  /** Something was typed since the dialog opened. */
  typed: boolean;
  /** The toast the last step raised. */
  toast: boolean;
  /** How many forms the server accepted. */
  accepted: number;
}

export type FormDialogEvent =
  | { type: 'user.opens' }
  | { type: 'user.types' }
  | { type: 'user.closes' }
  | { type: 'user.sends' }
  | { type: 'server.accepts' };

export function createFormDialogModel(spec: DialogSpec) {
  const field = (dialog: HTMLElement) => {
    const control = dialog.querySelector<HTMLInputElement>(`[name="${spec.field}"]`);
    if (!control) throw new Error(`no ${spec.field} field in the dialog`);
    return control;
  };
  const written = (app: RunningApp) =>
    app.server.requests.filter((r) => r.method === spec.request.method && r.path === spec.request.path);
  return setup({
    types: { context: {} as FormDialogModel, events: {} as FormDialogEvent },
  }).createMachine({
    id: 'formDialogModel',
    context: { typed: false, toast: false, accepted: 0 },
    initial: 'closed',
    meta: shows((app, s) => {
      const m = s.context as FormDialogModel;
      expect(window.location.pathname).toBe(spec.path);
      // Only a sent form reaches the server; closing sends nothing.
      const pending = written(app).filter((r) => !r.answered).length;
      expect(written(app).length - pending, 'forms the server answered').toBe(m.accepted);
      expect(pending, 'a form in flight').toBe(s.matches('sending') ? 1 : 0);
    }),
    states: {
      closed: {
        meta: shows((_app, s) => {
          expect(isDialogOpen('dialog', spec.title), `the ${spec.title} dialog is closed`).toBe(false);
          if ((s.context as FormDialogModel).toast) expectToast(...(spec.sentToast as [string, string]));
        }),
        on: { 'user.opens': { target: 'open', actions: assign({ typed: false, toast: false }) } },
      },
      open: {
        meta: shows((_app, s) => {
          const dialog = openDialog('dialog', spec.title);
          const typed = (s.context as FormDialogModel).typed;
          if (!typed) expect(field(dialog).value, 'a fresh opening starts empty').toBe('');
          else expect(field(dialog).value).not.toBe('');
          expect(within(dialog).getByRole('button', { name: spec.close.name })).toBeEnabled();
        }),
        on: {
          'user.types': { actions: assign({ typed: true }) },
          'user.closes': { target: 'closed', actions: assign({ typed: false }) },
          'user.sends': { target: 'sending', actions: assign({ typed: true }) },
        },
      },
      sending: {
        meta: shows(() => {
          const dialog = openDialog('dialog', spec.title);
          const close = within(dialog).queryByRole('button', { name: spec.close.name });
          if (spec.close.whileSending === 'hidden')
            expect(close, 'no close control while sending').toBeNull();
          else expect(close, 'closing waits for the answer').toBeDisabled();
        }),
        on: {
          'server.accepts': {
            target: 'closed',
            actions: assign(({ context }) => ({ toast: true, typed: false, accepted: context.accepted + 1 })),
          },
        },
      },
    },
  });
}
