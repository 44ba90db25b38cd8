import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { resetRequestButton } from '../../../machines/session.selectors';
import { useSession, useSessionSend } from '../session/session-context';
import { EmailField, TabSwitchLink } from './login-form-parts';

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
        <EmailField value={email} onChange={setEmail} />
        <Button
          type="submit"
          colorPalette="teal"
          width="full"
          disabled={email.trim() === '' || button.locked}
        >
          {button.label}
        </Button>
        <TabSwitchLink onSelect={() => send({ type: 'login.open' })}>Back to Login</TabSwitchLink>
      </Stack>
    </form>
  );
}
