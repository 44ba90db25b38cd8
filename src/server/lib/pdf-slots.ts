import { HttpError } from './http-error';

/**
 * PDFs a user may have in preparation at once. Rendering is CPU work on the event loop: ten at once
 * from one person held every other request back (the health check waited 850 ms), while one person
 * reading their payslips never needs more than a couple at a time.
 */
export const PDFS_IN_FLIGHT_PER_USER = 2;

const inFlight = new Map<number, number>();

/** Runs `render` in one of the user's PDF slots, or answers 429 when they are all taken. */
export async function withPdfSlot<T>(userId: number, render: () => Promise<T>): Promise<T> {
  const taken = inFlight.get(userId) ?? 0;
  if (taken >= PDFS_IN_FLIGHT_PER_USER) {
    throw new HttpError(429, 'Your other PDFs are still being prepared. Please try again in a moment.', {
      'retry-after': '2',
    });
  }
  inFlight.set(userId, taken + 1);
  try {
    return await render();
  } finally {
    const left = (inFlight.get(userId) ?? 1) - 1;
    if (left > 0) inFlight.set(userId, left);
    else inFlight.delete(userId);
  }
}
