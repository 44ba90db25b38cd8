import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { employmentInfoBodySchema, employmentInfoSchema } from '../../domain/employment-info';
import { idParams } from '../../domain/fields';
import { actorOf } from '../plugins/access';
import { getEmploymentInfo, updateEmploymentInfo } from '../services/employment-info';
import { errorResponses } from './schemas';

export async function employmentInfoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/:id/employment-info',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['staff records'],
        summary: "A user's employment info (own for STAFF, any for ADMIN)",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: employmentInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getEmploymentInfo(app.db, { userId: request.params.id }),
  );

  r.patch(
    '/employment-info/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['staff records'],
        summary: 'Update employment info by its id (ADMIN); RESIGNED needs the last day of service',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: employmentInfoBodySchema,
        response: { 200: employmentInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateEmploymentInfo(app.db, actorOf(request), { id: request.params.id, body: request.body }),
  );
}
