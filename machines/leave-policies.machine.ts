import { type ActorRefFrom, assertEvent, assign, enqueueActions, setup } from 'xstate';
import type { ApiError } from '../src/domain/auth';
import type { LeaveTypePolicy } from '../src/domain/leave-policies';
import { leavePolicyFormValues } from '../src/domain/leave-policy-form';
import { leavePolicyToasts } from '../src/domain/messages/leave-policies';
import { childNews, notProvided, type ToastParams } from './effects';
import { leavePolicyFormMachine } from './leave-policy-form.machine';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/**
 * The Leave Policies screen (/admin/leave-policies, issue 17): every leave type's policy is fetched (the
 * load statechart, machines/load.machine.ts) and shown; editing a type makes its form (machines/leave-policy-form.machine.ts) from the stored policy,
 * and a save puts the server's answer in the list. A type without a limit (Unpaid Leave) is not edited.
 */
export interface LeavePoliciesContext {
  /** The policies' fetch: its skeleton, its failure and Try again. */
  load: LoadActorRef;
  policies: LeaveTypePolicy[];
  /** The type being edited, and its form. */
  editing: LeaveTypePolicy | null;
  form: ActorRefFrom<typeof leavePolicyFormMachine> | null;
}

export type LeavePoliciesEvent =
  | { type: 'policies.loaded'; policies: LeaveTypePolicy[] }
  | { type: 'policies.failed'; error: ApiError }
  | { type: 'policy.edit'; leaveTypeId: number }
  | { type: 'policy.close' }
  | { type: 'xstate.done.actor.policyForm'; output: LeaveTypePolicy };

export const leavePoliciesMachine = setup({
  types: {
    context: {} as LeavePoliciesContext,
    events: {} as LeavePoliciesEvent,
  },
  actors: {
    policies: loadMachine,
    /** Hears the fetch's outcome and passes it to this machine. */
    policiesNews: childNews<{ load: LoadActorRef }>((input, tell) =>
      loadNews<LeaveTypePolicy[]>(input.load, {
        loaded: (policies) => tell({ type: 'policies.loaded', policies }),
        failed: (error) => tell({ type: 'policies.failed', error }),
      }),
    ),
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
  context: ({ spawn }) => ({
    load: spawn('policies', { id: 'policies', systemId: 'leavePoliciesLoad', input: {} }),
    policies: [],
    editing: null,
    form: null,
  }),
  invoke: { src: 'policiesNews', input: ({ context }) => ({ load: context.load }) },
  initial: 'fetching',
  states: {
    fetching: {
      description: 'GET /leave-policies is on its way: the load shows its skeleton, or its failure.',
      on: {
        'policies.loaded': {
          target: 'ready',
          description: 'They arrived: one card per leave type.',
          actions: assign({ policies: ({ event }) => event.policies }),
        },
        'policies.failed': {
          description: 'They could not be fetched: a toast says so; the load offers Try again.',
          actions: { type: 'notify', params: ({ event }) => leavePolicyToasts.loadFailed(event.error) },
        },
      },
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
