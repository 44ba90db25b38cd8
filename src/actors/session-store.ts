import { type SessionUser, sessionUserSchema } from '../domain/auth';

/** Spec section 9: the token lives in session storage under this key. */
export const ACCESS_TOKEN_KEY = 'accessToken';
/** The current user and its isNewUser flag, so a reload restores the same session (spec section 3). */
export const CURRENT_USER_KEY = 'currentUser';
/** The setup checklist was dismissed in this session (issue 38); signing out forgets it. */
export const SETUP_DISMISSED_KEY = 'setupChecklistDismissed';

export interface StoredSessionRecord {
  user: SessionUser;
  isNewUser: boolean;
}

export interface SessionStore {
  getAccessToken(): string | null;
  /** An empty value removes the entry (spec section 3). */
  setAccessToken(token: string): void;
  /** The stored session, or null when the token or the user is missing or unreadable. */
  read(): StoredSessionRecord | null;
  /** Whether the stored token expires within a request's time of `now`; false when its expiry cannot be read. */
  tokenExpired(now?: number): boolean;
  save(session: { accessToken: string; user: SessionUser; isNewUser: boolean }): void;
  markPasswordSet(): void;
  clear(): void;
}

/** A token that expires sooner than this is as good as expired: the page's first requests would outlive it. */
const EXPIRY_MARGIN_MS = 30_000;

/** The expiry of a JWT access token in ms, read from its payload (not verified: only a hint), or null. */
function expiryOf(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function createSessionStore(storage: Storage): SessionStore {
  const set = (key: string, value: string) => (value ? storage.setItem(key, value) : storage.removeItem(key));

  function read(): StoredSessionRecord | null {
    if (!storage.getItem(ACCESS_TOKEN_KEY)) return null;
    try {
      const raw = JSON.parse(storage.getItem(CURRENT_USER_KEY) ?? 'null') as Record<string, unknown> | null;
      const user = sessionUserSchema.safeParse(raw?.user);
      return user.success ? { user: user.data, isNewUser: raw?.isNewUser === true } : null;
    } catch {
      return null;
    }
  }

  return {
    getAccessToken: () => storage.getItem(ACCESS_TOKEN_KEY) || null,
    setAccessToken: (token) => set(ACCESS_TOKEN_KEY, token),
    read,
    tokenExpired(now = Date.now()) {
      const expiry = expiryOf(storage.getItem(ACCESS_TOKEN_KEY) ?? '');
      return expiry !== null && expiry - EXPIRY_MARGIN_MS <= now;
    },
    save({ accessToken, user, isNewUser }) {
      set(ACCESS_TOKEN_KEY, accessToken);
      set(CURRENT_USER_KEY, JSON.stringify({ user, isNewUser }));
    },
    markPasswordSet() {
      const current = read();
      if (current) set(CURRENT_USER_KEY, JSON.stringify({ ...current, isNewUser: false }));
    },
    clear() {
      storage.removeItem(ACCESS_TOKEN_KEY);
      storage.removeItem(CURRENT_USER_KEY);
      storage.removeItem(SETUP_DISMISSED_KEY);
    },
  };
}
