import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leaveTypeSchema } from '../../domain/leave';
import { listLeaveTypes } from '../services/leave-types';
import { errorResponses } from './schemas';

export async function leaveTypeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/leave-types',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['leave'],
        summary: 'Leave types, in the order the forms list them',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(leaveTypeSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listLeaveTypes(app.db),
  );
}
