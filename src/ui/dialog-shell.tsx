import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useOverlayKeepsToastsClear } from './toasts';

/**
 * What the app's dialogs share (FormDialog, ConfirmDialog): mounted only while open, a title, and while
 * `busy` (the request in flight) no Escape and no outside click. Opening one dismisses the toast showing,
 * which on a phone would sit over its title.
 */
export function DialogShell({
  open,
  title,
  busy,
  onClose,
  alert = false,
  dismissOnOutsideClick = true,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onClose: () => void;
  /** An `alertdialog`: it asks before something that cannot be undone. */
  alert?: boolean;
  dismissOnOutsideClick?: boolean;
  /** The dialog's body, footer and close button. */
  children: ReactNode;
}) {
  useOverlayKeepsToastsClear(open);
  return (
    <Dialog.Root
      role={alert ? 'alertdialog' : 'dialog'}
      open={open}
      lazyMount
      unmountOnExit
      closeOnEscape={!busy}
      closeOnInteractOutside={dismissOnOutsideClick && !busy}
      scrollBehavior="inside"
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
