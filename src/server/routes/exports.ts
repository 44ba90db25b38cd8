import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPORT_CONTENT_TYPES,
  leaveExportQuerySchema,
  payrollExportQuerySchema,
  staffExportQuerySchema,
} from '../../domain/exports';
import { actorOf } from '../plugins/access';
import { type ExportFile, exportLeave, exportPayroll, exportStaff } from '../services/exports';
import { errorResponses } from './schemas';

/** Staff, leave and payroll records as CSV or XLSX (issue 38 item 5), ADMIN only. */
export async function exportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const file = z.any().describe('the CSV or XLSX file');
  const send = (reply: import('fastify').FastifyReply, { fileName, format, body }: ExportFile) =>
    reply
      .type(EXPORT_CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(body);

  r.get(
    '/exports/staff',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['exports'],
        summary:
          "Staff records with every field the onboarding wizard asks, NRIC/FIN and account numbers whole: the company's record for re-import (ADMIN, audited)",
        security,
        querystring: staffExportQuerySchema,
        response: { 200: file, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => send(reply, await exportStaff(app.db, actorOf(request), request.query)),
  );

  r.get(
    '/exports/leave',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['exports'],
        summary: "Leave requests touching a year, of the statuses asked, everyone's or one person's (ADMIN)",
        security,
        querystring: leaveExportQuerySchema,
        response: { 200: file, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => send(reply, await exportLeave(app.db, request.query)),
  );

  r.get(
    '/exports/payroll',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['exports'],
        summary:
          "Processed payslips with every figure: a month's, or a year's one row per payslip (ADMIN, audited)",
        security,
        querystring: payrollExportQuerySchema,
        response: { 200: file, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => send(reply, await exportPayroll(app.db, actorOf(request), request.query)),
  );
}
