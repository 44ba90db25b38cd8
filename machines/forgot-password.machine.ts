import { type ActorRefFrom, assign, setup, stopChild } from 'xstate';
import { type ForgotPasswordFormValues, forgotPasswordFormSchema } from '../src/domain/auth-forms';
import { sessionToasts } from '../src/domain/messages/session';
import { createFormMachine, type FormInput } from './form';

/** Spec section 9: the resend lock after a reset e-mail was sent. */
export const RESEND_LOCK_SECONDS = 20;

/** The form: Email, then POST /auth/forget-password. The lock after a success is the flow's, below. */
export const forgotPasswordFormMachine = createFormMachine<ForgotPasswordFormValues, { email: string }, void>(
  {
    id: 'forgotPasswordForm',
    description: 'The forgot-password form: Email, then Send Reset Email.',
    initialValues: { email: '' },
    schema: forgotPasswordFormSchema,
    request: {
      id: 'requestPasswordReset',
      description: "POST /auth/forget-password is in flight; the button reads 'Sending...'.",
    },
    successToast: () => sessionToasts.resetEmailSent,
    failureToast: sessionToasts.resetEmailFailed,
    afterSuccess: { description: 'Sent: the flow locks the button.' },
  },
);

type FormRef = ActorRefFrom<typeof forgotPasswordFormMachine>;

export interface ForgotPasswordContext {
  /** The form now; during the lock, the one that was sent (stopped), which still shows the address. */
  form: FormRef;
  secondsLeft: number;
}

/**
 * The forgot-password tab of /login (decision 0012): the form, and after each success a 20 second lock
 * during which the button counts down and the address sent to stays showing; then a fresh form starts from
 * that address. The session invokes it beside the sign-in form, so switching tabs or a failed sign-in
 * leaves the lock running.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as { type: 'xstate.done.actor.form'; output: undefined },
    input: {} as FormInput<object>,
  },
  actors: { form: forgotPasswordFormMachine },
  delays: { lock: RESEND_LOCK_SECONDS * 1000, tick: 1000 },
}).createMachine({
  id: 'forgotPassword',
  description: 'Forgot password: the form, then a 20 second lock after each reset e-mail sent.',
  context: ({ input, spawn }) => ({
    form: spawn('form', { id: 'form', input }),
    secondsLeft: 0,
  }),
  initial: 'asking',
  states: {
    asking: {
      description: 'The form takes an address and sends the reset e-mail.',
      on: {
        'xstate.done.actor.form': {
          target: 'locked',
          description: 'The e-mail was sent: Send Reset Email locks.',
        },
      },
    },
    locked: {
      description:
        "The button reads 'Please wait Ns before requesting again...' and the address sent to stays showing.",
      entry: assign({ secondsLeft: RESEND_LOCK_SECONDS }),
      after: {
        lock: {
          target: 'asking',
          description: 'The wait is over: a fresh form, starting from the address sent to.',
          actions: [
            stopChild('form'),
            assign({
              form: ({ context, spawn }) =>
                spawn('form', {
                  id: 'form',
                  input: { params: {}, values: context.form.getSnapshot().context.values },
                }),
            }),
          ],
        },
      },
      initial: 'counting',
      states: {
        counting: {
          description: 'One tick a second updates the count.',
          after: {
            tick: {
              target: 'counting',
              reenter: true,
              actions: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
            },
          },
        },
      },
    },
  },
});

/** Send Reset Email is disabled while the email is empty (and while sending or locked, which the machines know). */
export const canSubmitForgotPassword = (values: ForgotPasswordFormValues) => values.email.trim() !== '';

/** The button's label in each state (spec section 2). */
export function resetRequestLabel(view: { submitting: boolean; lockSecondsLeft: number | null }): string {
  if (view.submitting) return 'Sending...';
  if (view.lockSecondsLeft !== null) {
    return `Please wait ${view.lockSecondsLeft || RESEND_LOCK_SECONDS}s before requesting again...`;
  }
  return 'Send Reset Email';
}
