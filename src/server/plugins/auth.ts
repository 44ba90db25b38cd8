import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../domain/auth';
import { prepared } from '../db/prepared';
import { refreshTokens, users } from '../db/schema';
import { unauthorized } from '../lib/http-error';
import { SESSION_EXPIRED_MESSAGE } from '../services/auth';
import { type AccessTokens, accessTokens } from '../services/tokens';

export interface AuthenticatedUser {
  id: number;
  role: Role;
  email: string;
  fullName: string;
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** The user of the request's bearer token, or a 401. The access hook calls it; routes read `actorOf`. */
    resolveUser: (request: FastifyRequest) => Promise<AuthenticatedUser>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

export const NEW_USER_MESSAGE = 'You must change your temporary password before continuing.';

/** Bearer authentication. The user row and the session are read on every call, so deleted users,
 * changed roles, logouts and revoked sessions take effect at once, not when the 15-minute token expires. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { jwtSecret: string }) => {
    const tokens = accessTokens(options.jwtSecret);
    app.decorate('accessTokens', tokens);
    app.decorateRequest('user', null);

    app.decorate('resolveUser', async (request: FastifyRequest): Promise<AuthenticatedUser> => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthorized();
      const claims = await tokens.verify(match[1]);
      if (!claims) throw unauthorized(SESSION_EXPIRED_MESSAGE);
      // One round trip: the user, and whether the token's session (refresh family) is still open.
      const [row] = await prepared(app.db, 'auth_user_session', (db) =>
        db
          .select({
            id: users.id,
            role: users.role,
            email: users.email,
            fullName: users.fullName,
            mustChangePassword: users.mustChangePassword,
            tokensValidFrom: users.tokensValidFrom,
            sessionOpen: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')} and ${refreshTokens.userId} = ${sql.placeholder('userId')} and ${refreshTokens.revokedAt} is null)`,
          })
          .from(users)
          .where(eq(users.id, sql.placeholder('userId')))
          .prepare('auth_user_session'),
      ).execute({ userId: claims.userId, sessionId: claims.sessionId });
      if (!row?.sessionOpen || claims.issuedAtMs < row.tokensValidFrom.getTime()) {
        throw unauthorized(SESSION_EXPIRED_MESSAGE);
      }
      const { tokensValidFrom: _, sessionOpen: __, ...user } = row;
      return user;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
