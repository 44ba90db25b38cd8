import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../domain/fields';
import { paymentInfoBodySchema, paymentInfoSchema } from '../../domain/payment-info';
import { actorOf } from '../plugins/access';
import { getPaymentInfo, updatePaymentInfo } from '../services/payment-info';
import { errorResponses } from './schemas';

export async function paymentInfoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/:id/payment-info',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['staff records'],
        summary: "A user's payment info (own for STAFF, read-only; any for ADMIN)",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: paymentInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPaymentInfo(app.db, { userId: request.params.id }),
  );

  r.patch(
    '/payment-info/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['staff records'],
        summary:
          'Update payment info by its id (ADMIN): salary and CPF rates are not for STAFF to change; NONE may come as undefined, the bank name as an empty string',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: paymentInfoBodySchema,
        response: { 200: paymentInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updatePaymentInfo(app.db, actorOf(request), { id: request.params.id, body: request.body }),
  );
}
