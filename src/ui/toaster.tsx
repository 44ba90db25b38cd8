import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToastParams } from '../../machines/effects';
import { isMobileNow } from './use-is-mobile';

/** Spec section 9: one toast at a time, 5000 ms, F8 moves focus to it. */
export const TOAST_DURATION_MS = 5000;

const common = { max: 1, duration: TOAST_DURATION_MS, hotkey: ['F8'], pauseOnPageIdle: true };

/**
 * Where a toast shows depends on the width, so that it covers neither a form nor the controls around it.
 * Wide screens: bottom right, away from forms and dialogs, which sit centred near the top. Phones: across
 * the top just below the signed-in header (3.5rem), so the header's sidebar toggle stays reachable and the
 * submit buttons at a form's foot stay clear; the phone drawer dismisses a toast when it opens.
 */
export const toasters = {
  wide: createToaster({ ...common, placement: 'bottom-end' }),
  phone: createToaster({
    ...common,
    placement: 'top',
    offsets: { top: '4.5rem', bottom: '1rem', left: '1rem', right: '1rem' },
  }),
};

const current = () => (isMobileNow() ? toasters.phone : toasters.wide);

/** A new toast replaces the one showing (spec section 4, Toasts). */
export function showToast({ type, title, description }: ToastParams) {
  removeToasts();
  current().create({ type, title, description, closable: true });
}

/** Hides the toast showing (it has been read), as the phone drawer does when it opens. */
export function dismissToasts() {
  toasters.wide.dismiss();
  toasters.phone.dismiss();
}

export function removeToasts() {
  toasters.wide.remove();
  toasters.phone.remove();
}

const loadView = () => import('./toaster-view');
const ToasterView = lazy(loadView);

/** Fetches the toasts' code now (tests, so that no toast waits on a chunk). */
export const preloadToasterView = () => loadView();

const anyVisible = () =>
  toasters.wide.getVisibleToasts().length + toasters.phone.getVisibleToasts().length > 0;

/**
 * Where toasts show. Their code (the toast machines and views, about 10 KB gzipped) is fetched with the
 * first toast rather than with every page: /login shows none until a sign-in fails or succeeds.
 */
export function AppToaster() {
  const [needed, setNeeded] = useState(anyVisible);
  useEffect(() => {
    if (needed) return;
    if (anyVisible()) setNeeded(true);
    const stops = [toasters.wide, toasters.phone].map((t) => t.subscribe(() => setNeeded(true)));
    return () => {
      for (const stop of stops) stop();
    };
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
