import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { dismissToasts } from './toasts';

/**
 * A dialog around one form: its title, a line of description and the form. While `busy` (the request in
 * flight) it stays open: no Escape, no outside click, no close button. `dismissOnOutsideClick={false}`
 * keeps it open on an outside click at any time (the spec's Request for Leave). Opening it dismisses the
 * toast showing, which on a phone would sit over its title.
 */
export function FormDialog({
  open,
  title,
  description,
  busy,
  onClose,
  dismissOnOutsideClick = true,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  busy: boolean;
  onClose: () => void;
  dismissOnOutsideClick?: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    if (open) dismissToasts();
  }, [open]);
  return (
    <Dialog.Root
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
            <Dialog.Body pb="6">
              <Dialog.Description mb="4" color="fg.muted">
                {description}
              </Dialog.Description>
              {children}
            </Dialog.Body>
            {!busy && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
