import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { documentJobProgressSchema } from '../../domain/document-jobs';
import type { MailDelivery } from '../../domain/enums';
import {
  emailPayslipsAnswerSchema,
  emailPayslipsSchema,
  jobIdParams,
  jobProgressSchema,
} from '../../domain/payslip-emails';
import { type JobQueue, runningQueue } from '../jobs/queue';
import { actorOf } from '../plugins/access';
import { jobProgress, requestPayslipEmails, retryFailedSends } from '../services/payroll/email-requests';
import { documentJobProgress } from '../services/payroll/ir8a-jobs';
import { errorResponses } from './schemas';

/** Long work in the background (issue 16): payslips by e-mail, and a job's progress (e-mails or a document). */
export async function jobRoutes(
  app: FastifyInstance,
  {
    queue,
    delivery,
  }: {
    queue: (() => JobQueue | undefined) | undefined;
    /** How this server's mail leaves (SMTP, or the outbox without SMTP_URL): the answers say it. */
    delivery: MailDelivery;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const running = () => runningQueue(queue);

  r.post(
    '/payslips/email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['jobs'],
        summary:
          "E-mail the month's processed payslips (or the named staff's) as PDFs; those e-mailed before are left out unless resend is asked for with userIds",
        security,
        body: emailPayslipsSchema,
        response: { 202: emailPayslipsAnswerSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await requestPayslipEmails(app.db, running, actorOf(request), request.body, delivery)),
  );

  r.get(
    '/jobs/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['jobs'],
        summary:
          "A job's progress: how many of its sends are done and failed, with each failure's reason; or how many forms of a document are drawn, and its download URL when done",
        security,
        params: jobIdParams,
        response: {
          200: z.union([jobProgressSchema, documentJobProgressSchema]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      (await documentJobProgress(app.db, request.params.id)) ??
      jobProgress(app.db, request.params.id, delivery),
  );

  r.post(
    '/jobs/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['jobs'],
        summary: "Try the job's failed sends again",
        security,
        params: jobIdParams,
        response: { 200: jobProgressSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => retryFailedSends(app.db, running, request.params.id, delivery),
  );
}
