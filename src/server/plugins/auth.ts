import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../domain/auth';
import { users } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-error';
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
    /** preHandler: a valid bearer token of an existing user who has set their own password. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: like authenticate, but lets a user who must still change the password through. */
    authenticateAllowingNewUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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

    async function resolveUser(request: FastifyRequest): Promise<AuthenticatedUser> {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthorized();
      const claims = await tokens.verify(match[1]);
      if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
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
        throw unauthorized('Your session has expired. Please sign in again.');
      }
      const { tokensValidFrom: _, ...user } = row;
      return user;
    }

    app.decorate('authenticateAllowingNewUser', async (request: FastifyRequest) => {
      request.user = await resolveUser(request);
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const user = await resolveUser(request);
      if (user.mustChangePassword) throw forbidden(NEW_USER_MESSAGE);
      request.user = user;
    });
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
      if (!roles.includes(request.user.role)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in user; only for routes behind authenticate. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
