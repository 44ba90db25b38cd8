import { fromPromise } from 'xstate';
import { panelRequest } from '../../machines/editable-panel.machine';
import type { ToastParams } from '../../machines/effects';
import { payItemFormMachine } from '../../machines/pay-item-form.machine';
import { PAY_ITEM_KINDS, type PayItemsEmployee, payItemsMachine } from '../../machines/pay-items.machine';
import { panelWith, paymentSnapshotForm } from '../../machines/record-panel-forms';
import type { LeaveApi } from '../api/leave.api';
import type { PayslipsApi } from '../api/payslips.api';
import type { usersApi } from '../api/users.api';
import { snapshotFormValues } from '../domain/payslips';
import { provideLeaveBalanceList } from './leave-balances.actors';

export interface PayItemsEffects {
  payslips: Pick<PayslipsApi, 'payslip' | 'items' | 'addItem' | 'removeItem' | 'updateSnapshot'>;
  leave: Pick<LeaveApi, 'balances'>;
  users: Pick<typeof usersApi, 'get'>;
  notify: (toast: ToastParams) => void;
}

/** Pay Items with its live effects (spec sections 7 and 8). */
export function providePayItems({ payslips, leave, users, notify }: PayItemsEffects) {
  return payItemsMachine.provide({
    actors: {
      loadPayItems: fromPromise(async ({ input }) => {
        const period = { year: input.year, month: input.month };
        // The payslip first: asking for it creates the row of an eligible employee.
        const payslip = await payslips.payslip(input.userId, period);
        const [lists, user] = await Promise.all([
          Promise.all(PAY_ITEM_KINDS.map((kind) => payslips.items(kind, input.userId, period))),
          input.user ??
            users
              .get(input.userId)
              .then((found): PayItemsEmployee | null =>
                'id' in found ? { id: found.id, fullName: found.fullName } : null,
              ),
        ]);
        const items = Object.fromEntries(PAY_ITEM_KINDS.map((kind, i) => [kind, lists[i] ?? []]));
        return { payslip, user, items: items as never };
      }),
      payItemForm: payItemFormMachine.provide({
        actors: {
          submit: fromPromise(({ input: { kind, ...body } }) => payslips.addItem(kind, body)),
        },
        actions: { notify: (_, toast) => notify(toast) },
      }),
      removeItem: fromPromise(({ input }) => payslips.removeItem(input.kind, input.item.id)),
      refreshPayslip: fromPromise(({ input }) =>
        payslips.payslip(input.userId, { year: input.year, month: input.month }),
      ),
      snapshot: providePaymentSnapshot({ payslips, notify }),
      // The Leave Balance table, as on My profile and user detail.
      balances: provideLeaveBalanceList(leave),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}

export type PayItemsLogic = ReturnType<typeof providePayItems>;

/**
 * Payment Information Used: Save sends PUT /payslips/{userId}/{year}/{month} with the panel's values; the
 * panel shows them as stored, and Pay Items fetches the payslip's new figures when the panel says so.
 */
function providePaymentSnapshot({ payslips, notify }: Pick<PayItemsEffects, 'payslips' | 'notify'>) {
  return panelWith(
    paymentSnapshotForm.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          const { subject, body } = panelRequest(input);
          if (!subject || !('payslip' in subject))
            throw new Error('Payment Information Used is saved for a payslip');
          const { userId, ...period } = subject.payslip;
          return snapshotFormValues(await payslips.updateSnapshot(userId, period, body));
        }),
      },
      actions: { notify: (_, toast) => notify(toast) },
    }),
  );
}
