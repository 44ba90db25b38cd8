import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MAX_BYTES } from '../../domain/timesheet-import';
import {
  timesheetImportQuery,
  timesheetImportReportSchema,
  timesheetMonthParams,
} from '../../domain/timesheets';
import { actorOf } from '../plugins/access';
import { importTimesheets, timesheetImportTemplate } from '../services/timesheet-import';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];

/**
 * A month's hours as a CSV file (issue 36 item 5). The body is the file itself (text/csv), at most
 * IMPORT_MAX_BYTES; its own plugin, so the CSV parser is this route's alone.
 */
export async function timesheetImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  r.post(
    '/timesheets/:year/:month/import',
    {
      config: { access: 'admin' },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags: ['payroll'],
        summary:
          "Upload a month's hours as CSV (text/csv: employee e-mail, date, hours, restDay, publicHoliday). dryRun=true (the default) names each bad row; dryRun=false replaces each named employee's month, all or nothing",
        security,
        params: timesheetMonthParams,
        querystring: timesheetImportQuery,
        body: z.string().max(IMPORT_MAX_BYTES),
        response: { 200: timesheetImportReportSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) =>
      importTimesheets(app.db, actorOf(request), {
        year: request.params.year,
        month: request.params.month,
        csv: request.body,
        dryRun: request.query.dryRun !== 'false',
      }),
  );

  r.get(
    '/timesheets/:year/:month/import/template',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary:
          "The CSV template: its columns and the month's days as they stand, one row per employee and day",
        security,
        params: timesheetMonthParams,
        response: { 200: z.any().describe('the CSV file'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await timesheetImportTemplate(app.db, request.params);
      const name = `timesheets-${request.params.year}-${String(request.params.month).padStart(2, '0')}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );
}
