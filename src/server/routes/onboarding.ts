import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ONBOARD_INVALID_ACCESS, onboardBodySchema } from '../../domain/onboarding';
import { notFound } from '../lib/http-error';
import { currentUser } from '../plugins/auth';
import { onboardUser } from '../services/onboarding';
import { userDetail } from '../services/users';
import { errorResponses, idParams } from './schemas';
import { userDetailSchema } from './users';

export async function onboardingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/users/:id/onboard',
    {
      preHandler: [app.authenticate, app.requireRole('ADMIN')],
      schema: {
        tags: ['staff records'],
        summary:
          "Onboard a registered STAFF user (ADMIN): staff, employment and payment info and this year's leave allowances in one transaction",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: onboardBodySchema,
        response: { 201: userDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const userId = request.params.id;
      await app.db.transaction((tx) => onboardUser(tx, currentUser(request), { userId, body: request.body }));
      const user = await userDetail(app.db, userId);
      if (!user) throw notFound(ONBOARD_INVALID_ACCESS.description);
      return reply.code(201).send(user);
    },
  );
}
