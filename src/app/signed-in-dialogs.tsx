import { InactivityDialog } from '../views/inactivity/inactivity-dialog';
import { ChangePasswordDialog } from '../views/password/change-password-dialog';

export default function SignedInDialogs() {
  return (
    <>
      <ChangePasswordDialog />
      <InactivityDialog />
    </>
  );
}
