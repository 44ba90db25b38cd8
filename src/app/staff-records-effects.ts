import { navigate } from 'wouter/use-browser-location';
import type { PanelValues, RecordPanelKind } from '../../machines/editable-panel.machine';
import {
  provideEditablePanel,
  provideOnboarding,
  provideRegisterUser,
  provideUserRecord,
  type StaffRecordEffects,
} from '../actors/staff-records.actors';
import { authApi } from '../api/auth.api';
import { leaveApi } from '../api/leave.api';
import { staffRecordsApi } from '../api/staff-records.api';
import { usersApi } from '../api/users.api';
import type { UserDetail } from '../domain/users';
import { showToast } from '../ui/toasts';

// Composed here rather than in services.ts so that these statecharts and their effects load with their screens.
const effects: StaffRecordEffects = {
  auth: authApi,
  users: usersApi,
  records: staffRecordsApi,
  leave: leaveApi,
  notify: showToast,
  navigate: (to) => navigate(to),
};

export const registerUser = provideRegisterUser(effects);
export const onboarding = provideOnboarding(effects);
export const userRecord = provideUserRecord(effects);
export const panelLogic = (kind: RecordPanelKind, target: { user: UserDetail; allowances?: PanelValues }) =>
  provideEditablePanel(effects, kind, target);
