import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import {
  isPasswordFormOpen,
  isPasswordSubmitting,
  mustSetPassword,
} from '../../../machines/session.selectors';
import { useSession, useSessionSend } from '../session/session-context';
import { PasswordChangeForm } from './password-change-form';

/** Change Password, opened from the sidebar. While the request is out it cannot be closed. */
export function ChangePasswordDialog() {
  const send = useSessionSend();
  const open = useSession((s) => isPasswordFormOpen(s) && !mustSetPassword(s));
  const submitting = useSession(isPasswordSubmitting);

  return (
    <Dialog.Root
      open={open}
      lazyMount
      unmountOnExit
      closeOnEscape={!submitting}
      closeOnInteractOutside={!submitting}
      onOpenChange={(details) => {
        if (!details.open) send({ type: 'passwordDialog.close' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Change Password</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Dialog.Description mb="4" color="fg.muted">
                Enter your current password, then choose a new one.
              </Dialog.Description>
              <PasswordChangeForm
                id="change-password-form"
                submitLabel="Change Password"
                actions={
                  <Button
                    variant="outline"
                    disabled={submitting}
                    onClick={() => send({ type: 'passwordDialog.close' })}
                  >
                    Cancel
                  </Button>
                }
              />
            </Dialog.Body>
            {!submitting && (
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
