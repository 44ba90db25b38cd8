import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { forbidden, notFound, unauthorized } from '../lib/http-error';
import type { Actor } from '../services/actor';
import { NEW_USER_MESSAGE } from './auth';

/**
 * Who may call a route, declared in its options as `config: { access }`:
 * - 'public': anyone, signed in or not;
 * - 'signedIn': any signed-in user who has replaced a temporary password;
 * - 'self': like signedIn, but STAFF only for themselves, ADMIN for anyone: the route names its
 *   owner in `owner` (a user id in the path, the query or the body, or a stored record whose owner
 *   a lookup registered with this plugin reads; a record's `onlyOwner` holds ADMIN to their own too);
 * - 'admin': ADMIN only.
 */
export type AccessRule = 'public' | 'signedIn' | 'self' | 'admin';

/** Where a 'self' route's owner is. `message` is the 403 answer to STAFF naming someone else. */
export type OwnerRule = { message?: string } & (
  | { param: string }
  /** `optional`: without the parameter the service keeps STAFF to themselves (the team calendar). */
  | { query: string; optional?: boolean }
  /** Read once the body is parsed and validated. */
  | { body: string }
  /**
   * The kind of stored record the request names, e.g. 'leaveRequest'; see `RecordOwners`. `onlyOwner`:
   * what only the record's owner may ask, whatever their role (withdrawing one's own leave): ADMIN on
   * someone else's record get 403 too.
   */
  | { record: string; onlyOwner?: boolean }
);

export interface RouteAccess {
  access: AccessRule;
  /** 'self' routes: whose record the call touches. */
  owner?: OwnerRule;
  /** Lets a user who must still replace a temporary password through (change-password only). */
  allowTemporaryPassword?: boolean;
}

/** How the access hook finds the owners of one kind of stored record, in one query. */
export interface RecordOwner {
  /** The user ids owning the record the (validated) request names; undefined when there is none. */
  owners(db: Db, request: FastifyRequest): Promise<readonly number[] | undefined>;
  /** The 404 message when the record does not exist. */
  notFound: string;
  /** Someone else's record answers exactly as a missing one, so ids cannot be probed. */
  hidden?: boolean;
}
export type RecordOwners = Record<string, RecordOwner>;

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
 * its rule as its first onRequest hook, so it runs before the body is even parsed. An owner in the
 * body or in a stored record is checked by the route's first preHandler, once the request is
 * validated (so a look-up never sees a malformed id).
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, { recordOwners = {} }: { recordOwners?: RecordOwners }) => {
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
      const ownerCheck = validatedOwnerCheck(app, route.config, recordOwners);
      if (ownerCheck) route.preHandler = [ownerCheck, ...asArray(route.preHandler)];
    });

    app.addHook('onReady', async () => {
      const undeclared = routes.filter((r) => !RULES.includes(r.config.access as AccessRule));
      if (undeclared.length > 0) {
        const list = undeclared.map((r) => `${r.method} ${r.url}`).join(', ');
        throw new Error(`Routes without an access rule (config.access): ${list}`);
      }
      for (const r of routes) {
        const { access, owner } = r.config;
        if ((access === 'self') !== (owner !== undefined)) {
          throw new Error(`${r.method} ${r.url}: access 'self' and 'owner' go together`);
        }
        if (owner && 'record' in owner && !recordOwners[owner.record]) {
          throw new Error(`${r.method} ${r.url}: no owner lookup for '${owner.record}' records`);
        }
      }
    });
  },
  { name: 'access', dependencies: ['auth', 'db'] },
);

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Another spelling of the same number (`07`) is not the caller's id. */
const isCaller = (value: unknown, user: Actor) => String(value) === String(user.id);

/** The route's onRequest check of its rule; none for public routes (and undeclared ones, which `ready` refuses). */
function accessCheck(app: FastifyInstance, config: Partial<RouteAccess>) {
  const { access, allowTemporaryPassword = false, owner } = config;
  if (access === undefined || access === 'public') return null;
  return async (request: FastifyRequest) => {
    const user = await app.resolveUser(request);
    if (user.mustChangePassword && !allowTemporaryPassword) throw forbidden(NEW_USER_MESSAGE);
    if (access === 'admin' && user.role !== 'ADMIN') throw forbidden();
    if (access === 'self' && owner && user.role !== 'ADMIN') {
      const message = owner.message ?? OWN_RECORD_MESSAGE;
      if ('param' in owner) {
        const value = (request.params as Record<string, unknown> | undefined)?.[owner.param];
        if (!isCaller(value, user)) throw forbidden(message);
      } else if ('query' in owner) {
        const value = (request.query as Record<string, unknown> | undefined)?.[owner.query];
        if (!(value === undefined && owner.optional) && !isCaller(value, user)) throw forbidden(message);
      }
    }
    request.user = user;
  };
}

/** The preHandler check of an owner named in the body or by a stored record; none for other rules. */
function validatedOwnerCheck(app: FastifyInstance, config: Partial<RouteAccess>, recordOwners: RecordOwners) {
  const { access, owner } = config;
  if (access !== 'self' || !owner || !('body' in owner || 'record' in owner)) return null;
  const message = owner.message ?? OWN_RECORD_MESSAGE;
  const adminToo = 'record' in owner && owner.onlyOwner === true;
  return async (request: FastifyRequest) => {
    const user = actorOf(request);
    if (user.role === 'ADMIN' && !adminToo) return;
    if ('body' in owner) {
      const value = (request.body as Record<string, unknown> | undefined)?.[owner.body];
      if (!isCaller(value, user)) throw forbidden(message);
      return;
    }
    const kind = recordOwners[owner.record];
    if (!kind) throw new Error(`no owner lookup for '${owner.record}' records`);
    const owners = await kind.owners(app.db, request);
    if (!owners) throw notFound(kind.notFound);
    // ADMIN see every record, so for them someone else's is refused, not hidden.
    if (!owners.includes(user.id)) {
      throw kind.hidden && user.role !== 'ADMIN' ? notFound(kind.notFound) : forbidden(message);
    }
  };
}

/** The caller of a route that is not public (the access hook has checked them). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return request.user;
}
