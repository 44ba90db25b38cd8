import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A link that switches to the other tab in place ('Forgot Password?', 'Back to Login'). */
export function TabSwitchLink({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  return (
    <Link
      href="/login"
      alignSelf="center"
      fontSize="sm"
      color="teal.fg"
      onClick={(event) => {
        event.preventDefault();
        onSelect();
      }}
    >
      {children}
    </Link>
  );
}
