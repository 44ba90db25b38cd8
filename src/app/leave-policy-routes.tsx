import { provideLeavePolicies } from '../actors/leave-policies.actors';
import { leavePoliciesApi } from '../api/leave-policies.api';
import { showToast } from '../ui/toasts';
import { LeavePoliciesScreen } from '../views/leave/leave-policies-screen';
import type { AppServices } from './services';

// Composed here so that the statecharts and their effects load with the screen.
const leavePolicies = provideLeavePolicies({ leavePolicies: leavePoliciesApi, notify: showToast });

/** /admin/leave-policies */
export function LeavePoliciesRoute({ services }: { services: AppServices }) {
  return <LeavePoliciesScreen logic={leavePolicies} inspect={services.inspect} />;
}
