import { UserLeaveSection } from '../views/leave/user-leave';
import { MyProfileScreen } from '../views/profile/my-profile-screen';
import { useSession } from '../views/session/session-context';
import { staffLeave } from './leave-effects';
import type { AppServices } from './services';
import { panelLogic, userRecord } from './staff-records-effects';

/** /staff/profile: the signed-in user's own records. */
export default function MyProfileRoute({ services }: { services: AppServices }) {
  const userId = useSession((s) => s.context.user?.id ?? null);
  if (userId === null) return null;
  return (
    <MyProfileScreen
      logic={userRecord}
      panelLogic={panelLogic}
      userId={userId}
      inspect={services.inspect}
      leave={{
        // One section holds both tables, so a deletion reloads the balance beside it.
        requests: (id) => (
          <UserLeaveSection logic={staffLeave} userId={id} canRequest={false} inspect={services.inspect} />
        ),
      }}
    />
  );
}
