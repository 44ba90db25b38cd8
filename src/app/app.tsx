import { ChakraProvider } from '@chakra-ui/react';
import { Suspense } from 'react';
import { isSignedIn, mustSetPassword } from '../../machines/session.selectors';
import { system } from '../ui/theme';
import { AppToaster } from '../ui/toaster';
import { SessionProvider, useSession } from '../views/session/session-context';
import { AppRoutes } from './routes';
import { SetPasswordScreen, SignedInDialogs } from './screens';
import type { AppServices } from './services';

function Screens({ services }: { services: AppServices }) {
  // A new staff user sees nothing else until a password of their own is accepted.
  const forced = useSession(mustSetPassword);
  const signedIn = useSession(isSignedIn);
  return (
    <>
      {/* Nothing shows while a screen's code arrives: on a fast line a spinner would only flash. */}
      <Suspense fallback={null}>
        {forced ? <SetPasswordScreen /> : <AppRoutes services={services} />}
      </Suspense>
      {signedIn && (
        <Suspense fallback={null}>
          <SignedInDialogs />
        </Suspense>
      )}
    </>
  );
}

export function App({ services }: { services: AppServices }) {
  return (
    <ChakraProvider value={system}>
      <SessionProvider actor={services.session}>
        <Screens services={services} />
        <AppToaster />
      </SessionProvider>
    </ChakraProvider>
  );
}
