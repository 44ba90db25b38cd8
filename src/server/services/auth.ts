import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LoginResponse } from '../../domain/auth';
import type { DbOrTx } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';
import type { FailureLimiter } from '../lib/failure-limiter';
import { badRequest, tooManyRequests, unauthorized } from '../lib/http-error';
import { dummyPasswordHash, hashPassword, hashToken, newOpaqueToken, verifyPassword } from '../lib/secrets';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import type { Mailer } from './mail';
import {
  type AccessTokens,
  issueRefreshToken,
  revokeAllRefreshTokens,
  revokeRefreshTokenFamily,
  rotateRefreshToken,
} from './tokens';
import { findUserByEmail, sessionUser } from './users';

// Sign-in, session renewal and passwords. Anonymous flows (sign-in, refresh, reset) have no actor
// and take (db, input, deps); change-password takes (db, actor, input, deps). HTTP matters (cookies,
// status codes) stay in the route.

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/** Process-wide collaborators of the auth flows, built once in `buildApp`. */
export interface AuthDeps {
  tokens: AccessTokens;
  signInFailures: FailureLimiter;
  mailer: Mailer;
  /** Base of the links in e-mails. */
  publicUrl: string;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

export interface IssuedRefresh {
  token: string;
  expiresAt: Date;
}

export async function signIn(
  db: DbOrTx,
  input: { email: string; password: string; ip: string },
  deps: AuthDeps,
): Promise<LoginResponse & { refresh: IssuedRefresh }> {
  const { signInFailures } = deps;
  const email = input.email.trim().toLowerCase();
  const keys = [`ip:${input.ip}`, `email:${email}`];
  const wait = Math.max(...keys.map((key) => signInFailures.retryAfter(key)));
  if (wait > 0) {
    throw tooManyRequests(wait, `Too many failed sign-in attempts. Please try again in ${wait} seconds.`);
  }
  // Counted as a failure before the (slow) password check, in the same tick as the check of
  // the limit, so a burst of parallel guesses cannot all slip under it.
  for (const key of keys) signInFailures.recordFailure(key);
  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk) {
    deps.log.info({ event: 'login.failed' }, 'sign-in refused');
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  signInFailures.clear(`email:${email}`);
  signInFailures.release(`ip:${input.ip}`);
  const refresh = await issueRefreshToken(db, user.id);
  const profile = await sessionUser(db, user.id);
  if (!profile) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  return {
    accessToken: await deps.tokens.sign(user),
    user: profile,
    isNewUser: user.mustChangePassword,
    refresh,
  };
}

/** Exchanges the refresh token for a new one and an access token; a reused token revokes its family. */
export async function refreshSession(
  db: DbOrTx,
  input: { refreshToken: string | undefined },
  deps: AuthDeps,
): Promise<{ accessToken: string; refresh: IssuedRefresh }> {
  const presented = input.refreshToken;
  if (!presented) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  const result = await db.transaction((tx) => rotateRefreshToken(tx, presented));
  if (result.outcome === 'reused') {
    deps.log.warn({ event: 'refresh.reused', userId: result.userId }, 'refresh token reused: family revoked');
    await writeAudit(db, {
      actorUserId: result.userId,
      action: 'session.refreshTokenReused',
      entity: 'user',
      entityId: result.userId,
    });
  }
  if (result.outcome !== 'rotated') throw unauthorized(SESSION_EXPIRED_MESSAGE);
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, result.userId));
  if (!user) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  return {
    accessToken: await deps.tokens.sign(user),
    refresh: { token: result.token, expiresAt: result.expiresAt },
  };
}

/** Logout: the presented token and every token rotated from the same sign-in stop working. */
export async function signOut(db: DbOrTx, input: { refreshToken: string | undefined }): Promise<void> {
  if (input.refreshToken) await revokeRefreshTokenFamily(db, input.refreshToken);
}

/** Sends a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(
  db: DbOrTx,
  input: { email: string },
  deps: AuthDeps,
): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user) return;
  const token = newOpaqueToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    // Only the latest link works: an older e-mail lying in an inbox is no longer a key.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
  });
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.fullName},\n\nSomeone asked to reset the password of your HR account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
  });
}

export async function resetPassword(
  db: DbOrTx,
  input: { token: string; newPassword: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw badRequest(INVALID_RESET_MESSAGE);
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, tokensValidFrom: now })
      .where(eq(users.id, used.userId));
    await revokeAllRefreshTokens(tx, used.userId, now);
    await writeAudit(tx, {
      actorUserId: used.userId,
      action: 'user.passwordReset',
      entity: 'user',
      entityId: used.userId,
    });
  });
}

/** The actor's own password; every other session is signed out and this one gets fresh tokens. */
export async function changePassword(
  db: DbOrTx,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
  deps: AuthDeps,
): Promise<{ accessToken: string; refresh: IssuedRefresh }> {
  const [row] = await db.select().from(users).where(eq(users.id, actor.id));
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw badRequest('Current password is incorrect.');
  }
  if (input.currentPassword === input.newPassword) {
    throw badRequest('New password must be different from the current password.');
  }
  const passwordHash = await hashPassword(input.newPassword);
  // Tokens count from whole seconds, so the cut-off is the start of this second and the
  // access token issued below stays valid while every earlier one stops working.
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const refresh = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, tokensValidFrom: now })
      .where(eq(users.id, actor.id));
    await revokeAllRefreshTokens(tx, actor.id);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'user.passwordChanged',
      entity: 'user',
      entityId: actor.id,
    });
    return issueRefreshToken(tx, actor.id);
  });
  return { accessToken: await deps.tokens.sign(actor, now), refresh };
}
