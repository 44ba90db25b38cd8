import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../domain/auth';
import type { DbOrTx } from '../db/client';
import { refreshTokens } from '../db/schema';
import { hashToken, newOpaqueToken } from '../lib/secrets';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A refresh token lives for a working day; each use rotates it. */
export const REFRESH_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
/** A rotated refresh token presented again this soon (two tabs, a retried request) gets the same successor. */
export const REFRESH_REUSE_INTERVAL_MS = 10_000;
const ISSUER = 'hr-app';
/** Tolerated clock difference for `iat` (several API processes). */
const CLOCK_SKEW_MS = 5_000;

export interface AccessClaims {
  userId: number;
  role: Role;
  /** The session: the refresh-token family of the sign-in that led to this token. */
  sessionId: string;
  /** Issue time in milliseconds, so a password change cuts off tokens of the same second. */
  issuedAtMs: number;
}

/** Verified tokens remembered, so a token used on many requests is checked cryptographically once. */
const VERIFIED_CACHE_SIZE = 10_000;

export function accessTokens(secret: string) {
  // Token string -> its claims and expiry. Only tokens whose signature and claims passed enter;
  // expiry is still checked on every use, and the session and user on every request.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  // Imported once: jose would otherwise import the raw secret into WebCrypto on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(user: { id: number; role: Role }, sessionId: string, now = new Date()): Promise<string> {
      const ms = now.getTime();
      const iat = Math.floor(ms / 1000);
      return new SignJWT({ role: user.role, sid: sessionId, ims: ms })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await key);
    },
    /** Null for any token that is malformed, forged, expired, without expiry or issued in the future. */
    async verify(token: string, now = Date.now()): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) return known.expiresAtMs > now ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          currentDate: new Date(now),
        });
        const userId = Number(payload.sub);
        const { role, sid, ims } = payload;
        if (
          !Number.isSafeInteger(userId) ||
          userId < 1 ||
          (role !== 'ADMIN' && role !== 'STAFF') ||
          typeof sid !== 'string' ||
          sid.length === 0 ||
          sid.length > 64 ||
          typeof ims !== 'number' ||
          !Number.isSafeInteger(ims) ||
          ims > now + CLOCK_SKEW_MS ||
          (payload.iat ?? 0) * 1000 > now + CLOCK_SKEW_MS ||
          (payload.exp ?? 0) - (payload.iat ?? 0) > ACCESS_TOKEN_TTL_SECONDS
        ) {
          return null;
        }
        const claims: AccessClaims = { userId, role: role as Role, sessionId: sid, issuedAtMs: ims };
        if (verified.size >= VERIFIED_CACHE_SIZE) {
          const oldest = verified.keys().next().value;
          if (oldest !== undefined) verified.delete(oldest);
        }
        verified.set(token, { claims, expiresAtMs: (payload.exp as number) * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;

export interface IssuedRefresh {
  token: string;
  expiresAt: Date;
  /** The session (refresh family) the token belongs to. */
  sessionId: string;
}

/** Issues a refresh token, in a new family (sign-in) or an existing one (rotation). */
export async function issueRefreshToken(
  db: DbOrTx,
  userId: number,
  familyId: string = randomUUID(),
  now = new Date(),
  token: string = newOpaqueToken(),
): Promise<IssuedRefresh> {
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  await db.insert(refreshTokens).values({ userId, familyId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt, sessionId: familyId };
}

export type RotationResult =
  | ({ outcome: 'rotated'; userId: number } & IssuedRefresh)
  | { outcome: 'reused'; userId: number }
  | { outcome: 'invalid' };

/**
 * The successor of a refresh token is derived from it with a server key, so a token presented
 * again within the reuse interval gets the very same successor without storing it in clear.
 */
export function refreshSuccessor(secret: string) {
  const key = createHmac('sha256', secret).update('refresh-successor').digest();
  return (token: string) => createHmac('sha256', key).update(token).digest('base64url');
}

/**
 * Exchanges a current refresh token for its successor in the same family. The update is
 * conditional, so of concurrent presentations one rotates; the others, and any presentation
 * within REFRESH_REUSE_INTERVAL_MS of the rotation, get the same successor. A rotated token
 * presented later means it was copied, and the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: DbOrTx,
  token: string,
  successorOf: (token: string) => string,
  now = new Date(),
): Promise<RotationResult> {
  const tokenHash = hashToken(token);
  const successor = successorOf(token);
  const [current] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  if (current) {
    const next = await issueRefreshToken(db, current.userId, current.familyId, now, successor);
    return { outcome: 'rotated', userId: current.userId, ...next };
  }
  const [known] = await db
    .select({
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!known?.rotatedAt || known.revokedAt) return { outcome: 'invalid' };
  if (now.getTime() - known.rotatedAt.getTime() <= REFRESH_REUSE_INTERVAL_MS) {
    const [next] = await db
      .select({ expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.tokenHash, hashToken(successor)),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      );
    if (next) {
      return {
        outcome: 'rotated',
        userId: known.userId,
        token: successor,
        expiresAt: next.expiresAt,
        sessionId: known.familyId,
      };
    }
  }
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, known.familyId), isNull(refreshTokens.revokedAt)));
  return { outcome: 'reused', userId: known.userId };
}

/** Logout: the presented token and every token rotated from the same sign-in stop working. */
export async function revokeRefreshTokenFamily(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<number | null> {
  const [known] = await db
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!known) return null;
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, known.familyId), isNull(refreshTokens.revokedAt)));
  return known.userId;
}

export async function revokeAllRefreshTokens(db: DbOrTx, userId: number, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
