import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idParams } from '../../domain/fields';
import {
  createLeaveRequestSchema,
  decideLeaveRequestSchema,
  leaveClashSchema,
  leaveCountsSchema,
  leaveListQuerySchema,
  leaveRequestPageSchema,
  leaveRequestSchema,
  withdrawalDecisionAnswerSchema,
  withdrawalDecisionSchema,
} from '../../domain/leave';
import { actorOf } from '../plugins/access';
import { countLeaveRequests, listLeaveRequests } from '../services/leave-lists';
import {
  createLeaveRequest,
  decideLeaveRequest,
  deleteLeaveRequest,
  leaveClashes,
} from '../services/leave-requests';
import { decideLeaveWithdrawal, requestLeaveWithdrawal } from '../services/leave-withdrawals';
import type { FileStorage } from '../storage/storage';
import { errorResponses } from './schemas';

const userParams = z.object({ userId: idParam });
const security = [{ bearerAuth: [] }];

export async function leaveRequestRoutes(app: FastifyInstance, deps: { storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/leave-requests',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary: "Everyone's leave requests, paged, with search, status and type filters and sorting (ADMIN)",
        security,
        querystring: leaveListQuerySchema,
        response: { 200: leaveRequestPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listLeaveRequests(app.db, { query: request.query }),
  );

  r.get(
    '/leave-requests/count',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary: "Everyone's leave requests per status (ADMIN)",
        security,
        response: { 200: leaveCountsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => countLeaveRequests(app.db, {}),
  );

  r.get(
    '/users/:userId/leave-requests',
    {
      config: { access: 'self', owner: { param: 'userId' } },
      schema: {
        tags: ['leave'],
        summary: "One user's leave requests, paged (own for STAFF, anyone's for ADMIN)",
        security,
        params: userParams,
        querystring: leaveListQuerySchema,
        response: { 200: leaveRequestPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listLeaveRequests(app.db, { userId: request.params.userId, query: request.query }),
  );

  r.get(
    '/users/:userId/leave-requests/count',
    {
      config: { access: 'self', owner: { param: 'userId' } },
      schema: {
        tags: ['leave'],
        summary: "One user's leave requests per status (own for STAFF, anyone's for ADMIN)",
        security,
        params: userParams,
        response: { 200: leaveCountsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => countLeaveRequests(app.db, { userId: request.params.userId }),
  );

  r.get(
    '/leave-requests/:id/clashes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary: 'Other people away (approved or pending) on any half day of this request (ADMIN)',
        security,
        params: idParams,
        response: { 200: z.array(leaveClashSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => leaveClashes(app.db, request.params),
  );

  r.post(
    '/leave-requests',
    {
      // STAFF for themselves only, ADMIN on behalf of anyone: the owner is the body's user id.
      config: {
        access: 'self',
        owner: { body: 'userId', message: 'You can only request leave for yourself.' },
      },
      schema: {
        tags: ['leave'],
        summary:
          'Request leave: for oneself, or for any user as ADMIN. The server counts the days; refused when it overlaps or exceeds the balance',
        security,
        body: createLeaveRequestSchema,
        response: { 201: leaveRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createLeaveRequest(app.db, actorOf(request), request.body, deps)),
  );

  r.patch(
    '/leave-requests/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary: 'Approve or reject a pending leave request (ADMIN); approval checks the balance again',
        security,
        params: idParams,
        body: decideLeaveRequestSchema,
        response: { 200: leaveRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      decideLeaveRequest(app.db, actorOf(request), { id: request.params.id, status: request.body.status }),
  );

  r.delete(
    '/leave-requests/:id',
    {
      config: { access: 'self', owner: { record: 'leaveRequest' } },
      schema: {
        tags: ['leave'],
        summary: "Delete a pending leave request: own for STAFF, anyone's for ADMIN",
        security,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteLeaveRequest(app.db, actorOf(request), request.params, deps);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/leave-requests/:id/withdrawal',
    {
      // Only the person on leave asks (an administrator too, for their own leave only).
      config: {
        access: 'self',
        owner: {
          record: 'leaveRequest',
          onlyOwner: true,
          message: 'Only the person on leave can ask to withdraw it.',
        },
      },
      schema: {
        tags: ['leave'],
        summary:
          'Ask to withdraw approved leave that has not started (its owner only); an administrator other than the owner decides',
        security,
        params: idParams,
        response: { 200: leaveRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => requestLeaveWithdrawal(app.db, actorOf(request), request.params),
  );

  r.post(
    '/leave-requests/:id/withdrawal/decision',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary:
          'Approve or reject a leave withdrawal (ADMIN, not the owner). Approved, the days return to the balance; the answer names the payslips of unpaid leave it touched',
        security,
        params: idParams,
        body: withdrawalDecisionSchema,
        response: { 200: withdrawalDecisionAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      decideLeaveWithdrawal(app.db, actorOf(request), { id: request.params.id, ...request.body }),
  );
}
