import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { leavePoliciesMachine } from '../../machines/leave-policies.machine';
import { leavePolicyFormMachine } from '../../machines/leave-policy-form.machine';
import type { LeavePoliciesApi } from '../api/leave-policies.api';
import { provideLoad } from './load.actors';

export interface LeavePoliciesEffects {
  leavePolicies: Pick<LeavePoliciesApi, 'policies' | 'updatePolicy'>;
  notify: (toast: ToastParams) => void;
}

/** /admin/leave-policies with its live effects: the policies fetched, a type's policy saved. */
export function provideLeavePolicies({ leavePolicies, notify }: LeavePoliciesEffects) {
  return leavePoliciesMachine.provide({
    actions: { notify: (_, toast) => notify(toast) },
    actors: {
      policies: provideLoad(() => leavePolicies.policies()),
      policyForm: leavePolicyFormMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => {
            const { leaveTypeId, ...body } = input;
            return leavePolicies.updatePolicy(leaveTypeId, {
              entitlement: body.entitlement,
              days: body.days ?? null,
              schedule: body.schedule ?? null,
              prorate: body.prorate,
              carryForwardMaxDays: body.carryForwardMaxDays,
              carryForwardExpiryMonths: body.carryForwardExpiryMonths,
            });
          }),
        },
        actions: { notify: (_, toast) => notify(toast) },
      }),
    },
  });
}

export type LeavePoliciesLogic = ReturnType<typeof provideLeavePolicies>;
