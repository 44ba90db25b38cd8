import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../domain/auth';
import { users } from '../db/schema';
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

/** Bearer authentication. The user row is read on every call so deleted users, changed roles and
 * revoked sessions take effect at once instead of when the 15-minute token expires. */
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
      const [row] = await app.db
        .select({
          id: users.id,
          role: users.role,
          email: users.email,
          fullName: users.fullName,
          mustChangePassword: users.mustChangePassword,
          tokensValidFrom: users.tokensValidFrom,
        })
        .from(users)
        .where(eq(users.id, claims.userId));
      if (!row || claims.issuedAt < Math.floor(row.tokensValidFrom.getTime() / 1000)) {
        throw unauthorized(SESSION_EXPIRED_MESSAGE);
      }
      const { tokensValidFrom: _, ...user } = row;
      return user;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
