import { StaffDashboardScreen } from '../views/leave/staff-dashboard-screen';
import { useSession } from '../views/session/session-context';
import { staffLeave } from './leave-effects';
import type { AppServices } from './services';

/** /staff: the signed-in staff member's own leave. */
export default function StaffDashboardRoute({ services }: { services: AppServices }) {
  const userId = useSession((s) => s.context.user?.id ?? null);
  if (userId === null) return null;
  return <StaffDashboardScreen key={userId} logic={staffLeave} userId={userId} inspect={services.inspect} />;
}
