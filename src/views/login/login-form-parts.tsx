import { Field, Input, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The Email field both login tabs share (an email-type input, spec section 2). */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>Email</Field.Label>
      <Input
        type="email"
        name="email"
        autoComplete="username"
        placeholder="Your work email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field.Root>
  );
}

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
