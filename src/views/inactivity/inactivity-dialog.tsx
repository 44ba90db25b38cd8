import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { isInactivityPromptOpen, logoutCountdown } from '../../../machines/session.selectors';
import { useSession, useSessionSend } from '../session/session-context';

/**
 * 'Are you still there?': an alert dialog that only its two buttons close (no Escape, no outside click).
 * Focus starts on Stay Logged In, the answer most people want; the countdown shows the time left.
 */
export function InactivityDialog() {
  const send = useSessionSend();
  const open = useSession(isInactivityPromptOpen);
  const countdown = useSession(logoutCountdown);
  const stay = useRef<HTMLButtonElement>(null);

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      initialFocusEl={() => stay.current}
      lazyMount
      unmountOnExit
    >
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
              {/* A timer is not read out on every tick; its text is there whenever someone looks. */}
              <Text mt="4" color="fg.muted">
                Time left:{' '}
                <Text as="span" role="timer" fontSize="2xl" fontWeight="semibold" color="fg">
                  {countdown}
                </Text>
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => send({ type: 'inactivity.logout' })}>
                Logout
              </Button>
              <Button ref={stay} colorPalette="teal" onClick={() => send({ type: 'inactivity.stay' })}>
                Stay Logged In
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
