import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentInfoBodySchema, paymentInfoSchema } from '../../domain/payment-info';
import { currentUser } from '../plugins/auth';
import { getPaymentInfo, updatePaymentInfo } from '../services/payment-info';
import { errorResponses, idParams } from './schemas';

export async function paymentInfoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/:id/payment-info',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['staff records'],
        summary: "A user's payment info (own for STAFF, read-only; any for ADMIN)",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: paymentInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPaymentInfo(app.db, currentUser(request), { userId: request.params.id }),
  );

  r.patch(
    '/payment-info/:id',
    {
      preHandler: [app.authenticate, app.requireRole('ADMIN')],
      schema: {
        tags: ['staff records'],
        summary: 'Update payment info by its id (ADMIN); NONE may come as undefined, the bank name as an empty string',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: paymentInfoBodySchema,
        response: { 200: paymentInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      app.db.transaction((tx) =>
        updatePaymentInfo(tx, currentUser(request), { id: request.params.id, body: request.body }),
      ),
  );
}
