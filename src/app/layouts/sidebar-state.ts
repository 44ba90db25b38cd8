/** Spec section 9: the sidebar's open state lives in a cookie for 604800 s (7 days). */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 604_800;

/** Expanded unless the cookie says otherwise. */
export function readSidebarOpen(cookie: string = document.cookie): boolean {
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=(true|false)`));
  return match ? match[1] === 'true' : true;
}

export function writeSidebarOpen(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is the whole requirement; the Cookie Store API is not in every browser we support.
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
