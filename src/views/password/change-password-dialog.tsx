import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { changePasswordActor } from '../../../machines/session.selectors';
import type { PasswordChangeFormValues } from '../../domain/auth-forms';
import { FormDialog } from '../../ui/form-dialog';
import type { FormActorRef } from '../../ui/use-form';
import { useSession } from '../session/session-context';
import { PasswordChangeForm } from './password-change-form';

/** Change Password, opened from the sidebar. While the request is out it cannot be closed. */
export function ChangePasswordDialog() {
  const actor = useSession(changePasswordActor);
  return actor ? <PasswordDialog actor={actor} /> : null;
}

function PasswordDialog({ actor }: { actor: FormActorRef<PasswordChangeFormValues> }) {
  // Closed before it opens and once it has finished (the session then starts a fresh one).
  const open = useSelector(
    actor,
    (s) => s.matches('editing') || s.matches('submitting') || s.matches('submitFailed'),
  );
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const close = () => actor.send({ type: 'dialog.close' });

  return (
    <FormDialog
      open={open}
      title="Change Password"
      description="Enter your current password, then choose a new one."
      busy={submitting}
      onClose={close}
    >
      <PasswordChangeForm
        actor={actor}
        id="change-password-form"
        submitLabel="Change Password"
        currentLabel="Current Password"
        actions={
          <Button variant="outline" disabled={submitting} onClick={close}>
            Cancel
          </Button>
        }
      />
    </FormDialog>
  );
}
