import { providePublicHolidays } from '../actors/public-holidays.actors';
import { holidaysApi } from '../api/holidays.api';
import { todayIso } from '../domain/dates';
import { showToast } from '../ui/toasts';
import { PublicHolidaysScreen } from '../views/holidays/public-holidays-screen';
import type { AppServices } from './services';

// Composed here so that the statecharts and their effects load with the screen.
const publicHolidays = providePublicHolidays({ holidays: holidaysApi, notify: showToast });

/** /admin/public-holidays */
export default function PublicHolidaysRoute({ services }: { services: AppServices }) {
  return <PublicHolidaysScreen logic={publicHolidays} today={todayIso()} inspect={services.inspect} />;
}
