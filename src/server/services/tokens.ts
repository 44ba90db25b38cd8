import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../domain/auth';
import type { DbOrTx } from '../db/client';
import { refreshTokens } from '../db/schema';
import { hashToken, newOpaqueToken } from '../lib/secrets';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A refresh token lives for a working day; each use rotates it. */
export const REFRESH_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
const ISSUER = 'hr-app';

export interface AccessClaims {
  userId: number;
  role: Role;
  /** Issued-at, seconds since the epoch. */
  issuedAt: number;
}

export function accessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user: { id: number; role: Role }, now = new Date()): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ role: user.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** Null for any token that is malformed, forged or expired. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const role = payload.role;
        if (
          !Number.isInteger(userId) ||
          (role !== 'ADMIN' && role !== 'STAFF') ||
          payload.iat === undefined
        ) {
          return null;
        }
        return { userId, role, issuedAt: payload.iat };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;

/** Issues a refresh token, in a new family (sign-in) or an existing one (rotation). */
export async function issueRefreshToken(
  db: DbOrTx,
  userId: number,
  familyId: string = randomUUID(),
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  await db.insert(refreshTokens).values({ userId, familyId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

export type RotationResult =
  | { outcome: 'rotated'; userId: number; token: string; expiresAt: Date }
  | { outcome: 'reused'; userId: number }
  | { outcome: 'invalid' };

/**
 * Exchanges a current refresh token for a new one of the same family. The update is conditional,
 * so of two concurrent presentations only one rotates; presenting a token that was already
 * rotated means it was copied, and the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<RotationResult> {
  const tokenHash = hashToken(token);
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
    const next = await issueRefreshToken(db, current.userId, current.familyId, now);
    return { outcome: 'rotated', userId: current.userId, ...next };
  }
  const [known] = await db
    .select({
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      rotatedAt: refreshTokens.rotatedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (known?.rotatedAt) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, known.familyId), isNull(refreshTokens.revokedAt)));
    return { outcome: 'reused', userId: known.userId };
  }
  return { outcome: 'invalid' };
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
