import { ChakraProvider } from '@chakra-ui/react';
import { VisitProvider } from '../ui/page-title';
import { system } from '../ui/theme';
import { AppToaster } from '../ui/toaster';
import { InactivityDialog } from '../views/inactivity/inactivity-dialog';
import { ChangePasswordDialog } from '../views/password/change-password-dialog';
import { SessionProvider } from '../views/session/session-context';
import { AppRoutes } from './routes';
import type { AppServices } from './services';

export function App({ services }: { services: AppServices }) {
  return (
    <ChakraProvider value={system}>
      <SessionProvider actor={services.session}>
        <VisitProvider>
          <AppRoutes services={services} />
          <ChangePasswordDialog />
          <InactivityDialog />
          <AppToaster />
        </VisitProvider>
      </SessionProvider>
    </ChakraProvider>
  );
}
