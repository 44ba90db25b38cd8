import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importAppliedSchema,
  importQuerySchema,
  templateQuerySchema,
  XLSX_TYPE,
} from '../../domain/staff-import';
import type { Config } from '../config';
import { badRequest } from '../lib/http-error';
import { actorOf } from '../plugins/access';
import { readSheet } from '../services/imports/read-sheet';
import { applyStaffImport, checkStaffImport, leaveColumns } from '../services/imports/staff-import';
import { staffTemplate } from '../services/imports/template';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];
const tags = ['imports'];
const FILE_TYPES = ['text/csv', 'text/plain', 'application/octet-stream', XLSX_TYPE];

/** Staff from a CSV or XLSX file (issue 38 item 2): the template, the dry run and the apply. */
export async function importRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The file is the raw body, as attachments are (routes/files.ts); only in this plugin.
  app.addContentTypeParser(
    FILE_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  r.get(
    '/imports/staff/template',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The staff import template (ADMIN): CSV headings, or an XLSX whose second sheet explains each column and names its allowed values',
        security,
        querystring: templateQuerySchema,
        response: { 200: z.any().describe('the template file'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const file = await staffTemplate(await leaveColumns(app.db), request.query.format);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  r.post(
    '/imports/staff',
    {
      config: { access: 'admin' },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Import staff from a CSV or XLSX file sent as the body (ADMIN). dryRun=true (the default) only checks: every error by row and field; dryRun=false creates everyone in one transaction, or no one when any row has an error',
        security,
        querystring: importQuerySchema,
        response: { 200: importAppliedSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw badRequest(IMPORT_MESSAGES.unreadable, { code: 'IMPORT_UNREADABLE' });
      const sheet = await readSheet(request.body);
      if (request.query.dryRun) {
        const { check } = await checkStaffImport(app.db, sheet, config.companyEmailDomain);
        return { ...check, created: 0, jobId: null };
      }
      const { check, created } = await applyStaffImport(
        app.db,
        actorOf(request),
        sheet,
        config.companyEmailDomain,
      );
      return { ...check, created, jobId: null };
    },
  );
}
