import { useSyncExternalStore } from 'react';

/** Spec section 9: below 768px the sidebar is an off-canvas drawer. */
const MOBILE_QUERY = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

export const isMobileNow = () => window.matchMedia(MOBILE_QUERY).matches;

/** True below the mobile breakpoint; follows the window as it is resized. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow);
}
