import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteAnswerSchema, inviteRequestSchema } from '../../domain/import-invite';
import { appliesAsJob, importJobParams, importJobSchema } from '../../domain/import-jobs';
import {
  IMPORT_JOB_THRESHOLD,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importAppliedSchema,
  importQuerySchema,
  LEAVE_COLUMN_EXPLAIN,
  STAFF_COLUMNS,
  templateQuerySchema,
  XLSX_TYPE,
} from '../../domain/staff-import';
import type { Config } from '../config';
import { type JobQueue, runningQueue } from '../jobs/queue';
import { badRequest } from '../lib/http-error';
import { actorOf } from '../plugins/access';
import { importJobProgress, refuseWhileImportRuns, startImportJob } from '../services/imports/import-jobs';
import { inviteStaff } from '../services/imports/invite';
import { importOpening, type OpeningKind, openingColumns } from '../services/imports/opening-import';
import { readSheet } from '../services/imports/read-sheet';
import { applyStaffImport, checkStaffImport, leaveColumns } from '../services/imports/staff-import';
import { type TemplateFile, templateFile } from '../services/imports/template';
import type { FileStorage } from '../storage/storage';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];
const tags = ['imports'];
const sendFile = (reply: FastifyReply, file: TemplateFile) =>
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);

const fileOf = (body: unknown) => {
  if (!Buffer.isBuffer(body)) throw badRequest(IMPORT_MESSAGES.unreadable, { code: 'IMPORT_UNREADABLE' });
  return readSheet(body);
};

const OPENING: { kind: OpeningKind; what: string }[] = [
  {
    kind: 'opening-ytd',
    what: 'the year so far paid before (PUT /users/{id}/opening-ytd), one row per employee and year',
  },
  {
    kind: 'opening-leave',
    what: 'the leave days taken before (PUT /users/{id}/opening-leave), one column per leave type',
  },
];

// Browsers on Windows label a .csv as the old Excel type.
const FILE_TYPES = [
  'text/csv',
  'text/plain',
  'application/octet-stream',
  'application/vnd.ms-excel',
  XLSX_TYPE,
];

const APPLY_SUMMARY = `; a file over ${IMPORT_JOB_THRESHOLD} rows, once checked without an error, is applied by a job: 202 with its jobId, followed at GET /imports/jobs/{id}. 409 while another import job runs`;
const applyResponses = {
  200: importAppliedSchema,
  202: importAppliedSchema,
  ...errorResponses(400, 401, 403, 409, 413, 415, 503),
};

/**
 * Staff from a CSV or XLSX file (issue 38 item 2): the template, the dry run and the apply; a large
 * apply runs as a job (item 6).
 */
export async function importRoutes(
  app: FastifyInstance,
  {
    config,
    queue,
    storage,
  }: { config: Config; queue: (() => JobQueue | undefined) | undefined; storage: FileStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const running = () => runningQueue(queue);
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
      const leave = await leaveColumns(app.db);
      const columns = [
        ...STAFF_COLUMNS,
        ...leave.map((c) => ({ heading: c.heading, required: true, explain: LEAVE_COLUMN_EXPLAIN })),
      ];
      return sendFile(reply, await templateFile('staff-import', columns, request.query.format));
    },
  );

  r.post(
    '/imports/staff',
    {
      config: { access: 'admin' },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary: `Import staff from a CSV or XLSX file sent as the body (ADMIN). dryRun=true (the default) only checks: every error by row and field; dryRun=false creates everyone in one transaction, or no one when any row has an error${APPLY_SUMMARY}`,
        security,
        querystring: importQuerySchema,
        response: applyResponses,
      },
    },
    async (request, reply) => {
      const sheet = await fileOf(request.body);
      if (request.query.dryRun) {
        const { check } = await checkStaffImport(app.db, sheet, config.companyEmailDomain);
        return { ...check, created: 0, jobId: null };
      }
      if (appliesAsJob(sheet.rows.length)) {
        const { check } = await checkStaffImport(app.db, sheet, config.companyEmailDomain);
        if (check.errors.length > 0) return { ...check, created: 0, jobId: null };
        const jobId = await startImportJob(
          app.db,
          running,
          storage,
          actorOf(request),
          'staff',
          request.body as Buffer,
          check,
        );
        return reply.code(202).send({ ...check, errors: [], created: 0, jobId });
      }
      await refuseWhileImportRuns(app.db, storage);
      const { check, created, userIds } = await applyStaffImport(
        app.db,
        actorOf(request),
        sheet,
        config.companyEmailDomain,
      );
      return { ...check, created, jobId: null, userIds };
    },
  );

  r.post(
    '/imports/staff/invite',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'E-mail each staff member named the set-password link of "Forgot password" (ADMIN), queued as one job each: for staff just imported, who have no password',
        security,
        body: inviteRequestSchema,
        response: { 202: inviteAnswerSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await inviteStaff(app.db, running, actorOf(request), request.body.userIds)),
  );

  for (const { kind, what } of OPENING) {
    r.get(
      `/imports/${kind}/template`,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `The template for importing ${what} (ADMIN), CSV or XLSX`,
          security,
          querystring: templateQuerySchema,
          response: { 200: z.any().describe('the template file'), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) =>
        sendFile(reply, await templateFile(kind, await openingColumns(app.db, kind), request.query.format)),
    );

    r.post(
      `/imports/${kind}`,
      {
        config: { access: 'admin' },
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          tags,
          summary: `Import ${what} from a CSV or XLSX body (ADMIN); dryRun=true checks every row with the same rules, dryRun=false saves all rows or none${APPLY_SUMMARY}`,
          security,
          querystring: importQuerySchema,
          response: applyResponses,
        },
      },
      async (request, reply) => {
        const sheet = await fileOf(request.body);
        const { dryRun } = request.query;
        const asJob = !dryRun && appliesAsJob(sheet.rows.length);
        if (!dryRun && !asJob) await refuseWhileImportRuns(app.db, storage);
        // A job's file is checked first as a dry run: its errors answer at once, nothing stored.
        const { check, created } = await importOpening(
          app.db,
          actorOf(request),
          kind,
          sheet,
          dryRun || asJob,
        );
        if (!asJob || check.errors.length > 0) return { ...check, created, jobId: null };
        const jobId = await startImportJob(
          app.db,
          running,
          storage,
          actorOf(request),
          kind,
          request.body as Buffer,
          check,
        );
        return reply.code(202).send({ ...check, errors: [], created: 0, jobId });
      },
    );
  }

  r.get(
    '/imports/jobs/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "An import job's progress (ADMIN): its state (QUEUED, RUNNING, DONE, FAILED), rows applied of the total, rows created, and the errors that stopped it (nothing stored)",
        security,
        params: importJobParams,
        response: { 200: importJobSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => importJobProgress(app.db, request.params.id),
  );
}
