import { IconButton, Menu, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MoreIcon } from './icons';

/**
 * The '...' menu of a row or a record: its button is named `label` (the spec's 'Actions', or that
 * followed by what the row is when a screen has several), and its items come as children.
 */
export function ActionsMenu({
  label,
  title,
  disabled = false,
  variant = 'ghost',
  children,
}: {
  label: string;
  /** A heading above the items, such as the spec's 'Actions'. */
  title?: string;
  disabled?: boolean;
  variant?: 'ghost' | 'outline';
  children: ReactNode;
}) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label={label} variant={variant} size="sm" disabled={disabled}>
          <MoreIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="10rem">
            {title ? (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{title}</Menu.ItemGroupLabel>
                {children}
              </Menu.ItemGroup>
            ) : (
              children
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** A menu item that removes something: drawn in the error colour. */
export function DangerItem({
  value,
  onSelect,
  children,
}: {
  value: string;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <Menu.Item
      value={value}
      color="fg.error"
      _hover={{ bg: 'bg.error', color: 'fg.error' }}
      onSelect={onSelect}
    >
      {children}
    </Menu.Item>
  );
}
