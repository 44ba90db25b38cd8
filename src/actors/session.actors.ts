import { fromPromise } from 'xstate';
import { changePasswordDialogMachine, changePasswordMachine } from '../../machines/change-password.machine';
import type { ToastParams } from '../../machines/effects';
import { forgotPasswordFormMachine, forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { loginFormMachine } from '../../machines/login-form.machine';
import { sessionMachine } from '../../machines/session.machine';
import { setPasswordMachine } from '../../machines/set-password.machine';
import type { authApi } from '../api/auth.api';
import { createActivityWatcher } from './activity';
import type { RefreshQueue } from './refresh-queue';
import type { SessionStore } from './session-store';

export interface SessionEffects {
  auth: Pick<typeof authApi, 'login' | 'logout' | 'refresh' | 'forgetPassword' | 'changePassword'>;
  store: SessionStore;
  queue: RefreshQueue;
  notify: (toast: ToastParams) => void;
  /** Where mouse, key and touch activity is watched (the document). */
  activityTarget: EventTarget;
}

/**
 * The session statechart and the screen machines it runs, with their live effects: API calls, storage,
 * toasts, activity. Nothing here decides what happens next; the machines do.
 */
export function provideSession(effects: SessionEffects) {
  const { auth, store, queue } = effects;
  const notify = (_: unknown, toast: ToastParams) => effects.notify(toast);
  const changePassword = fromPromise(
    ({ input }: { input: { currentPassword: string; newPassword: string } }) =>
      auth.changePassword({ currentPassword: input.currentPassword, newPassword: input.newPassword }),
  );
  return sessionMachine.provide({
    actors: {
      loginForm: loginFormMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => auth.login({ email: input.email, password: input.password })),
        },
        actions: { notify },
      }),
      forgotPassword: forgotPasswordMachine.provide({
        actors: {
          form: forgotPasswordFormMachine.provide({
            actors: { submit: fromPromise(({ input }) => auth.forgetPassword({ email: input.email })) },
            actions: { notify },
          }),
        },
      }),
      setPassword: setPasswordMachine.provide({ actors: { submit: changePassword }, actions: { notify } }),
      changePassword: changePasswordDialogMachine.provide({
        actors: {
          form: changePasswordMachine.provide({ actors: { submit: changePassword }, actions: { notify } }),
        },
      }),
      refreshAccessToken: fromPromise(() => auth.refresh()),
      logOut: fromPromise(() => auth.logout()),
      watchActivity: createActivityWatcher(effects.activityTarget),
    },
    actions: {
      storeSession: (_, session) => store.save(session),
      storeAccessToken: (_, { accessToken }) => store.setAccessToken(accessToken),
      markPasswordSet: () => store.markPasswordSet(),
      clearSession: () => store.clear(),
      notify,
      retryWaitingRequests: (_, { requestIds, accessToken }) => queue.retry(requestIds, accessToken),
      failWaitingRequests: (_, { requestIds }) => queue.fail(requestIds),
      logWarning: (_, { message, error }) => console.warn(message, error),
    },
  });
}
