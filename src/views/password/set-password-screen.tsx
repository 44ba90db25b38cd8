import { Button } from '@chakra-ui/react';
import { CardScreen } from '../../ui/card-screen';
import { useSession, useSessionSend } from '../session/session-context';
import { PasswordChangeForm } from './password-change-form';

/**
 * The step a new staff user must take before the staff area opens (the spec leaves this screen unshown):
 * the temporary password from the administrator, then a password of their own.
 */
export function SetPasswordScreen() {
  const send = useSessionSend();
  const fullName = useSession((s) => s.context.user?.fullName ?? '');

  return (
    <CardScreen
      title="Set a new password"
      intro={`Welcome, ${fullName}. Your account still has the temporary password it was created with: enter it, then choose a password of your own.`}
    >
      <PasswordChangeForm
        id="set-password-form"
        submitLabel="Set Password"
        actions={
          <Button variant="ghost" onClick={() => send({ type: 'session.logout' })}>
            Logout
          </Button>
        }
      />
    </CardScreen>
  );
}
