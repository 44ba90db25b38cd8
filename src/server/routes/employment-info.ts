import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { employmentInfoBodySchema, employmentInfoSchema } from '../../domain/employment-info';
import { currentUser } from '../plugins/auth';
import { getEmploymentInfo, updateEmploymentInfo } from '../services/employment-info';
import { errorResponses, idParams } from './schemas';

export async function employmentInfoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/:id/employment-info',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['staff records'],
        summary: "A user's employment info (own for STAFF, any for ADMIN)",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: employmentInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getEmploymentInfo(app.db, currentUser(request), { userId: request.params.id }),
  );

  r.patch(
    '/employment-info/:id',
    {
      preHandler: [app.authenticate, app.requireRole('ADMIN')],
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
      app.db.transaction((tx) =>
        updateEmploymentInfo(tx, currentUser(request), { id: request.params.id, body: request.body }),
      ),
  );
}
