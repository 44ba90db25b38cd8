import { Button, Field, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { isSigningIn } from '../../../machines/session.selectors';
import { PasswordInput } from '../../ui/password-input';
import { useSession, useSessionSend } from '../session/session-context';
import { EmailField, TabSwitchLink } from './login-form-parts';

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
        <EmailField value={email} onChange={setEmail} />
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
        <TabSwitchLink onSelect={() => send({ type: 'forgotPassword.open' })}>Forgot Password?</TabSwitchLink>
      </Stack>
    </form>
  );
}
