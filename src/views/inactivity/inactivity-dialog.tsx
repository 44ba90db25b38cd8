import { Button, Dialog, Portal } from '@chakra-ui/react';
import { isInactivityPromptOpen } from '../../../machines/session.selectors';
import { useSession, useSessionSend } from '../session/session-context';

/** 'Are you still there?': only its two buttons close it (no Escape, no outside click). */
export function InactivityDialog() {
  const send = useSessionSend();
  const open = useSession(isInactivityPromptOpen);

  return (
    <Dialog.Root open={open} closeOnEscape={false} closeOnInteractOutside={false} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Are you still there?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                You have been inactive for a while. For your security, you will be logged out in 2 minutes.
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => send({ type: 'inactivity.logout' })}>
                Logout
              </Button>
              <Button colorPalette="teal" onClick={() => send({ type: 'inactivity.stay' })}>
                Stay Logged In
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
