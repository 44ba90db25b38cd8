import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { resetPasswordMachine } from '../../machines/reset-password.machine';
import type { authApi } from '../api/auth.api';

export interface ResetPasswordEffects {
  auth: Pick<typeof authApi, 'resetPassword'>;
  notify: (toast: ToastParams) => void;
  /** Replaces the page in the history: the used link is not a page to come back to. */
  navigate: (to: string) => void;
}

export function provideResetPassword(effects: ResetPasswordEffects) {
  return resetPasswordMachine.provide({
    actors: {
      submit: fromPromise(({ input }) =>
        effects.auth.resetPassword({ token: input.token, newPassword: input.newPassword }),
      ),
    },
    actions: {
      notify: (_, toast) => effects.notify(toast),
      navigate: (_, { to }) => effects.navigate(to),
    },
  });
}
