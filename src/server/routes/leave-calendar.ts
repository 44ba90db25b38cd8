import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leaveCalendarEntrySchema, leaveCalendarQuerySchema } from '../../domain/leave-calendar';
import { actorOf } from '../plugins/access';
import { leaveCalendar } from '../services/leave-calendar';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];

/** The team calendar (issue 17, part 5). */
export async function leaveCalendarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/leave-calendar',
    {
      // STAFF only their own requests: another's userId is refused; without one the service keeps them to theirs.
      config: { access: 'self', owner: { query: 'userId', optional: true } },
      schema: {
        tags: ['leave'],
        summary:
          'Approved and pending requests on any date of a month, optionally of one leave type or person (everyone for ADMIN, own for STAFF)',
        security,
        querystring: leaveCalendarQuerySchema,
        response: { 200: z.array(leaveCalendarEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => leaveCalendar(app.db, actorOf(request), request.query),
  );
}
