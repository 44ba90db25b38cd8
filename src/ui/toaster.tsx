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
 * Where toasts show. Their code (the toast machines and views, about 10 KB gzipped) is fetched with the
 * first toast rather than with every page: /login shows none until a sign-in fails or succeeds.
 */
export function AppToaster() {
  const [needed, setNeeded] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (needed) return;
    if (toaster.getVisibleToasts().length > 0) setNeeded(true);
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
