import { provideAllStaff } from '../actors/all-staff.actors';
import { provideExportFile } from '../actors/exports.actors';
import { exportsApi } from '../api/exports.api';
import { usersApi } from '../api/users.api';
import { showToast } from '../ui/toasts';
import { AllStaffScreen } from '../views/users/all-staff-screen';
import type { AppServices } from './services';

// Composed here rather than in services.ts so that the list statechart and its effects load with the screen.
const allStaff = provideAllStaff({ users: usersApi, notify: showToast });
const staffExport = provideExportFile(({ format, filters }) => exportsApi.staff(format, filters), showToast);

/** /admin/users */
export default function AllStaffRoute({ services }: { services: AppServices }) {
  return <AllStaffScreen logic={allStaff} exportLogic={staffExport} inspect={services.inspect} />;
}
