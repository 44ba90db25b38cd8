import { Redirect, Route, Switch, useSearch } from 'wouter';
import { PageTitle } from '../ui/page-title';
import { LoginScreen } from '../views/login/login-screen';
import { ResetPasswordScreen } from '../views/reset-password/reset-password-screen';
import { GuestOnly, HomeRedirect, Protected } from './guards';
import { AppShell } from './layouts/app-shell';
import { adminNavigation, type NavItem, staffNavigation } from './layouts/navigation';
import { type Area, adminArea, staffArea } from './route-table';
import type { AppServices } from './services';

function ResetPasswordRoute({ services }: { services: AppServices }) {
  const token = new URLSearchParams(useSearch()).get('token');
  if (!token) return <Redirect to="/login" replace />;
  // A new token is a new visit: the key gives it a fresh statechart.
  return (
    <ResetPasswordScreen
      key={token}
      logic={services.resetPassword}
      token={token}
      inspect={services.inspect}
    />
  );
}

function AreaRoutes({ area, nav }: { area: Area; nav: NavItem[] }) {
  return (
    <Protected roles={area.roles}>
      <AppShell area={area.label} nav={nav}>
        <Switch>
          {area.pages.map((page) => (
            <Route key={page.path} path={page.path}>
              <PageTitle>{page.title}</PageTitle>
            </Route>
          ))}
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </AppShell>
    </Protected>
  );
}

/** Spec section 2: the whole route table with its guards. */
export function AppRoutes({ services }: { services: AppServices }) {
  return (
    <Switch>
      <Route path="/login">
        <GuestOnly>
          <LoginScreen />
        </GuestOnly>
      </Route>
      {/* Any path starting with /reset-password is open, signed in or not. */}
      <Route path={/^\/reset-password/}>
        <ResetPasswordRoute services={services} />
      </Route>
      <Route path="/">
        <HomeRedirect />
      </Route>
      <Route path="/admin/*?">
        <AreaRoutes area={adminArea} nav={adminNavigation} />
      </Route>
      <Route path="/staff/*?">
        <AreaRoutes area={staffArea} nav={staffNavigation} />
      </Route>
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
