import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLeaveRequestSchema,
  decideLeaveRequestSchema,
  leaveClashSchema,
  leaveCountsSchema,
  leaveListQuerySchema,
  leaveRequestPageSchema,
  leaveRequestSchema,
  recordIdParamSchema,
} from '../../domain/leave';
import { forbidden } from '../lib/http-error';
import { currentUser } from '../plugins/auth';
import {
  countLeaveRequests,
  createLeaveRequest,
  decideLeaveRequest,
  deleteLeaveRequest,
  leaveClashes,
  listLeaveRequests,
} from '../services/leave-requests';
import type { FileStorage } from '../storage/storage';
import { errorResponses } from './schemas';

const idParams = z.object({ id: recordIdParamSchema });
const userParams = z.object({ userId: recordIdParamSchema });
const security = [{ bearerAuth: [] }];

export async function leaveRequestRoutes(app: FastifyInstance, { storage }: { storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.authenticate, app.requireRole('ADMIN')];
  /** STAFF reach only their own requests; ADMIN reach everyone's. */
  const assertSelfOrAdmin = (viewer: { id: number; role: string }, userId: number) => {
    if (viewer.role !== 'ADMIN' && viewer.id !== userId)
      throw forbidden('You can only see your own leave requests.');
  };

  r.get(
    '/leave-requests',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['leave'],
        summary: "Everyone's leave requests, paged, with search, status and type filters and sorting (ADMIN)",
        security,
        querystring: leaveListQuerySchema,
        response: { 200: leaveRequestPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listLeaveRequests(app.db, {}, request.query),
  );

  r.get(
    '/leave-requests/count',
    {
      preHandler: adminOnly,
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
      preHandler: app.authenticate,
      schema: {
        tags: ['leave'],
        summary: "One user's leave requests, paged (own for STAFF, anyone's for ADMIN)",
        security,
        params: userParams,
        querystring: leaveListQuerySchema,
        response: { 200: leaveRequestPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      assertSelfOrAdmin(currentUser(request), request.params.userId);
      return listLeaveRequests(app.db, { userId: request.params.userId }, request.query);
    },
  );

  r.get(
    '/users/:userId/leave-requests/count',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['leave'],
        summary: "One user's leave requests per status (own for STAFF, anyone's for ADMIN)",
        security,
        params: userParams,
        response: { 200: leaveCountsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      assertSelfOrAdmin(currentUser(request), request.params.userId);
      return countLeaveRequests(app.db, { userId: request.params.userId });
    },
  );

  r.get(
    '/leave-requests/:id/clashes',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['leave'],
        summary: 'Other people away (approved or pending) on any half day of this request (ADMIN)',
        security,
        params: idParams,
        response: { 200: z.array(leaveClashSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => leaveClashes(app.db, request.params.id),
  );

  r.post(
    '/leave-requests',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['leave'],
        summary:
          'Request leave: for oneself, or for any user as ADMIN. Days are counted by the server; refused when it overlaps, or exceeds the balance',
        security,
        body: createLeaveRequestSchema,
        response: { 201: leaveRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await createLeaveRequest(app.db, storage, currentUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  r.patch(
    '/leave-requests/:id',
    {
      preHandler: adminOnly,
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
      decideLeaveRequest(app.db, currentUser(request), {
        id: request.params.id,
        status: request.body.status,
      }),
  );

  r.delete(
    '/leave-requests/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['leave'],
        summary: 'Delete a pending leave request: own for STAFF, anyone’s for ADMIN',
        security,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteLeaveRequest(app.db, storage, currentUser(request), { id: request.params.id });
      return reply.code(204).send(null);
    },
  );
}
