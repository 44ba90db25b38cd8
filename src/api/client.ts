import { FetchError, type FetchOptions, ofetch } from 'ofetch';
import { normalizeApiError } from './errors';

/** Marks requests whose 401 must not start a token refresh (spec section 7: logout and refresh). */
export const SKIP_INTERCEPTOR_HEADER = 'X-Skip-Interceptor';

export interface TokenSource {
  /** The access token in session storage, or null. */
  getAccessToken(): string | null;
}

/** Resolves with a fresh access token once the shared refresh succeeded; rejects when it failed. */
export type UnauthorizedHandler = () => Promise<string>;

export interface RequestOptions extends Omit<FetchOptions<'json' | 'blob'>, 'baseURL' | 'retry'> {
  /** Send the skip-interceptor header: a 401 is returned to the caller as it is. */
  skipInterceptor?: boolean;
  /** Leave out the bearer header even when a token exists (the refresh call). */
  withoutAuthorization?: boolean;
  /** Per-call text used when the server gives no message (spec section 8 fallbacks). */
  fallbackMessage?: string;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The composition root connects the client to the session: tokens and the refresh queue. */
  connect(tokens: TokenSource, onUnauthorized: UnauthorizedHandler): void;
}

export function createApiClient(baseURL: string): ApiClient {
  let tokens: TokenSource = { getAccessToken: () => null };
  let onUnauthorized: UnauthorizedHandler | null = null;
  // No timeout and no automatic retries: a retry is decided here, only after a refresh.
  const raw = ofetch.create({ baseURL, credentials: 'include', retry: 0 });

  function headersFor(options: RequestOptions, token: string | null): Headers {
    const headers = new Headers(options.headers);
    if (token && !options.withoutAuthorization) headers.set('Authorization', `Bearer ${token}`);
    if (options.skipInterceptor) headers.set(SKIP_INTERCEPTOR_HEADER, 'true');
    return headers;
  }

  // A blob answer (PDFs) is requested with responseType 'blob'; ofetch's types know one type per call.
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { skipInterceptor, withoutAuthorization, fallbackMessage, ...fetchOptions } = options;
    const sentToken = withoutAuthorization ? null : tokens.getAccessToken();
    try {
      return await raw<T, 'json'>(path, {
        ...(fetchOptions as FetchOptions<'json'>),
        headers: headersFor(options, sentToken),
      });
    } catch (error) {
      // A 401 without a bearer is a refused sign-in, not an expired token: nothing to refresh.
      const expired = error instanceof FetchError && error.status === 401 && sentToken !== null;
      if (!expired || skipInterceptor || !onUnauthorized) throw normalizeApiError(error, fallbackMessage);
      let freshToken: string;
      try {
        // If a refresh finished while this request was out, its token is already here: retry with it.
        const current = tokens.getAccessToken();
        freshToken = current && current !== sentToken ? current : await onUnauthorized();
      } catch {
        throw normalizeApiError(error, fallbackMessage);
      }
      try {
        // Retried once: a second 401 goes back to the caller.
        return await raw<T, 'json'>(path, {
          ...(fetchOptions as FetchOptions<'json'>),
          headers: headersFor(options, freshToken),
        });
      } catch (retryError) {
        throw normalizeApiError(retryError, fallbackMessage);
      }
    }
  }

  return {
    request,
    connect(source, handler) {
      tokens = source;
      onUnauthorized = handler;
    },
  };
}

/** The one client of the app; the base address comes from VITE_API_BASE and defaults to /api. */
export const apiClient = createApiClient(import.meta.env?.VITE_API_BASE ?? '/api');
