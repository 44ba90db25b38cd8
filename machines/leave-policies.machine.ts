import { type ActorRefFrom, assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import type { LeaveTypePolicy } from '../src/domain/leave-policies';
import { leavePolicyFormValues } from '../src/domain/leave-policy-form';
import { leavePolicyToasts } from '../src/domain/messages/leave-policies';
import { notProvided, type ToastParams } from './effects';
import { leavePolicyFormMachine } from './leave-policy-form.machine';

/**
 * The Leave Policies screen (/admin/leave-policies, issue 17): every leave type's policy is fetched and
 * shown; editing a type makes its form (machines/leave-policy-form.machine.ts) from the stored policy,
 * and a save puts the server's answer in the list. A type without a limit (Unpaid Leave) is not edited.
 */
export interface LeavePoliciesContext {
  policies: LeaveTypePolicy[];
  /** The type being edited, and its form. */
  editing: LeaveTypePolicy | null;
  form: ActorRefFrom<typeof leavePolicyFormMachine> | null;
  error: ApiError | null;
}

export type LeavePoliciesEvent =
  | { type: 'policies.reload' }
  | { type: 'policy.edit'; leaveTypeId: number }
  | { type: 'policy.close' }
  | { type: 'xstate.done.actor.policyForm'; output: LeaveTypePolicy };

export const leavePoliciesMachine = setup({
  types: {
    context: {} as LeavePoliciesContext,
    events: {} as LeavePoliciesEvent,
  },
  actors: {
    loadPolicies: fromPromise<LeaveTypePolicy[]>(notProvided('leave-policies', 'loadPolicies')),
    policyForm: leavePolicyFormMachine,
  },
  actions: {
    notify: notProvided('leave-policies', 'notify') as (_: unknown, params: ToastParams) => void,
    /** The form is made for each edit, so it has an id but no systemId. */
    openForm: assign(({ context, event, spawn }) => {
      assertEvent(event, 'policy.edit');
      const policy = context.policies.find((p) => p.leaveTypeId === event.leaveTypeId) ?? null;
      if (!policy) return {};
      return {
        editing: policy,
        form: spawn('policyForm', {
          id: 'policyForm',
          input: { params: { leaveTypeId: policy.leaveTypeId }, values: leavePolicyFormValues(policy) },
        }),
      };
    }),
    closeForm: enqueueActions(({ context, enqueue }) => {
      if (context.form) enqueue.stopChild(context.form);
      enqueue.assign({ form: null, editing: null });
    }),
  },
  guards: {
    /** The type exists and has a yearly limit: 'No limit' types are not edited into one. */
    canEditPolicy: ({ context, event }) => {
      assertEvent(event, 'policy.edit');
      const policy = context.policies.find((p) => p.leaveTypeId === event.leaveTypeId);
      return policy !== undefined && policy.entitlement !== 'NONE';
    },
  },
}).createMachine({
  id: 'leavePolicies',
  description: "The Leave Policies screen: each leave type's policy, and its form when edited.",
  context: { policies: [], editing: null, form: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /leave-policies; a skeleton shows.',
      invoke: {
        id: 'loadPolicies',
        src: 'loadPolicies',
        onDone: { target: 'ready', actions: assign({ policies: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => toApiError(event.error) }),
            { type: 'notify', params: ({ event }) => leavePolicyToasts.loadFailed(toApiError(event.error)) },
          ],
        },
      },
    },
    failed: {
      description: 'They could not be fetched: the error and Try again show.',
      on: { 'policies.reload': 'loading' },
    },
    ready: {
      description: 'One card per leave type: how its days are set, proration, carry forward.',
      initial: 'browsing',
      states: {
        browsing: {
          description: 'Each type with a limit has an Edit button.',
          on: {
            'policy.edit': {
              guard: 'canEditPolicy',
              target: 'editing',
              actions: 'openForm',
              description: "Edit: the type's form opens with its stored policy.",
            },
          },
        },
        editing: {
          description: "The type's form shows in a dialog; Save sends it.",
          on: {
            'policy.close': {
              target: 'browsing',
              actions: 'closeForm',
              description: 'Cancel or Escape: nothing is saved.',
            },
            'xstate.done.actor.policyForm': {
              target: 'browsing',
              description: "Saved: the type's card shows what the server stored.",
              actions: [
                assign({
                  policies: ({ context, event }) =>
                    context.policies.map((p) =>
                      p.leaveTypeId === event.output.leaveTypeId ? event.output : p,
                    ),
                }),
                'closeForm',
              ],
            },
          },
        },
      },
    },
  },
});
