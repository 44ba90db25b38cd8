import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../domain/auth';
import { users } from '../db/schema';
import { preparedFor } from '../db/statements';
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

/**
 * One round trip: the token's user, and whether its session (refresh family) is still open. The
 * instant before which tokens are refused comes as milliseconds, as a Date would hold it. Every
 * request runs it, so it is prepared (db/statements.ts).
 */
const sessionOf = preparedFor((db) =>
  db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      fullName: users.fullName,
      mustChangePassword: users.mustChangePassword,
      tokensValidFromMs: sql<number>`floor(extract(epoch from ${users.tokensValidFrom}) * 1000)::float8`,
      // Named in full: in a one-table select Drizzle writes columns without their table, which would
      // make `user_id = id` compare the refresh token with itself.
      sessionOpen: sql<boolean>`exists (select 1 from refresh_tokens t
        where t.family_id = ${sql.placeholder('sessionId')} and t.user_id = users.id and t.revoked_at is null)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('auth_session'),
);

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
      const [row] = await sessionOf(app.db).execute({ userId: claims.userId, sessionId: claims.sessionId });
      if (!row?.sessionOpen || claims.issuedAtMs < row.tokensValidFromMs) {
        throw unauthorized(SESSION_EXPIRED_MESSAGE);
      }
      const { id, role, email, fullName, mustChangePassword } = row;
      return { id, role, email, fullName, mustChangePassword };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
