import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leaveTypeSchema } from '../../domain/leave';
import { leaveTypes } from '../db/schema';
import { errorResponses } from './schemas';

export async function leaveTypeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/leave-types',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['leave'],
        summary: 'Leave types, in the order the forms list them',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(leaveTypeSchema), ...errorResponses(401, 403) },
      },
    },
    async () =>
      app.db
        .select({
          id: leaveTypes.id,
          name: leaveTypes.name,
          countsCalendarDays: leaveTypes.countsCalendarDays,
        })
        .from(leaveTypes)
        .orderBy(asc(leaveTypes.sortOrder), asc(leaveTypes.id)),
  );
}
