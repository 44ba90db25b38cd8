import { Button, Dialog } from '@chakra-ui/react';
import { DialogShell } from './dialog-shell';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel?: string;
  /** The confirmed action is in flight: both buttons wait and the dialog cannot be dismissed. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red for what destroys (the default); the app's colour for what only sends or starts. */
  destructive?: boolean;
  /** The confirm button waits for something the question needs (Cancel stays). */
  confirmDisabled?: boolean;
}

/** Asks before something that cannot be undone: an `alertdialog` whose first focus is Cancel. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel = 'Continue',
  busy,
  onConfirm,
  onCancel,
  destructive = true,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  return (
    <DialogShell open={open} title={title} busy={busy} onClose={onCancel} alert>
      <Dialog.Body>
        <Dialog.Description color="fg.muted">{description}</Dialog.Description>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          colorPalette={destructive ? 'red' : 'teal'}
          loading={busy}
          loadingText="Processing..."
          disabled={confirmDisabled}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
