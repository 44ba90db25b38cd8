import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { staffPayslipsMachine } from '../../machines/staff-payslips.machine';
import type { PayslipsApi } from '../api/payslips.api';
import type { SubmissionsApi } from '../api/submissions.api';
import { wholeListPage } from '../domain/list-query';
import { ownerOfPayslipsQuery, type StaffPayslipRow } from '../domain/pay-lists';
import { provideList } from './list.actors';
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
      // GET /users/{id}/payslips/processed/aggregates?year answers the whole year, latest month first; it is
      // cut into pages here (decision 0011).
      payslips: provideList<StaffPayslipRow>({
        fetchRows: async (query) => {
          const { userId, year } = ownerOfPayslipsQuery(query);
          const all = (await payslips.processedOf(userId, year)).map((row) => ({
            ...row,
            id: row.payslipId,
          }));
          return { ...wholeListPage(all, query, {}), about: { count: all.length } };
        },
        removeRow: () => Promise.reject(new Error('My Payslips removes no row')),
      }),
      openPayslipPdf: fromPromise(({ input }) => openPdfInNewTab(() => payslips.payslipPdf(input.payslipId))),
      openIr8aPdf: fromPromise(({ input }) =>
        openPdfInNewTab(() => submissions.userIr8aPdf(input.userId, input.year)),
      ),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}

export type StaffPayslipsLogic = ReturnType<typeof provideStaffPayslips>;
