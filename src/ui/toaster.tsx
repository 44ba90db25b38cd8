import { createToaster, Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import type { ToastParams } from '../../machines/effects';

/** Spec section 9: one toast at a time, 5000 ms, F8 moves focus to it. */
export const TOAST_DURATION_MS = 5000;

/**
 * Top right, below the signed-in header (3.5rem): the header's sidebar toggle stays reachable, and forms,
 * which sit in the middle of the page or in a dialog, and the submit buttons at their foot stay clear. On a
 * phone the toast spans the width at the same height. The phone drawer dismisses a toast when it opens.
 */
export const TOAST_TOP_OFFSET = '4.5rem';

export const toaster = createToaster({
  placement: 'top-end',
  offsets: { top: TOAST_TOP_OFFSET, bottom: '1rem', left: '1rem', right: '1rem' },
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

// null (not undefined) overrides the attribute the toast primitive sets, and React then leaves it out.
const withoutLabelLink = { 'aria-labelledby': null, 'aria-describedby': null } as unknown as Record<
  string,
  string
>;

export function AppToaster() {
  return (
    <Portal>
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
    </Portal>
  );
}
