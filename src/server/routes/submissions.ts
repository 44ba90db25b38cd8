import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../domain/fields';
import { periodQuerySchema } from '../../domain/payslips';
import {
  aisCheckQuerySchema,
  aisCheckSchema,
  bankFileQuerySchema,
  cpfFileQuerySchema,
  cpfSummarySchema,
  ir8aQuerySchema,
  userIr8aQuerySchema,
} from '../../domain/submissions';
import type { Config } from '../config';
import { withPdfSlot } from '../lib/pdf-slots';
import { actorOf } from '../plugins/access';
import { aisCheck, aisFile } from '../services/payroll/ais';
import { companyIr8a, userIr8a } from '../services/payroll/ir8a';
import { bankFile, cpfFile, cpfSummary, cpfSummaryPdf } from '../services/payroll/statutory';
import { errorResponses } from './schemas';

const fileResponse = z.any().describe('the file');

/** The month's files for the CPF Board and the bank, and the year's IR8A forms (issue 15). */
export async function submissionRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

  r.get(
    '/payslips/cpf-summary',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['submissions'],
        summary:
          "The month's employee and employer CPF, SDL, self-help-group funds and total payable to the CPF Board, with what would stop the CPF file",
        security,
        querystring: periodQuerySchema,
        response: { 200: cpfSummarySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => cpfSummary(app.db, request.query, config),
  );

  r.get(
    '/payslips/cpf-summary/pdf',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['submissions'],
        summary:
          "The month's CPF summary as a PDF for the finance file, with each employee's contributions (NRIC/FIN masked)",
        security,
        querystring: periodQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await withPdfSlot(actorOf(request).id, () =>
        cpfSummaryPdf(app.db, request.query, config),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.get(
    '/payslips/cpf-file',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['submissions'],
        summary: "The CPF EZPay (FTP) file of the month's processed payslips (CPF, SHG funds, SDL)",
        security,
        querystring: cpfFileQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const file = await cpfFile(app.db, actorOf(request), request.query, config);
      return reply
        .type('text/plain; charset=us-ascii')
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  r.get(
    '/payslips/bank-file',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['submissions'],
        summary:
          "The bank's salary file (UOB, DBS or OCBC) paying each processed payslip's net payable; payments=released pays only those released by IR21 clearance",
        security,
        querystring: bankFileQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const file = await bankFile(app.db, actorOf(request), request.query, config);
      // The value date the file carries, and whether it was chosen, the pay date or the next business day.
      return (
        reply
          .header('x-value-date', file.valueDate)
          .header('x-value-date-source', file.valueDateSource)
          // Who is left out for IR21 tax clearance (their user ids); the month's summary lists them in full.
          .header('x-withheld', file.withheld.map((row) => row.userId).join(','))
          // A file of released payments: whom it pays (their user ids).
          .header('x-released', file.released.join(','))
          .type(file.mediaType)
          .header('content-disposition', attachment(file.fileName))
          .header('cache-control', 'private, no-store')
          .send(file.content)
      );
    },
  );

  r.get(
    '/payslips/ir8a',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['submissions'],
        summary:
          "Form IR8A for every employee paid in the year: one PDF page each, the employer's CSV, or IRAS's AIS records (format=ais)",
        security,
        querystring: ir8aQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { year, format } = request.query;
      if (format === 'ais') {
        const ais = await aisFile(app.db, actorOf(request), year, config);
        return reply
          .type('text/plain; charset=utf-8')
          .header('content-disposition', attachment(ais.fileName))
          .header('cache-control', 'private, no-store')
          .send(ais.content);
      }
      const file = await withPdfSlot(actorOf(request).id, () =>
        companyIr8a(app.db, { year, format }, config),
      );
      return reply
        .type(file.kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  r.get(
    '/payslips/ir8a/ais-check',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['submissions'],
        summary: "What stops the year's AIS IR8A file, per employee and for the company (userId 0)",
        security,
        querystring: aisCheckQuerySchema,
        // 409: a payslip the IR8A figures refuse (outside the employment's dates), as the CSV answers.
        response: { 200: aisCheckSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => aisCheck(app.db, request.query.year, config),
  );

  r.get(
    '/users/:id/ir8a',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['submissions'],
        summary: "One employee's Form IR8A for a year (the employee themself or ADMIN)",
        security,
        params: idParams,
        querystring: userIr8aQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { pdf, fileName } = await withPdfSlot(actor.id, () =>
        userIr8a(app.db, { userId: request.params.id, year: request.query.year }, config),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
