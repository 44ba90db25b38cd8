import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { staffPayslipsMachine } from '../../machines/staff-payslips.machine';
import type { PayslipsApi } from '../api/payslips.api';
import { payrollToasts } from '../domain/messages/payroll';
import { openPdfInNewTab } from './pdf';

export interface StaffPayslipsEffects {
  payslips: Pick<PayslipsApi, 'processedOf' | 'payslipPdf'>;
  notify: (toast: ToastParams) => void;
}

/** Staff pay records with their live effects (spec sections 2, 7 and 8). */
export function provideStaffPayslips({ payslips, notify }: StaffPayslipsEffects) {
  return staffPayslipsMachine.provide({
    actors: {
      loadPayslips: fromPromise(({ input }) => payslips.processedOf(input.userId, input.year)),
      openPayslipPdf: fromPromise(({ input }) => openPdfInNewTab(() => payslips.payslipPdf(input.payslipId))),
    },
    actions: {
      notifyPdfFailed: () => notify(payrollToasts.pdfFailed),
    },
  });
}

export type StaffPayslipsLogic = ReturnType<typeof provideStaffPayslips>;
