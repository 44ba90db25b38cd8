import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToastParams } from '../../machines/session.machine';

/** Spec section 9: one toast at a time, 5000 ms, F8 moves focus to it. */
export const TOAST_DURATION_MS = 5000;

export const toaster = createToaster({
  // Bottom: at the top a toast would cover the header's sidebar toggle on phones for five seconds.
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

/** A new toast replaces the one showing (spec section 4, Toasts). */
export function showToast({ type, title, description }: ToastParams) {
  toaster.remove();
  toaster.create({ type, title, description, closable: true });
}

const loadView = () => import('./toaster-view');
const ToasterView = lazy(loadView);

/** Fetches the toasts' code now (tests, so that no toast waits on a chunk). */
export const preloadToasterView = () => loadView();

/**
 * Where toasts show. Their code (the toast machines and views, about 10 KB gzipped) is not part of every
 * page: /login shows no toast until a sign-in is answered. The first key press or tap fetches it, so it is
 * mounted before the first answer comes back; a toast raised with no interaction at all mounts it then.
 */
export function AppToaster() {
  const [needed, setNeeded] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (needed) return;
    let live = true;
    const load = () => {
      void loadView().then(() => live && setNeeded(true));
    };
    const options = { once: true, capture: true } as const;
    window.addEventListener('pointerdown', load, options);
    window.addEventListener('keydown', load, options);
    const unsubscribe = toaster.subscribe(() => setNeeded(true));
    return () => {
      live = false;
      window.removeEventListener('pointerdown', load, options);
      window.removeEventListener('keydown', load, options);
      unsubscribe();
    };
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
