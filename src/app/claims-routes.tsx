import { provideAdminClaims, provideClaimTypes, provideMyClaims } from '../actors/claims.actors';
import { claimsApi } from '../api/claims.api';
import { leaveApi } from '../api/leave.api';
import { todayIso } from '../domain/dates';
import { showToast } from '../ui/toasts';
import { AdminClaimsScreen } from '../views/claims/admin-claims-screen';
import { ClaimTypesScreen } from '../views/claims/claim-types-screen';
import { MyClaimsScreen } from '../views/claims/my-claims-screen';
import { useSession } from '../views/session/session-context';
import type { AppServices } from './services';

// Composed here so that the claims statecharts and their effects load with the screens (issue 37 item 4).
const effects = { claims: claimsApi, uploads: leaveApi, notify: showToast };
const myClaims = provideMyClaims(effects);
const adminClaims = provideAdminClaims(effects);
const claimTypes = provideClaimTypes(effects);

/** /staff/claims: the signed-in staff member's own claims. */
export function MyClaimsRoute({ services }: { services: AppServices }) {
  const user = useSession((s) => s.context.user);
  if (!user) return null;
  return <MyClaimsScreen logic={myClaims} userId={user.id} today={todayIso()} inspect={services.inspect} />;
}

/** /admin/claims: everyone's claims of a month, the review sheet and the report. */
export function AdminClaimsRoute({ services }: { services: AppServices }) {
  const me = useSession((s) => s.context.user?.id ?? null);
  if (me === null) return null;
  return (
    <AdminClaimsScreen
      key={me}
      logic={adminClaims}
      adminId={me}
      today={todayIso()}
      inspect={services.inspect}
    />
  );
}

/** /admin/company/claim-types: the claim types and their limits (a company setting). */
export function ClaimTypesRoute({ services }: { services: AppServices }) {
  return <ClaimTypesScreen logic={claimTypes} inspect={services.inspect} />;
}
