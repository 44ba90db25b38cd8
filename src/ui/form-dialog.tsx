import { CloseButton, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogShell } from './dialog-shell';

/**
 * A dialog around one form: its title, a line of description and the form. While `busy` (the request in
 * flight) it stays open: no Escape, no outside click, no close button. `dismissOnOutsideClick={false}`
 * keeps it open on an outside click at any time (the spec's Request for Leave).
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
  return (
    <DialogShell
      open={open}
      title={title}
      busy={busy}
      onClose={onClose}
      dismissOnOutsideClick={dismissOnOutsideClick}
    >
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
    </DialogShell>
  );
}
