import { useMemo } from 'react';
import { todayIso } from '../domain/dates';
import { MyProfileScreen } from '../views/profile/my-profile-screen';
import { useSession } from '../views/session/session-context';
import type { AppServices } from './services';
import { separationPanel, userRecordOf } from './staff-records-effects';

/** /staff/profile: the signed-in user's own records. */
export default function MyProfileRoute({ services }: { services: AppServices }) {
  const userId = useSession((s) => s.context.user?.id ?? null);
  const logic = useMemo(() => userRecordOf(userId), [userId]);
  if (userId === null) return null;
  return (
    <MyProfileScreen
      key={userId}
      logic={logic}
      userId={userId}
      inspect={services.inspect}
      separation={{ logic: separationPanel, today: todayIso() }}
    />
  );
}
