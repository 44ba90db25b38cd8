import { ChakraProvider } from '@chakra-ui/react';
import { Suspense } from 'react';
import { isSignedIn } from '../../machines/session.selectors';
import { VisitProvider } from '../ui/page-title';
import { system } from '../ui/theme';
import { AppToasts } from '../ui/toasts';
import { SessionProvider, useSession } from '../views/session/session-context';
import { AppRoutes } from './routes';
import { SignedInDialogs } from './screens';
import type { AppServices } from './services';

function Screens({ services }: { services: AppServices }) {
  const signedIn = useSession(isSignedIn);
  return (
    <>
      {/* Nothing shows while a screen's code arrives: on a fast line a spinner would only flash. */}
      <Suspense fallback={null}>
        <AppRoutes services={services} />
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
        <VisitProvider>
          <Screens services={services} />
          <AppToasts />
        </VisitProvider>
      </SessionProvider>
    </ChakraProvider>
  );
}
