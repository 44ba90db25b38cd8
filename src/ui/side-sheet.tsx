import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useOverlayKeepsToastsClear } from './toasts';

/**
 * A sheet from the right (the whole screen on a phone) with its title, body and footer. While `busy` (a
 * request in flight) it stays open: no Escape, no outside click, no close button.
 */
export function SideSheet({
  open,
  title,
  busy,
  onClose,
  children,
  footer,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useOverlayKeepsToastsClear(open);
  return (
    <Drawer.Root
      open={open}
      placement="end"
      size={{ base: 'full', sm: 'md' }}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            {footer && (
              <Drawer.Footer flexDirection="column" alignItems="stretch" gap="3" borderTopWidth="1px">
                {footer}
              </Drawer.Footer>
            )}
            {!busy && (
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Drawer.CloseTrigger>
            )}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
