import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../domain/auth';
import { run, statement } from '../db/statements';
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
 * instant before which tokens are refused comes as milliseconds, as a Date would hold it.
 */
export const SESSION_STATEMENT = statement<{
  id: number;
  role: Role;
  email: string;
  full_name: string;
  must_change_password: boolean;
  tokens_valid_from_ms: number;
  session_open: boolean;
}>(
  'auth_session',
  `select id, role, email, full_name, must_change_password,
     floor(extract(epoch from tokens_valid_from) * 1000)::float8 as tokens_valid_from_ms,
     exists (select 1 from refresh_tokens where family_id = $2 and user_id = $1 and revoked_at is null) as session_open
   from users where id = $1`,
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
      const [row] = await run(app.db, SESSION_STATEMENT, [claims.userId, claims.sessionId]);
      if (!row?.session_open || claims.issuedAtMs < row.tokens_valid_from_ms) {
        throw unauthorized(SESSION_EXPIRED_MESSAGE);
      }
      return {
        id: row.id,
        role: row.role,
        email: row.email,
        fullName: row.full_name,
        mustChangePassword: row.must_change_password,
      };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
