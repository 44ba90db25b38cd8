import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { resetRequestButton } from '../../../machines/session.selectors';
import { useSession, useSessionSend } from '../session/session-context';

export function ForgotPasswordForm() {
  const send = useSessionSend();
  const button = useSession(resetRequestButton);
  const [email, setEmail] = useState('');

  return (
    <form
      noValidate
      aria-label="Forgot password"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'resetRequest.submit', email: email.trim() });
      }}
    >
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm">
          Enter the email address of your account and we will send you a link to reset your password.
        </Text>
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
        <Button
          type="submit"
          colorPalette="teal"
          width="full"
          disabled={email.trim() === '' || button.locked}
        >
          {button.label}
        </Button>
        <Link
          href="/login"
          alignSelf="center"
          fontSize="sm"
          color="teal.fg"
          onClick={(event) => {
            event.preventDefault();
            send({ type: 'login.open' });
          }}
        >
          Back to Login
        </Link>
      </Stack>
    </form>
  );
}
