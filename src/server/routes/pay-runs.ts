import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payRunParamsSchema, payRunReasonSchema, payRunSchema } from '../../domain/pay-runs';
import type { Config } from '../config';
import { withPdfSlot } from '../lib/pdf-slots';
import { actorOf } from '../plugins/access';
import { payRunVariancePdf } from '../services/payroll/pay-run-pdf';
import {
  decidePayRun,
  getPayRun,
  payRunsAwaiting,
  reopenPayRun,
  submitPayRun,
} from '../services/payroll/pay-runs';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];

/** A month's pay run: submitted by one administrator, approved by another (issue 39, decision 0016). */
export async function payRunRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/pay-runs/awaiting',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary: 'The submitted pay runs the calling administrator may decide (not their own submissions)',
        security,
        response: { 200: z.array(payRunSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => payRunsAwaiting(app.db, actorOf(request)),
  );

  r.get(
    '/pay-runs/:year/:month',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary:
          "The month's pay run: its status, who submitted and approved it, its totals and the variance against last month",
        security,
        params: payRunParamsSchema,
        response: { 200: payRunSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getPayRun(app.db, request.params),
  );

  r.get(
    '/pay-runs/:year/:month/variance.pdf',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary:
          "The month's variance report as a PDF: each employee's gross, CPF and net against last month, with flags, and the totals",
        security,
        params: payRunParamsSchema,
        response: { 200: z.any().describe('the PDF'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await withPdfSlot(actorOf(request).id, () =>
        payRunVariancePdf(app.db, request.params, config),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.post(
    '/pay-runs/:year/:month/submit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary: 'Submit the processed month for approval by another administrator',
        security,
        params: payRunParamsSchema,
        response: { 200: payRunSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => submitPayRun(app.db, actorOf(request), request.params),
  );

  r.post(
    '/pay-runs/:year/:month/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary:
          "Approve a submitted month (not the submitter's): its files, e-mails and payslips are released",
        security,
        params: payRunParamsSchema,
        response: { 200: payRunSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => decidePayRun(app.db, actorOf(request), request.params, { approve: true }),
  );

  r.post(
    '/pay-runs/:year/:month/reject',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary: "Reject a submitted month (not the submitter's) with a reason: it opens again",
        security,
        params: payRunParamsSchema,
        body: payRunReasonSchema,
        response: { 200: payRunSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      decidePayRun(app.db, actorOf(request), request.params, { approve: false, reason: request.body.reason }),
  );

  r.post(
    '/pay-runs/:year/:month/reopen',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary: 'Reopen an approved month with a reason, so its payslips may be reverted or processed',
        security,
        params: payRunParamsSchema,
        body: payRunReasonSchema,
        response: { 200: payRunSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => reopenPayRun(app.db, actorOf(request), request.params, request.body.reason),
  );
}
