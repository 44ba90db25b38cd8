import { useMemo } from 'react';
import { useParams } from 'wouter';
import { todayIso } from '../domain/dates';
import { UserDetailScreen } from '../views/users/user-detail-screen';
import { pathId } from './onboarding-route';
import type { AppServices } from './services';
import { separationPanel, userRecordOf } from './staff-records-effects';

/** /admin/users/:id */
export default function UserDetailRoute({ services }: { services: AppServices }) {
  const { id } = useParams<{ id: string }>();
  const userId = pathId(id);
  const logic = useMemo(() => userRecordOf(userId), [userId]);
  return (
    <UserDetailScreen
      key={id}
      logic={logic}
      userId={userId}
      inspect={services.inspect}
      separation={{ logic: separationPanel, today: todayIso() }}
    />
  );
}
