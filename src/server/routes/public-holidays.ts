import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicHolidayBodySchema,
  publicHolidayChangeSchema,
  publicHolidayDateParams,
  publicHolidaySchema,
  publicHolidayYearQuerySchema,
} from '../../domain/holidays';
import { actorOf } from '../plugins/access';
import { addPublicHoliday, listPublicHolidays, removePublicHoliday } from '../services/public-holidays';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];

/** Public holidays kept by the administrator (issue 17): every leave day count reads them. */
export async function publicHolidayRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/public-holidays',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['leave'],
        summary: "A year's public holidays by date (default this year in Singapore), to every signed-in user",
        security,
        querystring: publicHolidayYearQuerySchema,
        response: { 200: z.array(publicHolidaySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listPublicHolidays(app.db, request.query),
  );

  r.post(
    '/public-holidays',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary:
          'Add a public holiday (ADMIN); the pending working-day requests over that date are recounted and listed',
        security,
        body: publicHolidayBodySchema,
        response: { 201: publicHolidayChangeSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const change = await addPublicHoliday(app.db, actorOf(request), request.body);
      return reply.code(201).send(change);
    },
  );

  r.delete(
    '/public-holidays/:date',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary:
          'Delete a public holiday (ADMIN); the pending working-day requests over that date are recounted and listed',
        security,
        params: publicHolidayDateParams,
        response: { 200: publicHolidayChangeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => removePublicHoliday(app.db, actorOf(request), request.params),
  );
}
