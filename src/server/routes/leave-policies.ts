import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idParams } from '../../domain/fields';
import { leaveBalanceYearQuerySchema } from '../../domain/leave';
import {
  leaveEntitlementSchema,
  leavePolicyInputSchema,
  leavePolicySchema,
  yearEndInputSchema,
  yearEndQuerySchema,
  yearEndSummarySchema,
} from '../../domain/leave-policies';
import { actorOf } from '../plugins/access';
import { leavePoliciesOf, updateLeavePolicy, userLeaveEntitlements } from '../services/leave-entitlements';
import { previewYearEnd, yearEnd } from '../services/leave-year-end';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];

/** Issue 17: leave policies, the entitlements they give, and the year end that carries days forward. */
export async function leavePolicyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/leave-policies',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['leave'],
        summary: "Each leave type's policy: how its yearly days are set and what carries into the next year",
        security,
        response: { 200: z.array(leavePolicySchema), ...errorResponses(401, 403) },
      },
    },
    async () => leavePoliciesOf(app.db),
  );

  r.put(
    '/leave-policies/:leaveTypeId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary: "Set a leave type's policy (ADMIN); refused below the Employment Act's or the CDCA's days",
        security,
        params: z.object({ leaveTypeId: idParam }),
        body: leavePolicyInputSchema,
        response: { 200: leavePolicySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateLeavePolicy(app.db, actorOf(request), request.params.leaveTypeId, request.body),
  );

  r.get(
    '/users/:id/leave-entitlements',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['leave'],
        summary:
          "A user's entitlement per leave type for a year: the law's minimum, the policy's days (prorated where it applies) and the days carried in; own for STAFF",
        security,
        params: idParams,
        querystring: leaveBalanceYearQuerySchema,
        response: { 200: z.array(leaveEntitlementSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      userLeaveEntitlements(app.db, {
        userId: request.params.id,
        year: request.query.year,
      }),
  );

  r.get(
    '/leave-balances/year-end',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary:
          'What the year end would do now: employees, balances created, days carried and forfeited (ADMIN)',
        security,
        querystring: yearEndQuerySchema,
        response: { 200: yearEndSummarySchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => previewYearEnd(app.db, request.query),
  );

  r.post(
    '/leave-balances/year-end',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary:
          "Close a year (ADMIN): next year's balances from the policies and unused days carried up to each type's limit; running it again changes nothing more",
        security,
        body: yearEndInputSchema,
        response: { 200: yearEndSummarySchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => yearEnd(app.db, actorOf(request), request.body),
  );
}
