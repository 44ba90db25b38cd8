import { fromCallback } from 'xstate';

/** Mouse, key and touch activity (spec section 4, Inactivity). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'wheel', 'keydown', 'touchstart'] as const;
/** Mouse moves arrive by the hundred; one report a second is plenty for a 13 minute timer. */
export const ACTIVITY_THROTTLE_MS = 1000;

export function createActivityWatcher(target: EventTarget) {
  return fromCallback(({ sendBack }) => {
    let last = Number.NEGATIVE_INFINITY;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      sendBack({ type: 'user.activity' });
    };
    for (const type of ACTIVITY_EVENTS)
      target.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, { capture: true });
    };
  });
}
