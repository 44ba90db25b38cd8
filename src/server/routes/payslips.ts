import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkProcessResultSchema,
  bulkProcessSchema,
  payItemCreateSchema,
  payItemKindInfo,
  payItemSchema,
  payMonthSchema,
  payslipAggregateSchema,
  payslipDetailSchema,
  payYearSchema,
  periodQuerySchema,
  snapshotUpdateSchema,
  statusUpdateSchema,
  unprocessedRowSchema,
} from '../../domain/payslips';
import type { Config } from '../config';
import { forbidden } from '../lib/http-error';
import { renderPayrollTablePdf } from '../pdf/payroll-table';
import { renderPayslipPdf } from '../pdf/payslip';
import { currentUser } from '../plugins/auth';
import {
  addPayItem,
  bulkProcess,
  getPayslip,
  listPayItems,
  listProcessed,
  listUnprocessed,
  processedPayslipForPdf,
  processedTableRows,
  removePayItem,
  revertPayslip,
  updateSnapshot,
} from '../services/payslips';
import { errorResponses } from './schemas';

const idParam = z.coerce.number().int().min(1).max(2_147_483_647);
const pdfResponse = z.any().describe('application/pdf');

/** Payroll (spec section 7): payslips, bulk processing, revert, PDFs and the five kinds of pay items. */
export async function payslipRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = [app.authenticate, app.requireRole('ADMIN')];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/payslips/unprocessed-and-items-added',
    {
      preHandler: admin,
      schema: {
        tags: ['payroll'],
        summary:
          "The period's payslips not yet processed (rows are created for eligible staff on first listing), with rate flags",
        security,
        querystring: periodQuerySchema,
        response: { 200: z.array(unprocessedRowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUnprocessed(app.db, request.query.year, request.query.month),
  );

  r.get(
    '/payslips/processed/aggregates',
    {
      preHandler: admin,
      schema: {
        tags: ['payroll'],
        summary: "The period's processed payslips with their amounts",
        security,
        querystring: periodQuerySchema,
        response: { 200: z.array(payslipAggregateSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listProcessed(app.db, request.query),
  );

  r.get(
    '/users/:id/payslips/processed/aggregates',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payroll'],
        summary: "One employee's processed payslips, latest first (the employee themself or ADMIN)",
        security,
        params: z.object({ id: idParam }),
        querystring: z.object({ year: payYearSchema.optional() }),
        response: { 200: z.array(payslipAggregateSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      if (viewer.role !== 'ADMIN' && viewer.id !== request.params.id) {
        throw forbidden('You can only access your own payslips.');
      }
      return listProcessed(app.db, { userId: request.params.id, year: request.query.year });
    },
  );

  r.get(
    '/users/:userId/payslips',
    {
      preHandler: admin,
      schema: {
        tags: ['payroll'],
        summary: "The employee's payslip of a month with its snapshot and figures",
        security,
        params: z.object({ userId: idParam }),
        querystring: periodQuerySchema,
        response: { 200: payslipDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPayslip(app.db, request.params.userId, request.query.year, request.query.month),
  );

  r.put(
    '/payslips/:userId/:year/:month',
    {
      preHandler: admin,
      schema: {
        tags: ['payroll'],
        summary: 'Edit Payment Information Used (salary, CPF rates, self-help group) until processed',
        security,
        params: z.object({ userId: idParam, year: payYearSchema, month: payMonthSchema }),
        body: snapshotUpdateSchema,
        response: { 200: payslipDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { userId, year, month } = request.params;
      await updateSnapshot(app.db, currentUser(request), { userId, year, month }, request.body);
      return getPayslip(app.db, userId, year, month);
    },
  );

  r.post(
    '/payslips/bulk-process',
    {
      preHandler: admin,
      schema: {
        tags: ['payroll'],
        summary:
          'Process the selected payslips with a pay date, in one transaction; already processed ones are skipped',
        security,
        body: bulkProcessSchema,
        response: { 200: bulkProcessResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => bulkProcess(app.db, currentUser(request), request.body),
  );

  r.patch(
    '/payslips/:id/status',
    {
      preHandler: admin,
      schema: {
        tags: ['payroll'],
        summary: "Revert to Unprocessed (the employee's latest processed month of the year only)",
        security,
        params: z.object({ id: idParam }),
        body: statusUpdateSchema,
        response: { 200: payslipAggregateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => revertPayslip(app.db, currentUser(request), request.params.id, request.body.status),
  );

  r.get(
    '/payslips/:id/pdf',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payroll'],
        summary: 'A processed payslip as PDF (STAFF: their own only)',
        security,
        params: z.object({ id: idParam }),
        response: { 200: pdfResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await processedPayslipForPdf(app.db, currentUser(request), request.params.id);
      const { payslip } = data;
      const pdf = await renderPayslipPdf({
        companyName: config.companyName,
        employee: { fullName: data.user.fullName, nric: data.nric, designation: data.designation },
        year: payslip.year,
        month: payslip.month,
        payDate: payslip.payDate ?? '',
        basicSalaryCents: payslip.basicSalarySnapshotCents,
        items: data.items,
        totals: payslip,
        selfHelpGroup: payslip.selfHelpGroupSnapshot,
        cpfRates:
          payslip.employeeCpfRateSnapshot === null || payslip.employerCpfRateSnapshot === null
            ? null
            : {
                employeePercent: payslip.employeeCpfRateSnapshot,
                employerPercent: payslip.employerCpfRateSnapshot,
              },
        bank: data.bank,
        yearToDate: data.yearToDate,
      });
      const period = `${payslip.year}-${String(payslip.month).padStart(2, '0')}`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="payslip-${period}-${payslip.userId}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.get(
    '/payslips/processed/pdf-table',
    {
      preHandler: admin,
      schema: {
        tags: ['payroll'],
        summary: "The period's Processed List as a PDF table with totals, employer CPF and SDL payable",
        security,
        querystring: periodQuerySchema,
        response: { 200: pdfResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { year, month } = request.query;
      const rows = await processedTableRows(app.db, year, month);
      const pdf = await renderPayrollTablePdf({ companyName: config.companyName, year, month, rows });
      const period = `${year}-${String(month).padStart(2, '0')}`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="processed-payslips-${period}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  for (const { kind, path, title } of payItemKindInfo) {
    r.post(
      `/${path}`,
      {
        preHandler: admin,
        schema: {
          tags: ['pay items'],
          summary: `Add a ${title.toLowerCase()} item to an unprocessed payslip`,
          security,
          body: payItemCreateSchema,
          response: { 201: payItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await addPayItem(app.db, currentUser(request), kind, request.body)),
    );

    r.delete(
      `/${path}/:id`,
      {
        preHandler: admin,
        schema: {
          tags: ['pay items'],
          summary: `Remove a ${title.toLowerCase()} item from an unprocessed payslip`,
          security,
          params: z.object({ id: idParam }),
          response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await removePayItem(app.db, currentUser(request), kind, request.params.id);
        return reply.code(204).send(null);
      },
    );

    r.get(
      `/users/:userId/${path}`,
      {
        preHandler: admin,
        schema: {
          tags: ['pay items'],
          summary: `The ${title.toLowerCase()} items of the employee's payslip of a month`,
          security,
          params: z.object({ userId: idParam }),
          querystring: periodQuerySchema,
          response: { 200: z.array(payItemSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        listPayItems(app.db, request.params.userId, kind, request.query.year, request.query.month),
    );
  }
}
