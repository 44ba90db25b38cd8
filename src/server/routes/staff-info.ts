import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../domain/fields';
import { staffInfoBodySchema, staffInfoSchema } from '../../domain/staff-info';
import { actorOf } from '../plugins/access';
import { getStaffInfo, updateStaffInfo } from '../services/staff-info';
import { errorResponses } from './schemas';

export async function staffInfoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/:id/staff-info',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['staff records'],
        summary: "A user's staff info (own for STAFF, any for ADMIN)",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: staffInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getStaffInfo(app.db, { userId: request.params.id }),
  );

  r.patch(
    '/staff-info/:id',
    {
      config: { access: 'self', owner: { record: 'staffInfo' } },
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
      updateStaffInfo(app.db, actorOf(request), { id: request.params.id, body: request.body }),
  );
}
