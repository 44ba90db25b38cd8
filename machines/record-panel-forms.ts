import { type EmploymentInfoBody, employmentInfoFormSchema } from '../src/domain/employment-info';
import type { FormSchema, FormValues } from '../src/domain/forms';
import { payrollToasts } from '../src/domain/messages/payroll';
import { openingBalanceToasts, recordPanelToasts } from '../src/domain/messages/staff';
import type { Refusal, Toast } from '../src/domain/messages/toast';
import { leaveAllowanceFormSchema } from '../src/domain/onboarding';
import {
  type OpeningLeaveBody,
  type OpeningYtdBody,
  openingLeaveFormSchema,
  openingYtdFormSchema,
} from '../src/domain/opening-balances';
import {
  CPF_RATE_CHOICES,
  type PaymentInfoInput,
  paymentInfoFormSchema,
  withOfficialCpfRates,
} from '../src/domain/payment-info';
import { type SnapshotUpdate, snapshotFormSchema } from '../src/domain/payslips';
import { type StaffInfoBody, staffInfoBodySchema } from '../src/domain/staff-info';
import { profileFormSchema } from '../src/domain/users';
import {
  editablePanelMachine,
  type PanelForm,
  type PanelParams,
  type PanelValues,
} from './editable-panel.machine';
import { createFormMachine, type FillRule } from './form';

/**
 * The form of each editable panel (spec section 2): the one form statechart (machines/form.ts) with the
 * panel's fields, spec section 5's checks and spec section 8's toasts. The panel (machines/editable-panel.machine.ts)
 * is given it by whoever holds the panel (`panelWith`), and opens it from the stored values when the pencil
 * is pressed; its request saves the record and answers the values as stored, which the panel then shows.
 */

const RATES = ['employeeCpfContributionRate', 'employerCpfContributionRate'] as const;

/**
 * The one CPF-rate prefill (onboarding step 3 and the Payment Information panel): the official rates for the
 * CPF type, section and birth date, until the user types their own; a new type or section brings them again
 * (NONE clears them).
 */
export function officialCpfRatesFill<TValues extends FormValues, TParams>(
  birthDateOf: (params: TParams) => string | null,
): FillRule<TValues, TParams> {
  return {
    fields: RATES,
    from: CPF_RATE_CHOICES,
    fill: (values, params) => {
      // No CPF type yet, or no official rates for it: the rates stay as they are.
      const filled: FormValues = withOfficialCpfRates(values, birthDateOf(params));
      return { [RATES[0]]: filled[RATES[0]], [RATES[1]]: filled[RATES[1]] } as unknown as Partial<TValues>;
    },
  };
}

interface PanelToasts {
  saved: Toast;
  failed: (error: Refusal) => Toast;
}

function panelForm<TData>(definition: {
  id: string;
  description: string;
  schema: unknown;
  toasts: PanelToasts;
  fills?: ReadonlyArray<FillRule<PanelValues, PanelParams>>;
}) {
  return createFormMachine<PanelValues, TData, PanelValues, PanelParams>({
    id: definition.id,
    description: definition.description,
    // A panel's form always opens from what is stored.
    initialValues: {},
    schema: definition.schema as FormSchema<PanelValues, TData>,
    fills: definition.fills,
    request: { id: 'savePanel', description: 'The change is in flight; Save and Cancel are disabled.' },
    successToast: () => definition.toasts.saved,
    failureToast: (error) => definition.toasts.failed(error),
    afterSuccess: { description: 'Saved: the panel shows the values as stored.' },
  });
}

export const profilePanelForm = panelForm<{ fullName: string; email: string }>({
  id: 'profilePanel',
  description: 'The profile panel of user detail: full name and e-mail.',
  schema: profileFormSchema,
  toasts: recordPanelToasts.profile,
});

export const staffInfoPanelForm = panelForm<StaffInfoBody>({
  id: 'staffInfoPanel',
  description:
    'Staff Information: gender, NRIC/FIN, date of birth, race, nationality and the residential address.',
  schema: staffInfoBodySchema,
  toasts: recordPanelToasts.staffInfo,
});

export const employmentInfoPanelForm = panelForm<EmploymentInfoBody>({
  id: 'employmentInfoPanel',
  description:
    'Employment Information: designation, dates, pass type, employment type and status, then the work pattern.',
  schema: employmentInfoFormSchema,
  toasts: recordPanelToasts.employmentInfo,
});

export const paymentInfoPanelForm = panelForm<PaymentInfoInput>({
  id: 'paymentInfoPanel',
  description: 'Payment Information: salary, CPF type, section and rates, self-help group and bank.',
  schema: paymentInfoFormSchema,
  toasts: recordPanelToasts.paymentInfo,
  fills: [officialCpfRatesFill<PanelValues, PanelParams>((params) => params.birthDate)],
});

export const leaveAllowancePanelForm = panelForm<{
  leaveBalances: { leaveTypeId: number; totalDays: number }[];
}>({
  id: 'leaveAllowancePanel',
  description: 'Leave Allowance: the days of every leave type with a yearly limit.',
  schema: leaveAllowanceFormSchema,
  toasts: recordPanelToasts.leaveAllowance,
});

/** Payment Information Used on Pay Items: the payslip's own salary, CPF rates and self-help group. */
export const paymentSnapshotForm = panelForm<SnapshotUpdate>({
  id: 'paymentSnapshot',
  description:
    "Payment Information Used on Pay Items: the payslip's salary, CPF rates and self-help group, until processed.",
  schema: snapshotFormSchema,
  toasts: { saved: payrollToasts.snapshotSaved, failed: payrollToasts.snapshotFailed },
});

/** User detail's Opening balances (issue 38): the year so far paid before the company used the product. */
export const openingYtdPanelForm = panelForm<Omit<OpeningYtdBody, 'year'>>({
  id: 'openingYtdPanel',
  description:
    'The year so far: the last month paid before, ordinary and additional wages, employee and employer CPF, SHG and SDL.',
  schema: openingYtdFormSchema,
  toasts: { saved: openingBalanceToasts.ytdSaved, failed: openingBalanceToasts.ytdFailed },
});

/** User detail's Opening balances: the leave days taken before, per leave type. */
export const openingLeavePanelForm = panelForm<OpeningLeaveBody['balances']>({
  id: 'openingLeavePanel',
  description: 'The leave days taken in the year before the company used the product, per leave type.',
  schema: openingLeaveFormSchema,
  toasts: { saved: openingBalanceToasts.leaveSaved, failed: openingBalanceToasts.leaveFailed },
});

/** The panel flow (machines/editable-panel.machine.ts) with its form: what whoever holds a panel spawns. */
export const panelWith = (form: PanelForm) => editablePanelMachine.provide({ actors: { form } });

/** The record panels of My profile and user detail, each the panel flow with its kind's form. */
export const recordPanels = {
  profile: panelWith(profilePanelForm),
  staffInfo: panelWith(staffInfoPanelForm),
  employmentInfo: panelWith(employmentInfoPanelForm),
  paymentInfo: panelWith(paymentInfoPanelForm),
  leaveAllowance: panelWith(leaveAllowancePanelForm),
};
