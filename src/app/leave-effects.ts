import { staffLeaveLogic } from '../actors/staff-leave.actors';
import { leaveApi } from '../api/leave.api';
import { showToast } from '../ui/toasts';

// Composed here rather than in services.ts so that the leave statecharts and their effects load with the
// screens that show leave (staff dashboard, My profile, user detail).
export const staffLeave = staffLeaveLogic({ leave: leaveApi, notify: showToast });
