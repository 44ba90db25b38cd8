import type { AnyStateMachine } from 'xstate';
import { leaveRequestLifecycle } from './leave-request.lifecycle';
import { resetPasswordMachine } from './reset-password.machine';
import { sessionMachine } from './session.machine';

export interface RegisteredMachine {
  /** File-name friendly id, used for docs/statecharts/<name>.* */
  name: string;
  /** One sentence for analysts. */
  purpose: string;
  machine: AnyStateMachine;
}

/** Every statechart of the product; the diagram generator and the coverage checks read this list. */
export const machines: readonly RegisteredMachine[] = [
  {
    name: 'session',
    purpose:
      'Sign-in, the forced first password, forgot password with its resend lock, the shared token refresh, the inactivity prompt and logout.',
    machine: sessionMachine,
  },
  {
    name: 'reset-password',
    purpose:
      'The reset-password screen reached from the e-mailed link: checks the token, validates, submits.',
    machine: resetPasswordMachine,
  },
  {
    name: 'leave-request-lifecycle',
    purpose:
      'The status of one leave request, shared with the server: pending until approved, rejected or deleted; nothing changes after.',
    machine: leaveRequestLifecycle,
  },
];
