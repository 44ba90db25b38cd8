import type { AnyStateMachine } from 'xstate';
import { editablePanelMachine } from './editable-panel.machine';
import { listMachine } from './list.machine';
import { onboardingMachine } from './onboarding.machine';
import { registerUserMachine } from './register-user.machine';
import { resetPasswordMachine } from './reset-password.machine';
import { sessionMachine } from './session.machine';
import { userRecordMachine } from './user-record.machine';

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
    name: 'list',
    purpose:
      'Every table screen (first All Staff): fetching the rows of a query, the debounced search, sorting, paging, and removing a row after a confirmation.',
    machine: listMachine,
  },
  {
    name: 'register-user',
    purpose:
      "The 'Register a New Account' form: required fields, the server's company-domain rule, then onboarding or the staff list.",
    machine: registerUserMachine,
  },
  {
    name: 'onboarding',
    purpose:
      'The 4-step onboarding wizard: each step validated before Next, official CPF rates prefilled, one submit, and a question before leaving.',
    machine: onboardingMachine,
  },
  {
    name: 'editable-panel',
    purpose:
      'A panel of My profile or user detail: read-only, editing with Save only when something changed, saving; a failure keeps the draft.',
    machine: editablePanelMachine,
  },
  {
    name: 'user-record',
    purpose:
      'User detail and My profile: loading the user with the leave allowances, and Delete User behind a question.',
    machine: userRecordMachine,
  },
];
