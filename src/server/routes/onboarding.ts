import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../domain/fields';
import { onboardBodySchema } from '../../domain/onboarding';
import { userDetailSchema } from '../../domain/users';
import { actorOf } from '../plugins/access';
import { onboardUser } from '../services/onboarding';
import { errorResponses } from './schemas';

export async function onboardingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/users/:id/onboard',
    {
      config: { access: 'admin' },
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
    async (request, reply) =>
      reply
        .code(201)
        .send(await onboardUser(app.db, actorOf(request), { userId: request.params.id, body: request.body })),
  );
}
