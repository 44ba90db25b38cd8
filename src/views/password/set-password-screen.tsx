import { Button } from '@chakra-ui/react';
import { setPasswordActor } from '../../../machines/session.selectors';
import { CardScreen } from '../../ui/card-screen';
import { useSession, useSessionSend } from '../session/session-context';
import { PasswordChangeForm } from './password-change-form';

/**
 * The step an account created with a temporary password takes before the app opens (the spec leaves this
 * screen unshown): the temporary password from the administrator, then a password of the user's own.
 */
export function SetPasswordScreen() {
  const send = useSessionSend();
  const actor = useSession(setPasswordActor);
  const fullName = useSession((s) => s.context.user?.fullName ?? '');
  if (!actor) return null;

  return (
    <CardScreen
      title="Set a new password"
      documentTitle="Set Password"
      intro={`Welcome, ${fullName}. Your account still has the temporary password it was created with: enter it, then choose a password of your own.`}
    >
      <PasswordChangeForm
        actor={actor}
        id="set-password-form"
        submitLabel="Set Password"
        currentLabel="Temporary Password"
        actions={
          <Button variant="ghost" onClick={() => send({ type: 'session.logout' })}>
            Logout
          </Button>
        }
      />
    </CardScreen>
  );
}
