import { tooManyRequests } from './http-error';

/**
 * PDFs a user may have in preparation at once. Ten at once from one person held every other request
 * back (the health check waited 850 ms), while with two one is drawn (pdf/pool.ts) as the other is
 * read and answered.
 */
export const PDFS_IN_FLIGHT_PER_USER = 2;
/**
 * Requests beyond those wait their turn, in order, up to this many per user and this long (issue 33):
 * an administrator's tool asking eight payslips at once was refused most of them, and asked again.
 * Only a request beyond the queue, or one that has waited too long, is answered 429.
 */
export const PDFS_WAITING_PER_USER = 16;
export const PDF_WAIT_MS = 10_000;

const tooMany = () =>
  tooManyRequests(2, 'Your other PDFs are still being prepared. Please try again in a moment.');

interface UserSlots {
  running: number;
  /** Each waiting request's turn, first come first served. */
  waiting: Array<() => void>;
}

const slots = new Map<number, UserSlots>();

/** Waits for one of the user's slots, or throws 429 when the queue is full or the wait too long. */
function turn(user: UserSlots): Promise<void> {
  if (user.running < PDFS_IN_FLIGHT_PER_USER) {
    user.running += 1;
    return Promise.resolve();
  }
  if (user.waiting.length >= PDFS_WAITING_PER_USER) return Promise.reject(tooMany());
  return new Promise((resolve, reject) => {
    const start = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      user.waiting.splice(user.waiting.indexOf(start), 1);
      reject(tooMany());
    }, PDF_WAIT_MS);
    user.waiting.push(start);
  });
}

/** A finished request hands its slot to the next one waiting, or frees it. */
function release(userId: number, user: UserSlots) {
  const next = user.waiting.shift();
  if (next) return next();
  user.running -= 1;
  if (user.running === 0) slots.delete(userId);
}

/** Runs `render` in one of the user's PDF slots, waiting for one if need be (see above). */
export async function withPdfSlot<T>(userId: number, render: () => Promise<T>): Promise<T> {
  let user = slots.get(userId);
  if (!user) {
    user = { running: 0, waiting: [] };
    slots.set(userId, user);
  }
  await turn(user);
  try {
    return await render();
  } finally {
    release(userId, user);
  }
}
