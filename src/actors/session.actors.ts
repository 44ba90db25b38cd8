import { fromPromise } from 'xstate';
import { sessionMachine, type ToastParams } from '../../machines/session.machine';
import type { authApi } from '../api/auth.api';
import { createActivityWatcher } from './activity';
import type { RefreshQueue } from './refresh-queue';
import type { SessionStore } from './session-store';

export interface SessionEffects {
  auth: Pick<typeof authApi, 'login' | 'logout' | 'refresh' | 'forgetPassword' | 'changePassword'>;
  store: SessionStore;
  queue: RefreshQueue;
  notify: (toast: ToastParams) => void;
  navigate: (to: string) => void;
  /** Where mouse, key and touch activity is watched (the document). */
  activityTarget: EventTarget;
}

/** The session statechart with its live effects: API calls, storage, toasts, navigation, activity. */
export function provideSession(effects: SessionEffects) {
  const { auth, store, queue } = effects;
  return sessionMachine.provide({
    actors: {
      logIn: fromPromise(({ input }) => auth.login(input)),
      requestPasswordReset: fromPromise(({ input }) => auth.forgetPassword(input)),
      changePassword: fromPromise(async ({ input }) => {
        // The server signs out every other session on a password change and answers a fresh
        // token for this one; keeping it spares the next request a 401 and a refresh.
        const answer = await auth.changePassword(input);
        if (answer?.accessToken) store.setAccessToken(answer.accessToken);
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
      notify: (_, toast) => effects.notify(toast),
      navigate: (_, { to }) => effects.navigate(to),
      retryWaitingRequests: (_, { requestIds, accessToken }) => queue.retry(requestIds, accessToken),
      failWaitingRequests: (_, { requestIds }) => queue.fail(requestIds),
      logWarning: (_, { message, error }) => console.warn(message, error),
    },
  });
}
