import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';
import type { SessionSnapshot } from '../../../machines/session.selectors';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

const SessionActorContext = createContext<SessionActorRef | null>(null);

/** Makes the one app-wide session actor available to every screen. */
export function SessionProvider({ actor, children }: { actor: SessionActorRef; children: ReactNode }) {
  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
}

function useSessionActor(): SessionActorRef {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSession must be used within a SessionProvider');
  return actor;
}

/** Reads one value of the session snapshot; the view re-renders only when that value changes. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), selector);
}

export function useSessionSend(): SessionActorRef['send'] {
  return useSessionActor().send;
}
