import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentJobAnswerSchema, ir8aJobRequestSchema } from '../../domain/document-jobs';
import { jobIdParams } from '../../domain/payslip-emails';
import type { Config } from '../config';
import { type JobQueue, runningQueue } from '../jobs/queue';
import { actorOf } from '../plugins/access';
import { ir8aJobFile, requestIr8aJob } from '../services/payroll/ir8a-jobs';
import type { FileStorage } from '../storage/storage';
import { errorResponses } from './schemas';

/** The year's IR8A PDF made in the background (issue 33.6): start it, then download it; GET /jobs/{id} follows it. */
export async function ir8aJobRoutes(
  app: FastifyInstance,
  {
    config,
    queue,
    storage,
  }: { config: Config; queue: (() => JobQueue | undefined) | undefined; storage: FileStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const running = () => runningQueue(queue);

  r.post(
    '/payslips/ir8a/jobs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['submissions'],
        summary:
          "Start making the year's IR8A forms as one PDF (one page per employee); answers the job that is already making it, if any",
        security,
        body: ir8aJobRequestSchema,
        response: { 202: documentJobAnswerSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await requestIr8aJob(app.db, running, storage, actorOf(request), request.body, config)),
  );

  r.get(
    '/payslips/ir8a/jobs/:id/file',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['submissions'],
        summary: 'The PDF an IR8A job made, until a newer one for its year replaces it or it expires',
        security,
        params: jobIdParams,
        response: { 200: z.any().describe('the PDF'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await ir8aJobFile(app.db, storage, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
}
