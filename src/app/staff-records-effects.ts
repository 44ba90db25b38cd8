import { navigate } from 'wouter/use-browser-location';
import { provideSeparationPanel } from '../actors/separation-panel.actors';
import {
  provideOnboarding,
  provideRegisterUser,
  provideUserRecord,
  type StaffRecordEffects,
} from '../actors/staff-records.actors';
import { authApi } from '../api/auth.api';
import { leaveApi } from '../api/leave.api';
import { leavePoliciesApi } from '../api/leave-policies.api';
import { payslipsApi } from '../api/payslips.api';
import { separationApi } from '../api/separation.api';
import { staffRecordsApi } from '../api/staff-records.api';
import { usersApi } from '../api/users.api';
import { showToast } from '../ui/toasts';
import { staffLeave } from './leave-effects';

// Composed here rather than in services.ts so that these statecharts and their effects load with their screens.
const effects: StaffRecordEffects = {
  auth: authApi,
  users: usersApi,
  records: staffRecordsApi,
  leave: leaveApi,
  leavePolicies: leavePoliciesApi,
  payslips: payslipsApi,
  notify: showToast,
  navigate: (to) => navigate(to),
};

export const registerUser = provideRegisterUser(effects);
export const onboarding = provideOnboarding(effects);
const userRecord = provideUserRecord(effects);

/** User detail and My profile for one user: the record, its panels, and the user's leave. */
export const userRecordOf = (userId: number | null) =>
  userId === null ? userRecord : userRecord.provide({ actors: { leave: staffLeave.userLeaveOf(userId) } });

/** The Separation panel of user detail and My profile (issue 35). */
export const separationPanel = provideSeparationPanel({ separation: separationApi, notify: showToast });
