import { Button } from '@chakra-ui/react';
import { changePasswordActor } from '../../../machines/session.selectors';
import type { PasswordChangeFormValues } from '../../domain/auth-forms';
import { FormDialog } from '../../ui/form-dialog';
import { type FormDialogRef, useFormDialog } from '../../ui/use-form-dialog';
import { useSession } from '../session/session-context';
import { PasswordChangeForm } from './password-change-form';

/** Change Password, opened from the sidebar. While the request is out it cannot be closed. */
export function ChangePasswordDialog() {
  const dialog = useSession(changePasswordActor);
  return dialog ? <PasswordDialog dialog={dialog} /> : null;
}

function PasswordDialog({ dialog }: { dialog: FormDialogRef }) {
  const { open, form, busy, close } = useFormDialog<PasswordChangeFormValues>(dialog);
  return (
    <FormDialog
      open={open}
      title="Change Password"
      description="Enter your current password, then choose a new one."
      busy={busy}
      onClose={close}
    >
      {form && (
        <PasswordChangeForm
          key={form.sessionId}
          actor={form}
          id="change-password-form"
          submitLabel="Change Password"
          currentLabel="Current Password"
          actions={
            <Button variant="outline" disabled={busy} onClick={close}>
              Cancel
            </Button>
          }
        />
      )}
    </FormDialog>
  );
}
