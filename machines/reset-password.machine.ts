import { assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';

export interface ResetPasswordInput {
  /** The token query parameter of the e-mailed link, or null when it is missing. */
  token: string | null;
}

export interface ResetPasswordContext {
  token: string;
  error: ApiError | null;
}

export interface NewPasswordPair {
  newPassword: string;
  confirmPassword: string;
}

export type ResetPasswordEvent = { type: 'resetPassword.submit' } & NewPasswordPair;

export const resetPasswordMessages = {
  incomplete: 'Please fill in all fields.',
  mismatched: 'Passwords do not match.',
} as const;

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
  },
  actors: {
    resetPassword: fromPromise<void, { token: string; newPassword: string }>(() => {
      throw new Error("reset-password machine: 'resetPassword' is provided by the app");
    }),
  },
  actions: {
    notify: (_, _params: { type: 'success' | 'error'; title: string; description: string }) => {},
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
    hasEmptyField: (_, params: NewPasswordPair) => params.newPassword === '' || params.confirmPassword === '',
    hasMismatch: (_, params: NewPasswordPair) => params.newPassword !== params.confirmPassword,
  },
}).createMachine({
  id: 'resetPassword',
  description: 'The reset-password screen (/reset-password?token=...).',
  context: ({ input }) => ({ token: input.token ?? '', error: null }),
  initial: 'checkingToken',
  states: {
    checkingToken: {
      description: 'The link must carry a token.',
      always: [{ guard: 'hasToken', target: 'form' }, { target: 'missingToken' }],
    },
    missingToken: {
      description: 'No token: the visitor is sent to /login.',
      type: 'final',
      entry: { type: 'navigate', params: { to: '/login' } },
    },
    form: {
      description: 'New Password and Confirm Password.',
      initial: 'editing',
      on: {
        'resetPassword.submit': [
          { guard: { type: 'hasEmptyField', params: ({ event }) => event }, target: '.incomplete' },
          { guard: { type: 'hasMismatch', params: ({ event }) => event }, target: '.mismatched' },
          { target: 'submitting' },
        ],
      },
      states: {
        editing: { description: 'The user types.' },
        incomplete: { description: "Shows 'Please fill in all fields.'" },
        mismatched: { description: "Shows 'Passwords do not match.'" },
        failed: { description: "The server refused; an 'Error' toast showed." },
      },
    },
    submitting: {
      description: 'POST /auth/reset-password is in flight.',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => ({
          token: context.token,
          newPassword: event.type === 'resetPassword.submit' ? event.newPassword : '',
        }),
        onDone: 'done',
        onError: {
          target: 'form.failed',
          actions: [
            assign({ error: ({ event }) => toApiError(event.error) }),
            {
              type: 'notify',
              params: {
                type: 'error',
                title: 'Error',
                description: 'Failed to reset password. Please try again.',
              },
            },
          ],
        },
      },
    },
    done: {
      description: 'The password was reset: a toast, then /login.',
      type: 'final',
      entry: [
        {
          type: 'notify',
          params: {
            type: 'success',
            title: 'Password reset successful',
            description: 'You can now login with your new password.',
          },
        },
        { type: 'navigate', params: { to: '/login' } },
      ],
    },
  },
});
