import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_CSV_MAX_ROWS, auditPageSchema, auditQuerySchema } from '../../domain/audit';
import { todayIso } from '../../domain/dates';
import { auditCsv, listAudit } from '../services/audit';
import { errorResponses } from './schemas';

/** The audit trail (issue 39 items 5-7): ADMIN reads it; nothing changes it. */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get(
    '/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary:
          'Who did what to which record when, with the values before and after, newest first (ADMIN); NRIC/FIN and account numbers masked',
        security,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );

  r.get(
    '/audit.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary: `The audit trail with the same filters as a CSV, newest first, at most ${AUDIT_CSV_MAX_ROWS} rows (ADMIN)`,
        security,
        querystring: auditQuerySchema,
        response: { 200: z.any().describe('the CSV file'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await auditCsv(app.db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${todayIso()}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
