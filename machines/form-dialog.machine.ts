import { type AnyActorRef, type AnyStateMachine, assign, createMachine, setup, stopChild } from 'xstate';
import type { FormInput } from './form';

/**
 * The dialog around a form (decision 0012): the form edits and sends; this flow owns whether its dialog
 * shows. Each opening starts a fresh, empty form; Cancel, Escape, the close button or a click outside close
 * it, except while its request is out; the form's answer finishes the flow with that answer, and whoever
 * holds the dialog (the session, a leave screen) takes it and makes the next one.
 */

export interface FormDialogContext {
  /** What each form it opens starts from (who a leave request is for, its leave types). */
  formInput: FormInput<unknown>;
  /**
   * The open form; once closed, the last one shown (stopped), which the dialog still draws while it fades
   * out. Null before the first opening.
   */
  form: AnyActorRef | null;
  /** The form's answer, handed on as this flow's output. */
  output: unknown;
}

export type FormDialogEvent =
  | { type: 'dialog.open' }
  /** Cancel, Escape, the close button or a click outside. */
  | { type: 'dialog.close' }
  | { type: 'xstate.done.actor.form'; output: unknown };

/** Where no form was provided: the flow must be given its form with `provide`. */
const formNotProvided = createMachine({
  id: 'formNotProvided',
  entry: () => {
    throw new Error("form-dialog: provide the dialog's form as the 'form' actor");
  },
}) as AnyStateMachine;

export const formDialogMachine = setup({
  types: {
    context: {} as FormDialogContext,
    events: {} as FormDialogEvent,
    input: {} as FormInput<unknown>,
    output: {} as unknown,
  },
  actors: { form: formNotProvided },
  guards: {
    /** The form's request (and any upload before it) is not out: a dialog cannot close under it. */
    isFormIdle: ({ context }) => !context.form?.getSnapshot().hasTag('busy'),
  },
}).createMachine({
  id: 'formDialog',
  description: 'A dialog around a form: closed, or open with a fresh form, until the form is sent.',
  context: ({ input }) => ({ formInput: input, form: null, output: undefined }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The dialog is not showing.',
      on: { 'dialog.open': { target: 'open', description: 'Opens with a fresh, empty form.' } },
    },
    open: {
      description: 'The dialog shows its form.',
      entry: assign({
        form: ({ context, spawn }) => spawn('form', { id: 'form', input: context.formInput }),
      }),
      exit: stopChild('form'),
      on: {
        'dialog.close': {
          guard: 'isFormIdle',
          target: 'closed',
          description: 'Cancel, Escape, the close button or a click outside, unless the request is out.',
        },
        'xstate.done.actor.form': {
          target: 'sent',
          description: 'The form was sent and answered: the dialog closes with the answer.',
          actions: assign({ output: ({ event }) => event.output }),
        },
      },
    },
    sent: {
      type: 'final',
      description: 'Sent: whoever holds the dialog takes the answer and makes the next one.',
    },
  },
  output: ({ context }: { context: FormDialogContext }) => context.output,
});
