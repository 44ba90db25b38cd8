import { useEffect, useSyncExternalStore } from 'react';
import type { ToastParams } from '../../machines/effects';

/**
 * The app's toasts, on demand: Chakra's toaster with its state machines (./toaster, about 8 KB gzip) is not
 * part of what /login needs to show. It loads with the user's first click or key (see services.ts) or with
 * the first toast, whichever comes first; calls made meanwhile run in their order once it has arrived,
 * and the toaster shows what was created before it mounted.
 */

type ToasterModule = typeof import('./toaster');

let toaster: Promise<ToasterModule> | undefined;
/** Once arrived, with nothing left waiting for it, calls run at once, as toasts did before they loaded lazily. */
let loaded: ToasterModule | undefined;
let waiting = 0;
const listeners = new Set<() => void>();

/** Fetches the toaster's code (once); it mounts when it has arrived. */
export function loadToaster(): Promise<ToasterModule> {
  if (!toaster) {
    toaster = import('./toaster').then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        toaster = undefined; // offline for a moment: the next toast tries again
        throw error;
      },
    );
  }
  return toaster;
}

/** Fetches the toaster's code ahead of a toast that is likely to come (the user has started doing something). */
export function prepareToasts() {
  loadToaster().catch(() => undefined);
}

function whenLoaded(run: (module: ToasterModule) => void, load: boolean) {
  if (loaded && waiting === 0) return run(loaded);
  const loading = load ? loadToaster() : toaster;
  if (!loading) return;
  waiting += 1;
  loading
    .then(run)
    // A toast that could not be shown is not worth an error of its own: the screen shows the state.
    .catch(() => undefined)
    .finally(() => {
      waiting -= 1;
    });
}

/** Sheets and dialogs open now: while there is one, toasts keep clear of its actions. */
let openOverlays = 0;

/** A new toast replaces the one showing (spec section 4, Toasts). */
export const showToast = (params: ToastParams) =>
  whenLoaded((module) => module.showToast(params, { overlayOpen: openOverlays > 0 }), true);

/** Hides the toast showing (it has been read), as the phone drawer does when it opens. */
export const dismissToasts = () => whenLoaded((module) => module.dismissToasts(), false);

export const removeToasts = () => whenLoaded((module) => module.removeToasts(), false);

/**
 * The one rule for every overlay (side sheets and dialogs call it): opening one dismisses the toast
 * showing, which could sit over its buttons, and a toast that comes while it is open takes the place
 * no overlay puts actions in (see ./toaster).
 */
export function useOverlayKeepsToastsClear(open: boolean) {
  useEffect(() => {
    if (!open) return;
    openOverlays += 1;
    dismissToasts();
    return () => {
      openOverlays -= 1;
    };
  }, [open]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Where toasts show, once their code has arrived. Not a lazy component: React holds back a suspended
 * boundary's content for a moment, and the first toast came a third of a second after its screen.
 */
export function AppToasts() {
  const module = useSyncExternalStore(subscribe, () => loaded);
  return module ? <module.AppToaster /> : null;
}
