import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  timesheetBodySchema,
  timesheetGridSchema,
  timesheetMonthParams,
  timesheetParams,
  timesheetSchema,
} from '../../domain/timesheets';
import { actorOf } from '../plugins/access';
import { getTimesheet, getTimesheetGrid, saveTimesheet } from '../services/timesheets';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];

/** A month's hours and its statutory overtime, rest-day and holiday pay (issue 36). */
export async function timesheetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/timesheets/:year/:month',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary:
          'The month grid: each employee employed in the month, by name, with their days, status and overtime figures in cents',
        security,
        params: timesheetMonthParams,
        response: { 200: timesheetGridSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getTimesheetGrid(app.db, pick(request.params)),
  );

  r.get(
    '/users/:id/timesheets/:year/:month',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['payroll'],
        summary: "A month's timesheet with its overtime figures in cents (own for STAFF, any for ADMIN)",
        security,
        params: timesheetParams,
        response: { 200: timesheetSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getTimesheet(app.db, { userId: request.params.id, ...pick(request.params) }),
  );

  r.put(
    '/users/:id/timesheets/:year/:month',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['payroll'],
        summary:
          "Replace a month's days: STAFF submit their own, an ADMIN's save of someone else's approves it; more than 12 hours a day or 72 overtime hours a month is refused",
        security,
        params: timesheetParams,
        body: timesheetBodySchema,
        response: { 200: timesheetSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      saveTimesheet(app.db, actorOf(request), {
        userId: request.params.id,
        ...pick(request.params),
        body: request.body,
      }),
  );
}

const pick = (params: { year: number; month: number }) => ({ year: params.year, month: params.month });
