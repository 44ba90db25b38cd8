import { Redirect, Route, Switch, useSearch } from 'wouter';
import { GuestOnly, HomeRedirect } from './guards';
import { LoginScreen, ResetPasswordScreen, SignedInArea } from './screens';
import type { AppServices } from './services';

function ResetPasswordRoute({ services }: { services: AppServices }) {
  const token = new URLSearchParams(useSearch()).get('token');
  // A new token is a new visit: the key gives it a fresh statechart.
  return (
    <ResetPasswordScreen
      key={token ?? ''}
      logic={services.resetPassword}
      token={token}
      inspect={services.inspect}
    />
  );
}

/** Spec section 2: the whole route table with its guards. Screens load lazily (src/app/screens.ts). */
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
        <SignedInArea area="admin" services={services} />
      </Route>
      <Route path="/staff/*?">
        <SignedInArea area="staff" services={services} />
      </Route>
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
