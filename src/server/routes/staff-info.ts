import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffInfoBodySchema, staffInfoSchema } from '../../domain/staff-info';
import { currentUser } from '../plugins/auth';
import { getStaffInfo, updateStaffInfo } from '../services/staff-info';
import { errorResponses, idParams } from './schemas';

export async function staffInfoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/:id/staff-info',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['staff records'],
        summary: "A user's staff info (own for STAFF, any for ADMIN)",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: staffInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getStaffInfo(app.db, currentUser(request), { userId: request.params.id }),
  );

  r.patch(
    '/staff-info/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['staff records'],
        summary:
          'Update staff info by its id (own for STAFF, any for ADMIN); the NRIC/FIN must be valid and unique',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: staffInfoBodySchema,
        response: { 200: staffInfoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.db.transaction((tx) =>
        updateStaffInfo(tx, currentUser(request), { id: request.params.id, body: request.body }),
      ),
  );
}
