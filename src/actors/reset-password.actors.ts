import { fromPromise } from 'xstate';
import { resetPasswordMachine } from '../../machines/reset-password.machine';
import type { ToastParams } from '../../machines/session.machine';
import type { authApi } from '../api/auth.api';

export interface ResetPasswordEffects {
  auth: Pick<typeof authApi, 'resetPassword'>;
  notify: (toast: ToastParams) => void;
  navigate: (to: string) => void;
}

export function provideResetPassword(effects: ResetPasswordEffects) {
  return resetPasswordMachine.provide({
    actors: { resetPassword: fromPromise(({ input }) => effects.auth.resetPassword(input)) },
    actions: {
      notify: (_, toast) => effects.notify(toast),
      navigate: (_, { to }) => effects.navigate(to),
    },
  });
}
