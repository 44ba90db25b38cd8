import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastParams } from '../../machines/effects';

/**
 * The app's toasts, on demand: Chakra's toaster with its state machines (./toaster, about 8 KB gzip) loads
 * with the first toast instead of with /login, where most visits never see one. Calls made meanwhile run in
 * their order once it has arrived, and the toaster shows what was created before it mounted.
 */

type ToasterModule = typeof import('./toaster');

let toaster: Promise<ToasterModule> | undefined;
const listeners = new Set<() => void>();

/** Fetches the toaster's code (once) and mounts it. */
export function loadToaster(): Promise<ToasterModule> {
  if (!toaster) {
    toaster = import('./toaster').catch((error: unknown) => {
      toaster = undefined; // offline for a moment: the next toast tries again
      throw error;
    });
    for (const listener of listeners) listener();
  }
  return toaster;
}

function whenLoaded(run: (module: ToasterModule) => void, load: boolean) {
  const loading = load ? loadToaster() : toaster;
  // A toast that could not be shown is not worth an error of its own: the screen shows the state.
  loading?.then(run).catch(() => undefined);
}

/** A new toast replaces the one showing (spec section 4, Toasts). */
export const showToast = (params: ToastParams) => whenLoaded((module) => module.showToast(params), true);

/** Hides the toast showing (it has been read), as the phone drawer does when it opens. */
export const dismissToasts = () => whenLoaded((module) => module.dismissToasts(), false);

export const removeToasts = () => whenLoaded((module) => module.removeToasts(), false);

const LazyToaster = lazy(() => loadToaster().then((module) => ({ default: module.AppToaster })));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where toasts show, from the first one on. */
export function AppToasts() {
  const wanted = useSyncExternalStore(subscribe, () => toaster !== undefined);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
