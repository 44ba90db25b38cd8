import { Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { isSigningIn } from '../../../machines/session.selectors';
import { PasswordInput } from '../../ui/password-input';
import { useSession, useSessionSend } from '../session/session-context';

export function SignInForm() {
  const send = useSessionSend();
  const submitting = useSession(isSigningIn);
  // Field values are the form's own; the session sees them when the user submits.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  return (
    <form
      noValidate
      aria-label="Sign in"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'login.submit', email, password });
      }}
    >
      <Stack gap="5">
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            placeholder="Your work email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Password</Field.Label>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="teal"
          width="full"
          disabled={email === '' || password === ''}
          loading={submitting}
          loadingText="Processing..."
        >
          Login
        </Button>
        {/* A link that switches tabs in place (spec: 'a Forgot Password? link'). */}
        <Link
          href="/login"
          alignSelf="center"
          fontSize="sm"
          color="teal.fg"
          onClick={(event) => {
            event.preventDefault();
            send({ type: 'forgotPassword.open' });
          }}
        >
          Forgot Password?
        </Link>
      </Stack>
    </form>
  );
}
