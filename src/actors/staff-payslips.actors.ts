import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { staffPayslipsMachine } from '../../machines/staff-payslips.machine';
import type { PayslipsApi } from '../api/payslips.api';
import type { SubmissionsApi } from '../api/submissions.api';
import { openPdfInNewTab } from './pdf';

export interface StaffPayslipsEffects {
  payslips: Pick<PayslipsApi, 'processedOf' | 'payslipPdf'>;
  submissions: Pick<SubmissionsApi, 'userIr8aPdf'>;
  notify: (toast: ToastParams) => void;
}

/** Staff pay records with their live effects (spec sections 2, 7 and 8). */
export function provideStaffPayslips({ payslips, submissions, notify }: StaffPayslipsEffects) {
  return staffPayslipsMachine.provide({
    actors: {
      loadPayslips: fromPromise(({ input }) => payslips.processedOf(input.userId, input.year)),
      openPayslipPdf: fromPromise(({ input }) => openPdfInNewTab(() => payslips.payslipPdf(input.payslipId))),
      openIr8aPdf: fromPromise(({ input }) =>
        openPdfInNewTab(() => submissions.userIr8aPdf(input.userId, input.year)),
      ),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}

export type StaffPayslipsLogic = ReturnType<typeof provideStaffPayslips>;
