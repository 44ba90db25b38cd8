import { ChakraProvider } from '@chakra-ui/react';
import { mustSetPassword } from '../../machines/session.selectors';
import { system } from '../ui/theme';
import { AppToaster } from '../ui/toaster';
import { InactivityDialog } from '../views/inactivity/inactivity-dialog';
import { ChangePasswordDialog } from '../views/password/change-password-dialog';
import { SetPasswordScreen } from '../views/password/set-password-screen';
import { SessionProvider, useSession } from '../views/session/session-context';
import { AppRoutes } from './routes';
import type { AppServices } from './services';

function Screens({ services }: { services: AppServices }) {
  // A new staff user sees nothing else until a password of their own is accepted.
  const forced = useSession(mustSetPassword);
  return forced ? <SetPasswordScreen /> : <AppRoutes services={services} />;
}

export function App({ services }: { services: AppServices }) {
  return (
    <ChakraProvider value={system}>
      <SessionProvider actor={services.session}>
        <Screens services={services} />
        <ChangePasswordDialog />
        <InactivityDialog />
        <AppToaster />
      </SessionProvider>
    </ChakraProvider>
  );
}
