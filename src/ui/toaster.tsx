import { createToaster, Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import type { ToastParams } from '../../machines/effects';
import { isMobileNow, useIsMobile } from './use-is-mobile';

// Chakra's toaster, loaded on demand through ./toasts, which the app imports instead.

/** Spec section 9: one toast at a time, 5000 ms, F8 moves focus to it. */
export const TOAST_DURATION_MS = 5000;

const common = { max: 1, duration: TOAST_DURATION_MS, hotkey: ['F8'], pauseOnPageIdle: true };

/**
 * Where a toast shows depends on the width, so that it covers neither a form nor the controls around it.
 * Wide screens: bottom right, away from forms and dialogs, which sit centred near the top; while a sheet
 * (from the right, its actions at the bottom) or a dialog is open, bottom left, where neither has any.
 * Phones: across the top just below the signed-in header (3.5rem), so the header's sidebar toggle stays
 * reachable and the submit buttons at a form's foot stay clear; a full-screen sheet's title bar is 4rem
 * high, so its close button stays clear too. Opening an overlay or the phone drawer dismisses a toast.
 */
const toasters = {
  wide: createToaster({ ...common, placement: 'bottom-end' }),
  wideBesideOverlay: createToaster({ ...common, placement: 'bottom-start' }),
  phone: createToaster({
    ...common,
    placement: 'top',
    offsets: { top: '4.5rem', bottom: '1rem', left: '1rem', right: '1rem' },
  }),
};

const current = (overlayOpen: boolean) =>
  isMobileNow() ? toasters.phone : overlayOpen ? toasters.wideBesideOverlay : toasters.wide;

/** A new toast replaces the one showing (spec section 4, Toasts). */
export function showToast({ type, title, description }: ToastParams, { overlayOpen = false } = {}) {
  removeToasts();
  current(overlayOpen).create({ type, title, description, closable: true });
}

/** Hides the toast showing (it has been read), as the phone drawer does when it opens. */
export function dismissToasts() {
  for (const toaster of Object.values(toasters)) toaster.dismiss();
}

export function removeToasts() {
  for (const toaster of Object.values(toasters)) toaster.remove();
}

// null (not undefined) overrides the attribute the toast primitive sets, and React then leaves it out.
const withoutLabelLink = { 'aria-labelledby': null, 'aria-describedby': null } as unknown as Record<
  string,
  string
>;

export function AppToaster() {
  const phone = useIsMobile();
  return (
    <Portal>
      {phone ? (
        <AppToastRegion key="phone" toaster={toasters.phone} />
      ) : (
        <>
          <AppToastRegion key="wide" toaster={toasters.wide} />
          <AppToastRegion key="wide-beside-overlay" toaster={toasters.wideBesideOverlay} />
        </>
      )}
    </Portal>
  );
}

function AppToastRegion({ toaster }: { toaster: (typeof toasters)[keyof typeof toasters] }) {
  return (
    <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        // A toast is a live region announced by its text; without the label link, a toast titled
        // 'Password reset successful' is not taken for the label of the Password field beneath it.
        <Toast.Root width={{ md: 'sm' }} {...withoutLabelLink}>
          {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {/* Full opacity: the default dimmed text falls below 4.5:1 on the solid toast colours. */}
            {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
          </Stack>
          {toast.closable && <Toast.CloseTrigger />}
        </Toast.Root>
      )}
    </Toaster>
  );
}
