import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../domain/fields';
import {
  userDetailSchema,
  userListQuerySchema,
  userListSchema,
  userUpdateRequestSchema,
} from '../../domain/users';
import type { Config } from '../config';
import { actorOf } from '../plugins/access';
import { deleteUser, getUser, listUsers, updateUser } from '../services/users';
import { errorResponses } from './schemas';

export async function userRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          'Users, optionally filtered by a search on name or e-mail and by role (ADMIN); NRIC and account numbers masked',
        security: [{ bearerAuth: [] }],
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  r.delete(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Delete a user and their data (ADMIN); refused while processed payslips exist',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteUser(app.db, actorOf(request), request.params);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/:id',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'One user with staff, employment and payment info (own record for STAFF, any for ADMIN)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: userDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getUser(app.db, request.params),
  );

  r.patch(
    '/:id',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'Update name and e-mail (own record for STAFF, any for ADMIN)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: userUpdateRequestSchema(config.companyEmailDomain),
        response: { 200: userDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateUser(app.db, actorOf(request), { ...request.params, ...request.body }),
  );
}
