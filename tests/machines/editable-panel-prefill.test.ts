import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { editablePanelMachine } from '../../machines/editable-panel.machine';
import { paymentInfoFormValues } from '../../src/domain/payment-info';
import { onboardedStaff } from './staff-fixtures';

/** The payment panel's CPF prefill: the same official rates the onboarding wizard fills in. */
describe('payment panel', () => {
  const values = {
    ...paymentInfoFormValues(onboardedStaff.paymentInfo as NonNullable<typeof onboardedStaff.paymentInfo>),
  };
  const start = (dateOfBirth: string | null) => {
    const actor = createActor(editablePanelMachine, {
      input: { kind: 'paymentInfo', values, dateOfBirth },
    });
    actor.start();
    actor.send({ type: 'panel.edit' });
    const form = actor.getSnapshot().context.form;
    if (!form) throw new Error('the pencil opens the form');
    return {
      change: (name: string, value: string) => form.send({ type: 'field.change', name, value }),
      values: (): Record<string, string> => form.getSnapshot().context.values,
    };
  };

  it('fills in the official rates for the birth date when the CPF type or section changes', () => {
    const form = start('1960-05-01');
    // Opening keeps the stored rates (they differ from the official ones for this birth date).
    expect(form.values().employeeCpfContributionRate).toBe(values.employeeCpfContributionRate);
    form.change('cpfType', 'SINGAPORE PR 2 YEAR');
    form.change('cpfSection', 'CPF2');
    // A 2nd-year PR on F/G (CPF2) aged above 65 to 70 in 2026: employee 5%, employer 9% (the full
    // Table 1 employer rate), as the shared CPF facts give them (Table 5; 65-70 = 9 + 5).
    const filled = form.values();
    expect([filled.employeeCpfContributionRate, filled.employerCpfContributionRate]).toEqual(['5', '9']);
    // The admin may still type other rates.
    form.change('employeeCpfContributionRate', '19');
    expect(form.values().employeeCpfContributionRate).toBe('19');
  });

  it('clears the rates for NONE and leaves them without a birth date', () => {
    const none = start('1960-05-01');
    none.change('cpfType', 'NONE');
    expect(none.values().employeeCpfContributionRate).toBe('');
    const unknown = start(null);
    unknown.change('cpfType', 'PR 3 YEAR AND ABOVE');
    expect(unknown.values().employeeCpfContributionRate).toBe('20');
  });
});
