import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../domain/fields';
import { ir21ClearanceBodySchema, ir21QuerySchema } from '../../domain/ir21';
import { keyEmploymentTermsBodySchema, keyEmploymentTermsSchema } from '../../domain/kets';
import { separationBodySchema, separationSchema } from '../../domain/separation';
import type { Config } from '../config';
import { withPdfSlot } from '../lib/pdf-slots';
import { actorOf } from '../plugins/access';
import { ir21Document, recordIr21Clearance } from '../services/ir21';
import { getKeyEmploymentTerms, ketsPdf, putKeyEmploymentTerms } from '../services/kets';
import {
  acknowledgeSeparation,
  createSeparation,
  getSeparation,
  withdrawSeparation,
} from '../services/separations';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];
const tags = ['staff records'];

/** Joining and leaving (issue 35): the key employment terms and their PDF, and the separation. */
export async function separationRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/:id/key-employment-terms',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags,
        summary:
          'The key employment terms, with the items still missing named (own for STAFF, any for ADMIN)',
        security,
        params: idParams,
        response: { 200: keyEmploymentTermsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getKeyEmploymentTerms(app.db, { userId: request.params.id }),
  );

  r.put(
    '/users/:id/key-employment-terms',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Replace the key employment terms the rest of the record does not keep (ADMIN)',
        security,
        params: idParams,
        body: keyEmploymentTermsBodySchema,
        response: { 200: keyEmploymentTermsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      putKeyEmploymentTerms(app.db, actorOf(request), { userId: request.params.id, body: request.body }),
  );

  r.get(
    '/users/:id/kets',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags,
        summary:
          'The key employment terms as a PDF from the stored record; it names each missing item, as does the Kets-Missing header (own for STAFF, any for ADMIN)',
        security,
        params: idParams,
        response: { 200: z.any().describe('the PDF'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { pdf, missing, fileName } = await withPdfSlot(actorOf(request).id, () =>
        ketsPdf(app.db, { userId: request.params.id }, config),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('kets-missing', missing.join(', '))
        .send(pdf);
    },
  );

  r.post(
    '/users/:id/separation',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags,
        summary:
          "Record a separation (ADMIN: acknowledged at once) or submit one's own resignation (STAFF: reason RESIGNATION, waits for acknowledgement); answers what is due when",
        security,
        params: idParams,
        body: separationBodySchema,
        response: { 201: separationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const separation = await createSeparation(app.db, actorOf(request), {
        userId: request.params.id,
        body: request.body,
      });
      return reply.code(201).send(separation);
    },
  );

  r.get(
    '/users/:id/separation',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags,
        summary:
          "The employee's separation with its notice, final pay and IR21 dates (own for STAFF, any for ADMIN)",
        security,
        params: idParams,
        response: { 200: separationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSeparation(app.db, { userId: request.params.id }),
  );

  r.post(
    '/users/:id/separation/acknowledge',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Acknowledge an employee's resignation (ADMIN): they read RESIGNED with its last day",
        security,
        params: idParams,
        response: { 200: separationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => acknowledgeSeparation(app.db, actorOf(request), { userId: request.params.id }),
  );

  r.delete(
    '/users/:id/separation',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Withdraw a separation before its last day (ADMIN): the employee is ACTIVE again',
        security,
        params: idParams,
        response: { 200: separationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => withdrawSeparation(app.db, actorOf(request), { userId: request.params.id }),
  );

  r.get(
    '/users/:id/ir21',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "The leaver's IR21 (ADMIN): employer and employee particulars and the income of the year of leaving and the year before by IR8A item, as a PDF or CSV",
        security,
        params: idParams,
        querystring: ir21QuerySchema,
        response: { 200: z.any().describe('the file'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const input = { userId: request.params.id, ...request.query };
      const file = await withPdfSlot(actorOf(request).id, () => ir21Document(app.db, input, config));
      return reply
        .type(file.kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  r.post(
    '/users/:id/ir21-clearance',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Record IRAS's IR21 tax clearance (ADMIN): the withheld pay goes into the next bank file of its month",
        security,
        params: idParams,
        body: ir21ClearanceBodySchema,
        response: { 200: separationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      recordIr21Clearance(app.db, actorOf(request), { userId: request.params.id, body: request.body }),
  );
}
