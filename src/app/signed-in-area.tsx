import { Spinner } from '@chakra-ui/react';
import { type ComponentType, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageTitle } from '../ui/page-title';
import { Protected } from './guards';
import { AppShell } from './layouts/app-shell';
import { adminNavigation, type NavItem, staffNavigation } from './layouts/navigation';
import { type Area, adminArea, staffArea } from './route-table';
import type { AppServices } from './services';
import {
  AdminDashboardRoute,
  AllStaffRoute,
  CompanyRoute,
  LeaveBalanceRoute,
  LeaveCalendarRoute,
  LeavePoliciesRoute,
  MyProfileRoute,
  OnboardingRoute,
  PayItemsRoute,
  PayRecordsRoute,
  PaySubmissionsRoute,
  ProcessPayRoute,
  PublicHolidaysRoute,
  RegisterRoute,
  StaffDashboardRoute,
  StaffPayslipsRoute,
  UserDetailRoute,
} from './signed-in-screens';

/** Screens built so far, by route pattern; the others show their title until their issue builds them. */
const builtScreens: Record<string, ComponentType<{ services: AppServices }>> = {
  '/admin': AdminDashboardRoute,
  '/admin/leave-balance': LeaveBalanceRoute,
  '/admin/public-holidays': PublicHolidaysRoute,
  '/admin/leave-policies': LeavePoliciesRoute,
  '/admin/leave-calendar': LeaveCalendarRoute,
  '/admin/users': AllStaffRoute,
  '/admin/users/:id': UserDetailRoute,
  '/admin/register': RegisterRoute,
  '/admin/onboard/:id': OnboardingRoute,
  '/staff': StaffDashboardRoute,
  '/staff/profile': MyProfileRoute,
  '/admin/process-pay': ProcessPayRoute,
  '/admin/pay-records': PayRecordsRoute,
  '/admin/pay-submissions': PaySubmissionsRoute,
  '/admin/company': CompanyRoute,
  '/staff/payslips': StaffPayslipsRoute,
  '/admin/users/:userId/pay-items/:year/:month': PayItemsRoute,
};

function AreaRoutes({ area, nav, services }: { area: Area; nav: NavItem[]; services: AppServices }) {
  return (
    <Protected roles={area.roles}>
      <AppShell area={area.label} nav={nav}>
        {/* The sidebar stays while a screen's code arrives. */}
        <Suspense fallback={<Spinner size="sm" color="fg.muted" aria-label="Loading" />}>
          <Switch>
            {area.pages.map((page) => {
              const Screen = builtScreens[page.path];
              return (
                <Route key={page.path} path={page.path}>
                  {Screen ? <Screen services={services} /> : <PageTitle>{page.title}</PageTitle>}
                </Route>
              );
            })}
            {area.redirects?.map((redirect) => (
              <Route key={redirect.from} path={redirect.from}>
                <Redirect to={redirect.to} replace />
              </Route>
            ))}
            <Route>
              <Redirect to="/" replace />
            </Route>
          </Switch>
        </Suspense>
      </AppShell>
    </Protected>
  );
}

/** The signed-in areas (/admin, /staff) with their layout: one chunk, loaded after sign-in. */
export default function SignedInArea({ area, services }: { area: 'admin' | 'staff'; services: AppServices }) {
  return area === 'admin' ? (
    <AreaRoutes area={adminArea} nav={adminNavigation} services={services} />
  ) : (
    <AreaRoutes area={staffArea} nav={staffNavigation} services={services} />
  );
}
