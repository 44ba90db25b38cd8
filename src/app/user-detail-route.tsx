import { useParams } from 'wouter';
import { UserLeaveSection } from '../views/leave/user-leave';
import { UserDetailScreen } from '../views/users/user-detail-screen';
import { staffLeave } from './leave-effects';
import { pathId } from './onboarding-route';
import type { AppServices } from './services';
import { panelLogic, userRecord } from './staff-records-effects';

/** /admin/users/:id */
export default function UserDetailRoute({ services }: { services: AppServices }) {
  const { id } = useParams<{ id: string }>();
  return (
    <UserDetailScreen
      key={id}
      logic={userRecord}
      panelLogic={panelLogic}
      userId={pathId(id)}
      inspect={services.inspect}
      leave={{
        // One section holds both tables, so a request made or deleted reloads the balance beside it.
        requests: (userId) => (
          <UserLeaveSection logic={staffLeave} userId={userId} canRequest inspect={services.inspect} />
        ),
      }}
    />
  );
}
