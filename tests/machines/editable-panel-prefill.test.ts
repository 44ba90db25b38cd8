import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { editablePanelMachine } from '../../machines/editable-panel.machine';
import { recordPanelRules } from '../../machines/record-panel-rules';
import { paymentInfoFormValues } from '../../src/domain/payment-info';
import { onboardedStaff } from './staff-fixtures';

/** The payment panel's CPF prefill: the same official rates the onboarding wizard fills in. */
describe('payment panel', () => {
  const values = {
    ...paymentInfoFormValues(onboardedStaff.paymentInfo as NonNullable<typeof onboardedStaff.paymentInfo>),
  };
  const start = (dateOfBirth: string | null) => {
    const actor = createActor(editablePanelMachine, {
      input: { kind: 'paymentInfo', rules: recordPanelRules.paymentInfo, values, dateOfBirth },
    });
    actor.start();
    actor.send({ type: 'panel.edit' });
    return actor;
  };

  it('fills in the official rates for the birth date when the CPF type or section changes', () => {
    const actor = start('1960-05-01');
    actor.send({ type: 'panel.change', field: 'cpfType', value: 'SINGAPORE PR 2 YEAR' });
    actor.send({ type: 'panel.change', field: 'cpfSection', value: 'CPF2' });
    // A 2nd-year PR on F/G (CPF2) aged above 65 to 70 in 2026: employee 5%, employer 9% (the full
    // Table 1 employer rate), as the shared CPF facts give them (Table 5; 65-70 = 9 + 5).
    const { draft } = actor.getSnapshot().context;
    expect([draft.employeeCpfContributionRate, draft.employerCpfContributionRate]).toEqual(['5', '9']);
    // The admin may still type other rates.
    actor.send({ type: 'panel.change', field: 'employeeCpfContributionRate', value: '19' });
    expect(actor.getSnapshot().context.draft.employeeCpfContributionRate).toBe('19');
  });

  it('clears the rates for NONE and leaves them without a birth date', () => {
    const none = start('1960-05-01');
    none.send({ type: 'panel.change', field: 'cpfType', value: 'NONE' });
    expect(none.getSnapshot().context.draft.employeeCpfContributionRate).toBe('');
    const unknown = start(null);
    unknown.send({ type: 'panel.change', field: 'cpfType', value: 'PR 3 YEAR AND ABOVE' });
    expect(unknown.getSnapshot().context.draft.employeeCpfContributionRate).toBe('20');
  });
});
