import { provideTimesheetGrid } from '../actors/timesheet-grid.actors';
import { provideTimesheet } from '../actors/timesheets.actors';
import { timesheetsApi } from '../api/timesheets.api';
import { todayIso } from '../domain/dates';
import { showToast } from '../ui/toasts';
import { useSession } from '../views/session/session-context';
import { TimesheetGridScreen } from '../views/timesheets/timesheet-grid-screen';
import { TimesheetScreen } from '../views/timesheets/timesheet-screen';
import type { AppServices } from './services';

// Composed here so that the timesheet statecharts and their effects load with the screen.
const timesheet = provideTimesheet({ timesheets: timesheetsApi, notify: showToast });
const timesheetGrid = provideTimesheetGrid({ timesheets: timesheetsApi, notify: showToast });

/** /staff/timesheet: the signed-in staff member's own month of hours (issue 36 item 5). */
export function MyTimesheetRoute({ services }: { services: AppServices }) {
  const user = useSession((s) => s.context.user);
  if (!user) return null;
  return (
    <TimesheetScreen
      logic={timesheet}
      userId={user.id}
      hireDate={user.hireDate}
      today={todayIso()}
      title="My Timesheet"
      inspect={services.inspect}
    />
  );
}

/** /admin/timesheets: the month's timesheets of every employee, and its CSV upload (issue 36 item 5). */
export function TimesheetGridRoute({ services }: { services: AppServices }) {
  const me = useSession((s) => s.context.user?.id ?? null);
  if (me === null) return null;
  return (
    <TimesheetGridScreen logic={timesheetGrid} today={todayIso()} selfId={me} inspect={services.inspect} />
  );
}
