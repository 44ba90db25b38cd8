import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LoginResponse } from '../../domain/auth';
import { todayIso } from '../../domain/dates';
import { leaverAccessEnded } from '../../domain/leave';
import type { DbOrTx } from '../db/client';
import { employmentInfo, passwordResetTokens, users } from '../db/schema';
import type { DeviceCookies } from '../lib/device-cookies';
import { badRequest, forbidden, unauthorized } from '../lib/http-error';
import { dummyPasswordHash, hashPassword, hashToken, newOpaqueToken, verifyPassword } from '../lib/secrets';
import {
  reserveAttempt,
  type ThrottleLimit,
  type ThrottleStore,
  throttled,
  throttleKey,
} from '../lib/throttle';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import type { Mailer } from './mail';
import {
  type AccessTokens,
  type IssuedRefresh,
  issueRefreshToken,
  revokeAllRefreshTokens,
  revokeRefreshTokenFamily,
  rotateRefreshToken,
} from './tokens';
import { findUserByEmail, sessionUser } from './users';

// Sign-in, session renewal and passwords. Anonymous flows (sign-in, refresh, reset) have no actor
// and take (db, input, deps); change-password takes (db, actor, input, deps). HTTP matters (cookies,
// status codes) stay in the route.

export type { IssuedRefresh };
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

const MINUTE = 60_000;
/** Failed sign-ins allowed per window: per trusted device; else per account and per address. */
export const SIGN_IN_LIMITS = {
  device: { max: 10, windowMs: 15 * MINUTE },
  account: { max: 10, windowMs: 15 * MINUTE },
  address: { max: 10, windowMs: MINUTE },
} as const;
/** Wrong current passwords allowed per account (a stolen access token must not become a guessing oracle). */
export const PASSWORD_CHANGE_LIMIT = { max: 5, windowMs: 15 * MINUTE } as const;

const signInMessage = (seconds: number) =>
  `Too many failed sign-in attempts. Please try again in ${seconds} seconds.`;
const passwordChangeMessage = (seconds: number) =>
  `Too many incorrect passwords. Please try again in ${seconds} seconds.`;

/** Process-wide collaborators of the auth flows, built once in `buildApp`. */
export interface AuthDeps {
  tokens: AccessTokens;
  throttle: ThrottleStore;
  devices: DeviceCookies;
  /** Derives the successor of a refresh token (see `refreshSuccessor`). */
  successorOf: (token: string) => string;
  mailer: Mailer;
  /** Base of the links in e-mails. */
  publicUrl: string;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Sign-in with the throttling OWASP recommends against online guessing: a browser that signed in
 * to this account before (valid device cookie) is limited per device and never locked out by other
 * people's failures; everyone else is limited per account and per address. Only failures count.
 */
export async function signIn(
  db: DbOrTx,
  input: { email: string; password: string; ip: string; cookies: Record<string, string | undefined> },
  deps: AuthDeps,
): Promise<LoginResponse & { refresh: IssuedRefresh; device: { name: string; value: string } }> {
  const email = normalizeEmail(input.email);
  const deviceCookie = deps.devices.nameFor(email);
  const deviceId = deps.devices.verify(email, input.cookies[deviceCookie]);
  const untrusted: ThrottleLimit[] = [
    { key: throttleKey('account', email), ...SIGN_IN_LIMITS.account },
    { key: throttleKey('address', input.ip), ...SIGN_IN_LIMITS.address },
  ];
  let limits = untrusted;
  if (deviceId) {
    const trusted = [{ key: throttleKey('device', deviceId), ...SIGN_IN_LIMITS.device }];
    const reservation = await deps.throttle.reserve(trusted);
    // A device over its own limit is trusted no more: it falls back to the untrusted limits.
    if (reservation.outcome === 'reserved') limits = trusted;
    else if (reservation.outcome === 'busy') {
      await reserveAttempt(deps.throttle, trusted, signInMessage);
      limits = trusted;
    }
  }
  if (limits === untrusted) await reserveAttempt(deps.throttle, untrusted, signInMessage);

  let user: Awaited<ReturnType<typeof findUserByEmail>>;
  let passwordOk = false;
  try {
    user = await findUserByEmail(db, email);
    passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  } finally {
    await deps.throttle.settle(limits, !(user && passwordOk));
  }
  if (!user || !passwordOk) {
    deps.log.info({ event: 'login.failed', trustedDevice: limits !== untrusted }, 'sign-in refused');
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  const ended = await leaverAccessEndedFor(db, user.id);
  if (ended) {
    deps.log.info({ event: 'login.refused', reason: 'leaver access ended' }, 'sign-in refused');
    throw forbidden(ended);
  }
  const refresh = await issueRefreshToken(db, user.id);
  const profile = await sessionUser(db, user.id);
  if (!profile) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  const deviceValue = deviceId ? (input.cookies[deviceCookie] as string) : deps.devices.issue(email);
  return {
    accessToken: await deps.tokens.sign(user, refresh.sessionId),
    user: profile,
    isNewUser: user.mustChangePassword,
    refresh,
    device: { name: deviceCookie, value: deviceValue },
  };
}

/** A leaver whose access has ended (see leaverAccessEnded) signs in no more, and their sessions stop. */
async function leaverAccessEndedFor(db: DbOrTx, userId: number): Promise<string | null> {
  const [employment] = await db
    .select({ lastDay: employmentInfo.lastDayOfService })
    .from(employmentInfo)
    .where(eq(employmentInfo.userId, userId));
  return leaverAccessEnded(employment?.lastDay ?? null, todayIso());
}

/** Exchanges the refresh token for a new one and an access token; a reused token revokes its family. */
export async function refreshSession(
  db: DbOrTx,
  input: { refreshToken: string | undefined },
  deps: AuthDeps,
): Promise<{ accessToken: string; refresh: IssuedRefresh }> {
  const presented = input.refreshToken;
  if (!presented) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  const result = await db.transaction((tx) => rotateRefreshToken(tx, presented, deps.successorOf));
  if (result.outcome === 'reused') {
    deps.log.warn({ event: 'refresh.reused', userId: result.userId }, 'refresh token reused: family revoked');
    await writeAudit(db, {
      actorUserId: result.userId,
      action: 'session.refreshTokenReused',
      entity: 'user',
      entityId: result.userId,
      subjectUserId: result.userId,
    });
  }
  if (result.outcome !== 'rotated') throw unauthorized(SESSION_EXPIRED_MESSAGE);
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, result.userId));
  if (!user) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  const ended = await leaverAccessEndedFor(db, user.id);
  if (ended) throw forbidden(ended);
  const { token, expiresAt, sessionId } = result;
  return { accessToken: await deps.tokens.sign(user, sessionId), refresh: { token, expiresAt, sessionId } };
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
  const link = await newSetPasswordLink(db, user.id, deps.publicUrl);
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.fullName},\n\nSomeone asked to reset the password of your HR account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
  });
}

/**
 * A set-password link (the "Forgot password" flow's, also the imported staff's invite): only the latest
 * link of a user works, for an hour.
 */
export async function newSetPasswordLink(db: DbOrTx, userId: number, publicUrl: string): Promise<string> {
  const token = newOpaqueToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    // Only the latest link works: an older e-mail lying in an inbox is no longer a key.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
  });
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export async function resetPassword(
  db: DbOrTx,
  input: { token: string; newPassword: string },
): Promise<void> {
  const tokenHash = hashToken(input.token);
  const now = new Date();
  const usable = and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
  // The (deliberately slow) hash is computed only for a link that works.
  const [candidate] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usable);
  if (!candidate) throw badRequest(INVALID_RESET_MESSAGE, { code: 'RESET_LINK_INVALID', field: 'token' });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(usable)
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw badRequest(INVALID_RESET_MESSAGE, { code: 'RESET_LINK_INVALID', field: 'token' });
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
      subjectUserId: used.userId,
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
  const limits = [{ key: throttleKey('password-change', actor.id), ...PASSWORD_CHANGE_LIMIT }];
  const currentOk = await throttled(deps.throttle, limits, passwordChangeMessage, async () => {
    const [row] = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, actor.id));
    const ok = row !== undefined && (await verifyPassword(row.passwordHash, input.currentPassword));
    return { failed: !ok, value: ok };
  });
  if (!currentOk)
    throw badRequest('Current password is incorrect.', {
      code: 'CURRENT_PASSWORD_INCORRECT',
      field: 'currentPassword',
    });
  if (input.currentPassword === input.newPassword) {
    throw badRequest('New password must be different from the current password.', {
      code: 'PASSWORD_UNCHANGED',
      field: 'newPassword',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  // Every earlier token stops working: their sessions are revoked, and they were issued before
  // `now` (milliseconds); the token issued below, at `now`, is the first valid one.
  const now = new Date();
  const refresh = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, tokensValidFrom: now })
      .where(eq(users.id, actor.id));
    await revokeAllRefreshTokens(tx, actor.id, now);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'user.passwordChanged',
      entity: 'user',
      entityId: actor.id,
      subjectUserId: actor.id,
    });
    return issueRefreshToken(tx, actor.id, undefined, now);
  });
  return { accessToken: await deps.tokens.sign(actor, refresh.sessionId, now), refresh };
}
