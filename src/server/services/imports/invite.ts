import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { badRequest } from '../../lib/http-error';
import type { Actor } from '../actor';
import { writeAudits } from '../audit';
import { newSetPasswordLink } from '../auth';
import type { Mailer } from '../mail';
import { ensureQueue } from '../payroll/emails';

/**
 * Imported staff have no password (issue 38 item 2): the invite e-mails each the set-password link of
 * "Forgot password" (the same token, an hour long). The sends go through the job queue as the payslips'
 * do, one job a person, so a slow mail server holds up no request.
 */
export const STAFF_INVITE_QUEUE = 'staff-invite';

export const UNKNOWN_STAFF = 'Some of these are not staff members: invite only imported staff.';

/** POST /imports/staff/invite: every id a staff member's, then one queued e-mail each, audited. */
export async function inviteStaff(
  db: DbOrTx,
  queue: () => JobQueue,
  actor: Actor,
  userIds: readonly number[],
): Promise<{ invited: number }> {
  const ids = [...new Set(userIds)];
  await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.role, 'STAFF')));
    if (found.length !== ids.length)
      throw badRequest(UNKNOWN_STAFF, { code: 'VALIDATION', field: 'userIds' });
    await writeAudits(
      tx,
      ids.map((id) => ({
        actorUserId: actor.id,
        action: 'user.invited',
        entity: 'user',
        entityId: id,
        subjectUserId: id,
      })),
    );
  });
  // After the commit: on PGlite the queue shares the one connection the transaction holds.
  await queue().insert(ids.map((userId) => ({ name: STAFF_INVITE_QUEUE, data: { userId } })));
  return { invited: ids.length };
}

export interface InviteDeps {
  db: DbOrTx;
  mailer: Mailer;
  publicUrl: string;
}

/** One invite: a fresh link (older ones stop working) and its e-mail. */
export async function sendInvite(deps: InviteDeps, userId: number): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return; // removed since it was queued
  const link = await newSetPasswordLink(deps.db, userId, deps.publicUrl);
  await deps.mailer.send({
    to: user.email,
    subject: 'Your HR account is ready',
    text: `Hello ${user.fullName},\n\nYour employer has created your HR account (${user.email}). To choose your password and sign in, open this link within one hour:\n\n${link}\n\nIf the hour has passed, use "Forgot password?" on the sign-in page for a new link.\n`,
  });
}

/** Makes this process send the invites (as it sends payslips: every `npm start` unless WORKER=false). */
export async function workStaffInvites(queue: JobQueue, deps: InviteDeps) {
  await ensureQueue(queue, { name: STAFF_INVITE_QUEUE, retryLimit: 3, retryDelay: 30, retryBackoff: true });
  await queue.work<{ userId: number }>(
    STAFF_INVITE_QUEUE,
    { batchSize: 8, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      // One at a time: each send opens its own short transaction for the token.
      for (const job of jobs) await sendInvite(deps, job.data.userId);
    },
  );
}
