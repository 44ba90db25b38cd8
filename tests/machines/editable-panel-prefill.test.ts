import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { panelWith, recordPanels, staffInfoPanelForm } from '../../machines/record-panel-forms';
import { paymentInfoFormValues } from '../../src/domain/payment-info';
import { staffInfoFormValues } from '../../src/domain/staff-info';
import { onboardedStaff } from './staff-fixtures';

/** The payment panel's CPF prefill: the same official rates the onboarding wizard fills in. */
describe('payment panel', () => {
  const values = {
    ...paymentInfoFormValues(onboardedStaff.paymentInfo as NonNullable<typeof onboardedStaff.paymentInfo>),
  };
  const start = (dateOfBirth: string | null) => {
    const actor = createActor(recordPanels.paymentInfo, {
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

/** The Leave Allowance panel (issue 17): the policy's entitlement fills a type with no days stored. */
describe('leave allowance panel', () => {
  it('opens with what is stored, and the entitlement where nothing is', () => {
    const actor = createActor(recordPanels.leaveAllowance, {
      input: { kind: 'leaveAllowance', values: { '1': '14', '2': '' } },
    });
    actor.start();
    actor.send({ type: 'panel.prefill', values: { '1': '16', '2': '14' }, minimums: { '1': 7, '2': 14 } });
    actor.send({ type: 'panel.edit' });
    expect(actor.getSnapshot().context.form?.getSnapshot().context.values).toEqual({ '1': '14', '2': '14' });
    // Read-only, the panel still shows what is stored.
    expect(actor.getSnapshot().context.stored).toEqual({ '1': '14', '2': '' });
  });
});

/** Spec section 2: Cancel restores the stored values, but not while the save is in flight. */
describe('a panel saving', () => {
  it('keeps its form while the save is out, and Cancel closes it once the save failed', async () => {
    let refuse: (error: Error) => void = () => undefined;
    const panel = panelWith(
      staffInfoPanelForm.provide({
        actors: {
          submit: fromPromise(() => new Promise<Record<string, string>>((_, reject) => (refuse = reject))),
        },
        actions: { notify: () => undefined },
      }),
    );
    const info = onboardedStaff.staffInfo as NonNullable<typeof onboardedStaff.staffInfo>;
    const actor = createActor(panel, { input: { kind: 'staffInfo', values: staffInfoFormValues(info) } });
    actor.start();
    actor.send({ type: 'panel.edit' });
    const form = actor.getSnapshot().context.form;
    form?.send({ type: 'field.change', name: 'dateOfBirth', value: '2000-09-03' });
    form?.send({ type: 'form.submit' });
    actor.send({ type: 'panel.cancel' });
    expect(actor.getSnapshot().value).toBe('editing');
    refuse(new Error('Server error'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'panel.cancel' });
    expect(actor.getSnapshot().value).toBe('readOnly');
  });
});
