import { navigate } from 'wouter/use-browser-location';
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { createRefreshQueue } from '../actors/refresh-queue';
import { provideResetPassword } from '../actors/reset-password.actors';
import { provideSession } from '../actors/session.actors';
import { createSessionStore } from '../actors/session-store';
import { authApi } from '../api/auth.api';
import { apiClient } from '../api/client';
import { prepareToasts, showToast } from '../ui/toasts';

export type Inspector = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export interface ServicesOptions {
  /** Observes the session actor and every screen's actor (the model-based tests record coverage with it). */
  inspect?: Inspector;
}

/**
 * The composition root: the session actor with its live effects, connected to the one API client, and the
 * screen machines' provided logic.
 */
export function createAppServices(options: ServicesOptions = {}) {
  const store = createSessionStore(window.sessionStorage);
  const queue = createRefreshQueue();
  const session = createActor(
    provideSession({ notify: showToast, auth: authApi, store, queue, activityTarget: document }),
    { input: { stored: store.read(), tokenExpired: store.tokenExpired() }, inspect: options.inspect },
  );
  // A 401 on an authenticated request waits for the session's one shared refresh.
  apiClient.connect(store, () => queue.wait((event) => session.send(event)));
  session.start();
  // The user's first click or key loads the toasts' code: what they do next usually ends in a toast.
  for (const type of ['pointerdown', 'keydown', 'input']) {
    document.addEventListener(type, prepareToasts, { once: true, capture: true });
  }
  return {
    session,
    resetPassword: provideResetPassword({
      notify: showToast,
      auth: authApi,
      navigate: (to) => navigate(to, { replace: true }),
    }),
    inspect: options.inspect,
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
