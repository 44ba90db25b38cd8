import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { changePasswordActor } from '../../../machines/session.selectors';
import type { PasswordChangeFormValues } from '../../domain/auth-forms';
import type { FormActorRef } from '../../ui/use-form';
import { useSession } from '../session/session-context';
import { PasswordChangeForm } from './password-change-form';

/** Change Password, opened from the sidebar. While the request is out it cannot be closed. */
export function ChangePasswordDialog() {
  const actor = useSession(changePasswordActor);
  return actor ? <PasswordDialog actor={actor} /> : null;
}

function PasswordDialog({ actor }: { actor: FormActorRef<PasswordChangeFormValues> }) {
  // Closed before it opens and once it has finished (the session then starts a fresh one).
  const open = useSelector(
    actor,
    (s) => s.matches('editing') || s.matches('submitting') || s.matches('submitFailed'),
  );
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const close = () => actor.send({ type: 'dialog.close' });

  return (
    <Dialog.Root
      open={open}
      lazyMount
      unmountOnExit
      closeOnEscape={!submitting}
      closeOnInteractOutside={!submitting}
      onOpenChange={(details) => {
        if (!details.open) close();
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
                actor={actor}
                id="change-password-form"
                submitLabel="Change Password"
                currentLabel="Current Password"
                actions={
                  <Button variant="outline" disabled={submitting} onClick={close}>
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
