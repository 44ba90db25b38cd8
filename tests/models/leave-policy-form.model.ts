import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { formModel, toasts, type Values } from './form.model';

/**
 * A leave type's policy form, met in the Edit dialog of /admin/leave-policies (issue 17, decision 0010):
 * days go in steps of 0.5, a schedule needs a value for each year of service, carry forward is 0 or more
 * days and carried days expire after 1 to 12 months or not at all; PUT /leave-policies/{leaveTypeId}; the
 * server refuses a policy below the Employment Act with the law's words, naming the field at fault (the
 * schedule, or the days a year): they show beside it, above Save and in a toast; a save says 'Leave Policy
 * Updated!' and closes the dialog.
 */
export interface LeavePolicyParams {
  leaveTypeId: number;
  /** The dialog's name ('Edit Annual Leave') and the form's ('Annual Leave policy'). */
  name: string;
}

function errors(values: Values) {
  const daysProblem = (text: string | undefined, required: string) => {
    if (!text || text.trim() === '') return required;
    const n = Number(text);
    if (Number.isNaN(n)) return 'Please enter a number of days.';
    if (n < 0) return 'Days cannot be negative.';
    if (n * 2 !== Math.round(n * 2)) return 'Days go in steps of 0.5.';
    return undefined;
  };
  const expiry = values.carryForwardExpiryMonths?.trim() ?? '';
  const months = Number(expiry);
  return {
    days:
      values.entitlement === 'FIXED' ? daysProblem(values.days, 'Please enter the days a year.') : undefined,
    schedule:
      values.entitlement === 'SERVICE'
        ? (values.schedule ?? '')
            .split(',')
            .map((entry) => daysProblem(entry, 'Please enter the days for each year of service.'))
            .find(Boolean)
        : undefined,
    carryForwardMaxDays: daysProblem(
      values.carryForwardMaxDays,
      'Please enter the days that carry forward (0 for none).',
    ),
    carryForwardExpiryMonths:
      expiry === '' || (Number.isInteger(months) && months >= 1 && months <= 12)
        ? undefined
        : 'Carried days expire after 1 to 12 months; leave it empty if they do not expire.',
  };
}

/** The kind decides which of days and schedule is sent; an expiry only where days carry forward. */
function body(values: Values) {
  const carry = Number(values.carryForwardMaxDays);
  return {
    entitlement: values.entitlement,
    days: values.entitlement === 'FIXED' ? Number(values.days) : null,
    schedule: values.entitlement === 'SERVICE' ? (values.schedule ?? '').split(',').map(Number) : null,
    prorate: values.prorate === 'yes',
    carryForwardMaxDays: carry,
    carryForwardExpiryMonths:
      carry > 0 && values.carryForwardExpiryMonths ? Number(values.carryForwardExpiryMonths) : null,
  };
}

export const ANNUAL_LEAVE: LeavePolicyParams = { leaveTypeId: 1, name: 'Annual Leave' };
const form = () => screen.queryByRole('form', { name: `${ANNUAL_LEAVE.name} policy` });
const schedule = (shown: HTMLElement) =>
  shown.querySelector<HTMLElement>('[aria-labelledby="schedule-legend"]');

export const leavePolicyForm = formModel({
  id: 'leavePolicy',
  form,
  labels: { carryForwardMaxDays: 'Carry forward (max days)', carryForwardExpiryMonths: 'Expiry (months)' },
  others: ['entitlement', 'days', 'schedule', 'prorate'],
  showsOthers(shown, model) {
    const { values, errors } = model;
    expect(shown.querySelector<HTMLSelectElement>('select[name="entitlement"]')?.value).toBe(
      values.entitlement,
    );
    expect(shown.querySelector<HTMLInputElement>('input[name="prorate"]')?.checked).toBe(
      values.prorate === 'yes',
    );
    const years = [...shown.querySelectorAll<HTMLInputElement>('input[name^="schedule-"]')].map(
      (i) => i.value,
    );
    expect(years).toEqual(values.entitlement === 'SERVICE' ? values.schedule?.split(',') : []);
    // Each error (the server's refusal too, beside the field it names) stands beside its field.
    if (errors.schedule) expect(schedule(shown)?.textContent).toContain(errors.schedule);
    if (values.entitlement === 'FIXED') {
      const days = shown.querySelector<HTMLInputElement>('input[name="days"]');
      expect(days?.value).toBe(values.days);
      if (errors.days) expect(days?.closest('[data-part="root"]')?.textContent).toContain(errors.days);
      else expect(days).not.toHaveAttribute('aria-invalid');
    }
  },
  initialValues: {
    entitlement: 'SERVICE',
    days: '',
    schedule: '',
    prorate: 'yes',
    carryForwardMaxDays: '0',
    carryForwardExpiryMonths: '',
  },
  errors,
  submitLabel: 'Save',
  sendingLabel: 'Processing...',
  request: { method: 'PUT', path: `/api/leave-policies/${ANNUAL_LEAVE.leaveTypeId}`, okStatus: 200, body },
  showsOpen(_app, model) {
    expect(window.location.pathname).toBe('/admin/leave-policies');
    expect(screen.getByRole('dialog', { name: `Edit ${ANNUAL_LEAVE.name}` })).toBeInTheDocument();
    if (model.answered === 'refused') {
      // The law's words above Save (the form model checks) and in a toast; beside their field: showsOthers.
      expect(toasts().at(-1)).toEqual({
        title: 'Failed to update leave policy.',
        description: model.refusal,
      });
    }
  },
  showsDone() {
    expect(window.location.pathname).toBe('/admin/leave-policies');
    expect(screen.queryByRole('dialog', { name: `Edit ${ANNUAL_LEAVE.name}` })).toBeNull();
    expect(toasts().at(-1)?.title).toBe('Leave Policy Updated!');
  },
});
