import {
  type ActorRefFrom,
  type AnyActorRef,
  assign,
  type EventObject,
  fromCallback,
  sendTo,
  setup,
} from 'xstate';
import {
  CLAIM_FORM_INITIAL_VALUES,
  type ClaimFormData,
  type ClaimFormValues,
  claimFormSchema,
} from '../src/domain/claim-screens';
import type { Claim } from '../src/domain/claims';
import { claimToasts } from '../src/domain/messages/claims';
import { createFormMachine, type FormInput } from './form';
import { formDialogMachine } from './form-dialog.machine';

/** What the form is given besides its fields: the chosen receipt, which its request uploads first. */
export interface NewClaimParams {
  receipt: File | null;
}

/**
 * The New claim form (issue 37 item 4): type, date, amount, description and the receipt's name. Its request
 * uploads a chosen receipt (the upload grant, then the PUT), then makes POST /claims; a refusal names the
 * field (`uploadKey` is the receipt's).
 */
export const claimFormMachine = createFormMachine<ClaimFormValues, ClaimFormData, Claim, NewClaimParams>({
  id: 'claimForm',
  description: 'New claim: type, expense date, amount, description and a receipt, then POST /claims.',
  initialValues: CLAIM_FORM_INITIAL_VALUES,
  schema: claimFormSchema,
  request: {
    id: 'createClaim',
    description:
      "A chosen receipt goes up first (the upload grant, then the PUT), then POST /claims; the button reads 'Processing...'.",
  },
  successToast: (claim) => claimToasts.created(claim.type),
  failureToast: claimToasts.createFailed,
  afterSuccess: { description: 'Filed: the dialog closes; the list and the totals are fetched again.' },
});

export type NewClaimEvent =
  | { type: 'receipt.select'; file: File }
  | { type: 'form.busy' }
  | { type: 'form.idle' }
  | { type: 'xstate.done.actor.form'; output: Claim };

export interface NewClaimContext {
  form: ActorRefFrom<typeof claimFormMachine>;
  receipt: File | null;
  result: Claim | null;
}

/** Tells the flow whether the form's request is out. */
const watchBusy = fromCallback<EventObject, { form: AnyActorRef }>(({ input, sendBack }) => {
  let busy = false;
  const subscription = input.form.subscribe((snapshot) => {
    if (snapshot.status !== 'active' || snapshot.hasTag('busy') === busy) return;
    busy = !busy;
    sendBack({ type: busy ? 'form.busy' : 'form.idle' });
  });
  return () => subscription.unsubscribe();
});

/**
 * The New claim dialog's flow around its form (decision 0012): it holds the receipt the file input chose
 * (the phone's camera or a file), gives it to the form's request and shows its name in the form's field.
 */
export const newClaimMachine = setup({
  types: {
    context: {} as NewClaimContext,
    events: {} as NewClaimEvent,
    input: {} as FormInput<NewClaimParams>,
    output: {} as Claim,
  },
  actors: { form: claimFormMachine, watchBusy },
}).createMachine({
  id: 'newClaim',
  description: 'The New claim dialog around its form: the chosen receipt goes with the request.',
  context: ({ input, spawn }) => ({
    form: spawn('form', { id: 'form', input }),
    receipt: null,
    result: null,
  }),
  invoke: { src: 'watchBusy', input: ({ context }) => ({ form: context.form }) },
  initial: 'editing',
  output: ({ context }) => context.result as Claim,
  states: {
    editing: {
      description: 'The user fills in the form and may take or choose a receipt.',
      on: {
        'receipt.select': {
          description: "A receipt is chosen: the form's request will upload it; its name shows in the field.",
          actions: [
            assign({ receipt: ({ event }) => event.file }),
            sendTo('form', ({ event }) => ({ type: 'form.given', params: { receipt: event.file } })),
            sendTo('form', ({ event }) => ({
              type: 'field.change',
              name: 'uploadKey',
              value: event.file.name,
            })),
          ],
        },
        'form.busy': { target: 'sending', description: "The form's request went out (the receipt first)." },
      },
    },
    sending: {
      description: 'The receipt goes up, then the claim; the dialog cannot close.',
      tags: ['busy'],
      on: {
        'form.idle': { target: 'editing', description: 'Refused: the form shows why beside the field.' },
        'xstate.done.actor.form': {
          target: 'sent',
          description: 'Filed: the flow ends with the new claim.',
          actions: assign({ result: ({ event }) => event.output }),
        },
      },
    },
    sent: { type: 'final', description: 'Filed; whoever holds the dialog fetches the list again.' },
  },
});

/** The dialog around it: a fresh flow and form on every opening. */
export const newClaimDialogMachine = formDialogMachine.provide({ actors: { form: newClaimMachine } });
