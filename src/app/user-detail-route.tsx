import { useParams } from 'wouter';
import { UserDetailScreen } from '../views/users/user-detail-screen';
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
    />
  );
}
