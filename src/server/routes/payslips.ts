import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idParams } from '../../domain/fields';
import {
  bulkProcessPreviewSchema,
  bulkProcessResultSchema,
  bulkProcessSchema,
  payItemCreateSchema,
  payItemKindInfo,
  payItemSchema,
  payMonthSchema,
  payslipAggregateSchema,
  payslipDetailSchema,
  payTotalsSchema,
  payYearSchema,
  periodQuerySchema,
  snapshotUpdateSchema,
  statusUpdateSchema,
  unprocessedRowSchema,
} from '../../domain/payslips';
import type { Config } from '../config';
import { withPdfSlot } from '../lib/pdf-slots';
import { startPdfWorker } from '../pdf/pool';
import { actorOf } from '../plugins/access';
import {
  addPayItem,
  bulkProcess,
  getPayslip,
  listPayItems,
  listProcessed,
  listUnprocessed,
  payslipPdf,
  previewBulkProcess,
  processedTablePdf,
  processedTotals,
  removePayItem,
  revertPayslip,
  updateSnapshot,
} from '../services/payroll';
import { releasedPayslipsOnly } from '../services/payroll/pay-runs';
import { errorResponses } from './schemas';

const pdfResponse = z.any().describe('application/pdf');

/** Payroll (spec section 7): payslips, bulk processing, revert, PDFs and the five kinds of pay items. */
export async function payslipRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get(
    '/payslips/unprocessed-and-items-added',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary:
          "The period's payslips not yet processed (rows are created for eligible staff on first listing), with rate flags",
        security,
        querystring: periodQuerySchema,
        response: { 200: z.array(unprocessedRowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUnprocessed(app.db, request.query),
  );

  r.get(
    '/payslips/processed/aggregates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary: "The period's processed payslips with their amounts",
        security,
        querystring: periodQuerySchema,
        response: { 200: z.array(payslipAggregateSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // Table View and the payslips' PDFs are a click away from the screens that ask this list.
      startPdfWorker();
      return listProcessed(app.db, request.query);
    },
  );

  r.get(
    '/payslips/processed/totals',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary: "The period's processed payslips added up: the Processed List's totals row",
        security,
        querystring: periodQuerySchema,
        response: { 200: payTotalsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => processedTotals(app.db, request.query),
  );

  r.get(
    '/users/:id/payslips/processed/aggregates',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['payroll'],
        summary: "One employee's processed payslips, latest first (the employee themself or ADMIN)",
        security,
        params: idParams,
        querystring: z.object({ year: z.optional(payYearSchema) }),
        response: { 200: z.array(payslipAggregateSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listProcessed(
        app.db,
        { userId: request.params.id, year: request.query.year },
        await releasedPayslipsOnly(app.db, actorOf(request)),
      ),
  );

  r.get(
    '/users/:userId/payslips',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary: "The employee's payslip of a month with its snapshot and figures",
        security,
        params: z.object({ userId: idParam }),
        querystring: periodQuerySchema,
        response: { 200: payslipDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPayslip(app.db, { userId: request.params.userId, ...request.query }),
  );

  r.put(
    '/payslips/:userId/:year/:month',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary: 'Edit Payment Information Used (salary, CPF rates, self-help group) until processed',
        security,
        params: z.object({ userId: idParam, year: payYearSchema, month: payMonthSchema }),
        body: snapshotUpdateSchema,
        response: { 200: payslipDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateSnapshot(app.db, actorOf(request), { ...request.params, ...request.body }),
  );

  r.post(
    '/payslips/bulk-process',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary:
          'Process the selected payslips with a pay date, in one transaction; already processed ones are skipped',
        security,
        body: bulkProcessSchema,
        response: { 200: bulkProcessResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => bulkProcess(app.db, actorOf(request), request.body),
  );

  r.post(
    '/payslips/bulk-process/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary:
          'What bulk-process would process and store for the same request (headcount and totals), storing nothing',
        security,
        body: bulkProcessSchema,
        response: { 200: bulkProcessPreviewSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => previewBulkProcess(app.db, actorOf(request), request.body),
  );

  r.patch(
    '/payslips/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary: "Revert to Unprocessed (the employee's latest processed month of the year only)",
        security,
        params: idParams,
        body: statusUpdateSchema,
        response: { 200: payslipAggregateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      revertPayslip(app.db, actorOf(request), { id: request.params.id, status: request.body.status }),
  );

  r.get(
    '/payslips/:id/pdf',
    {
      config: { access: 'self', owner: { record: 'payslip' } },
      schema: {
        tags: ['payroll'],
        summary: 'A processed payslip as PDF (STAFF: their own only)',
        security,
        params: idParams,
        response: { 200: pdfResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { pdf, fileName } = await withPdfSlot(actor.id, () =>
        payslipPdf(app.db, actor, request.params, config),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.get(
    '/payslips/processed/pdf-table',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payroll'],
        summary: "The period's Processed List as a PDF table with totals, employer CPF and SDL payable",
        security,
        querystring: periodQuerySchema,
        response: { 200: pdfResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await withPdfSlot(actorOf(request).id, () =>
        processedTablePdf(app.db, request.query, config),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  for (const { kind, path, title } of payItemKindInfo) {
    r.post(
      `/${path}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['pay items'],
          summary: `Add a ${title.toLowerCase()} item to an unprocessed payslip`,
          security,
          body: payItemCreateSchema,
          response: { 201: payItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await addPayItem(app.db, actorOf(request), { kind, ...request.body })),
    );

    r.delete(
      `/${path}/:id`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['pay items'],
          summary: `Remove a ${title.toLowerCase()} item from an unprocessed payslip`,
          security,
          params: idParams,
          response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await removePayItem(app.db, actorOf(request), { kind, id: request.params.id });
        return reply.code(204).send(null);
      },
    );

    r.get(
      `/users/:userId/${path}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['pay items'],
          summary: `The ${title.toLowerCase()} items of the employee's payslip of a month`,
          security,
          params: z.object({ userId: idParam }),
          querystring: periodQuerySchema,
          response: { 200: z.array(payItemSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listPayItems(app.db, { kind, userId: request.params.userId, ...request.query }),
    );
  }
}
