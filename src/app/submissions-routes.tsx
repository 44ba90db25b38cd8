import { provideCompanySettings, providePaySubmissions } from '../actors/submissions.actors';
import { submissionsApi } from '../api/submissions.api';
import { todayIso } from '../domain/dates';
import { showToast } from '../ui/toasts';
import { CompanyScreen } from '../views/company/company-screen';
import { PaySubmissionsScreen } from '../views/payroll/pay-submissions-screen';
import type { AppServices } from './services';

// Composed here so that the statecharts and their effects load with the screens.
const paySubmissions = providePaySubmissions({ submissions: submissionsApi, notify: showToast });
const companySettings = provideCompanySettings({ submissions: submissionsApi, notify: showToast });

/** /admin/pay-submissions */
export function PaySubmissionsRoute({ services }: { services: AppServices }) {
  return <PaySubmissionsScreen logic={paySubmissions} today={todayIso()} inspect={services.inspect} />;
}

/** /admin/company */
export function CompanyRoute({ services }: { services: AppServices }) {
  return <CompanyScreen logic={companySettings} inspect={services.inspect} />;
}
