import { Avatar, type AvatarRootProps } from '@chakra-ui/react';
import { initialsOf } from '../domain/initials';

export function UserAvatar({ fullName, ...props }: { fullName: string } & AvatarRootProps) {
  return (
    <Avatar.Root size="sm" colorPalette="teal" variant="subtle" {...props}>
      <Avatar.Fallback aria-label={fullName}>{initialsOf(fullName)}</Avatar.Fallback>
    </Avatar.Root>
  );
}
