import type { PayItemKind } from '../src/domain/payroll';
import {
  emptyPayItemDraft,
  kindInfo,
  type PayItem,
  type PayItemDraft,
  type PayItemFormData,
  payItemFormSchema,
} from '../src/domain/payslips';
import { createFormMachine } from './form';

/** Whose payslip an item goes on, and which kind's panel the form is in. */
export interface PayItemFormParams {
  kind: PayItemKind;
  userId: number;
  year: number;
  month: number;
  payslipId: number;
}

/**
 * A kind's Add form on Pay Items (spec section 2): Type, Treatment for a type paid either way (a fixed
 * allowance or a reimbursement, src/domain/payroll/treatment.ts) and Amount, then POST /<kind>-items.
 * Pay Items spawns one per kind while the payslip is not processed, lists the item it answers, and makes
 * the form again, empty (machines/pay-items.machine.ts).
 */
export const payItemFormMachine = createFormMachine<
  PayItemDraft,
  PayItemFormData,
  PayItem,
  PayItemFormParams
>({
  id: 'payItemForm',
  description:
    "A kind's Add form on Pay Items: Type (and Treatment where the type is paid either way) and Amount, then the item is added.",
  initialValues: emptyPayItemDraft,
  schema: payItemFormSchema,
  request: {
    id: 'addItem',
    description: "POST /<kind>-items is in flight; that kind's Add reads 'Processing...'.",
  },
  successToast: (_item, { kind }) => ({ type: 'success', title: kindInfo(kind).added }),
  failureToast: (error, { kind }) => ({
    type: 'error',
    title: kindInfo(kind).addFailed,
    description: error.message,
  }),
  afterSuccess: { description: 'Added: Pay Items lists it and makes the form again, empty.' },
});
