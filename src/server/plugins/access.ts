import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/http-error';
import type { Actor } from '../services/actor';
import { NEW_USER_MESSAGE } from './auth';

/**
 * Who may call a route, declared in its options as `config: { access }`:
 * - 'public': anyone, signed in or not;
 * - 'signedIn': any signed-in user who has replaced a temporary password;
 * - 'self': like signedIn, but STAFF only for their own user id, read from the path or query
 *   parameter named by `userParam` (default 'id'); ADMIN for any;
 * - 'admin': ADMIN only.
 * Records whose owner needs a database look-up (a leave request) use 'signedIn' and name the
 * record in `owner`; the service then refuses other people's records with 403 (see
 * `assertOwnerOrAdmin`), and the authorization matrix test creates one such record per caller.
 */
export type AccessRule = 'public' | 'signedIn' | 'self' | 'admin';

export interface RouteAccess {
  access: AccessRule;
  /** 'self': the path or query parameter holding the user id. Default 'id'. */
  userParam?: string;
  /** 'signedIn' routes whose service checks ownership: the kind of record, e.g. 'leaveRequest'. */
  owner?: string;
  /** Lets a user who must still replace a temporary password through (change-password only). */
  allowTemporaryPassword?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends Partial<RouteAccess> {}
  interface FastifyInstance {
    /** Every route with its declared access, in registration order (the matrix and fuzz tests read it). */
    routeTable: DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  config: Partial<RouteAccess>;
  /** The route's schema (zod), for tests that need to build valid requests. */
  schema: RouteOptions['schema'];
}

const RULES: readonly AccessRule[] = ['public', 'signedIn', 'self', 'admin'];
export const OWN_RECORD_MESSAGE = 'You can only access your own record.';

/**
 * The one place that enforces access rules. Registered before any route: it records every route,
 * makes `ready()` (so start-up) fail when one declares no valid rule, and gives each route the check of
 * its rule as its first onRequest hook, so it runs before the body is even parsed.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: DeclaredRoute[] = [];
    app.decorate('routeTable', routes);

    app.addHook('onRoute', (route) => {
      route.config ??= {};
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        routes.push({ method, url: route.url, config: route.config, schema: route.schema });
      }
      // The rule is read once, here; public routes carry no check at all.
      const check = accessCheck(app, route.config);
      if (check) route.onRequest = [check, ...asArray(route.onRequest)];
    });

    app.addHook('onReady', async () => {
      const undeclared = routes.filter((r) => !RULES.includes(r.config.access as AccessRule));
      if (undeclared.length > 0) {
        const list = undeclared.map((r) => `${r.method} ${r.url}`).join(', ');
        throw new Error(`Routes without an access rule (config.access): ${list}`);
      }
      for (const r of routes) {
        if (r.config.owner && r.config.access !== 'signedIn') {
          throw new Error(`${r.method} ${r.url}: 'owner' goes with access 'signedIn'`);
        }
      }
    });
  },
  { name: 'access', dependencies: ['auth'] },
);

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The route's onRequest check of its rule; none for public routes (and undeclared ones, which `ready` refuses). */
function accessCheck(app: FastifyInstance, config: Partial<RouteAccess>) {
  const { access, allowTemporaryPassword = false, userParam = 'id' } = config;
  if (access === undefined || access === 'public') return null;
  return async (request: FastifyRequest) => {
    const user = await app.resolveUser(request);
    if (user.mustChangePassword && !allowTemporaryPassword) throw forbidden(NEW_USER_MESSAGE);
    if (access === 'admin' && user.role !== 'ADMIN') throw forbidden();
    if (access === 'self' && user.role !== 'ADMIN') {
      const value =
        (request.params as Record<string, unknown> | undefined)?.[userParam] ??
        (request.query as Record<string, unknown> | undefined)?.[userParam];
      if (String(value) !== String(user.id)) throw forbidden(OWN_RECORD_MESSAGE);
    }
    request.user = user;
  };
}

/** The caller of a route that is not public (the access hook has checked them). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return request.user;
}
