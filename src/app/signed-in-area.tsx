import { Spinner } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageTitle } from '../ui/page-title';
import { Protected } from './guards';
import { AppShell } from './layouts/app-shell';
import { adminNavigation, type NavItem, staffNavigation } from './layouts/navigation';
import { type Area, adminArea, staffArea } from './route-table';
import type { AppServices } from './services';
import { builtScreens } from './signed-in-screens';

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
