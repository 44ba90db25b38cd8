/**
 * The promises of API requests that got a 401 and wait for the session's one shared refresh. The session
 * machine keeps only their ids (its context stays serialisable); it settles them through two actions.
 */
export interface RefreshQueue {
  /** Registers a waiting request, tells the session through `notify`, and resolves with the fresh token. */
  wait(notify: (event: { type: 'token.expired'; requestId: string }) => void): Promise<string>;
  retry(requestIds: readonly string[], accessToken: string): void;
  fail(requestIds: readonly string[]): void;
}

export class SessionExpiredError extends Error {
  constructor() {
    super('Your session has expired. Please log in again.');
    this.name = 'SessionExpiredError';
  }
}

export function createRefreshQueue(): RefreshQueue {
  const waiting = new Map<string, { resolve: (token: string) => void; reject: (error: Error) => void }>();
  let counter = 0;

  function settle(
    requestIds: readonly string[],
    outcome: (entry: NonNullable<ReturnType<typeof waiting.get>>) => void,
  ) {
    for (const id of requestIds) {
      const entry = waiting.get(id);
      waiting.delete(id);
      if (entry) outcome(entry);
    }
  }

  return {
    wait(notify) {
      counter += 1;
      const requestId = `request-${counter}`;
      // Registered before notifying: the session may settle it synchronously (e.g. when signed out).
      const promise = new Promise<string>((resolve, reject) => waiting.set(requestId, { resolve, reject }));
      notify({ type: 'token.expired', requestId });
      return promise;
    },
    retry(requestIds, accessToken) {
      settle(requestIds, (entry) => entry.resolve(accessToken));
    },
    fail(requestIds) {
      settle(requestIds, (entry) => entry.reject(new SessionExpiredError()));
    },
  };
}
