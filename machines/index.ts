import type { AnyStateMachine } from 'xstate';
import { listMachine } from './list.machine';
import { payrollPeriodMachine } from './payroll-period.machine';
import { payslipLifecycle } from './payslip.lifecycle';
import { resetPasswordMachine } from './reset-password.machine';
import { sessionMachine } from './session.machine';
import { staffPayslipsMachine } from './staff-payslips.machine';

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
    name: 'payslip-lifecycle',
    purpose:
      "A payslip's processing status (Unprocessed, Items Added, Processed); the API asks it whether a change is allowed and answers 409 when it is not.",
    machine: payslipLifecycle,
  },
  {
    name: 'payroll-period',
    purpose:
      'Process Pay and View Processed Records: the period, its lists, row selection, pay date, bulk processing with progress, revert and the table PDF.',
    machine: payrollPeriodMachine,
  },
  {
    name: 'staff-payslips',
    purpose: "A staff member's own processed payslips by year (from the hire year), each opening as a PDF.",
    machine: staffPayslipsMachine,
  },
];
