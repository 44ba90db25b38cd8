import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimDecisionSchema,
  claimListQuerySchema,
  claimPageSchema,
  claimSchema,
  claimsReportQuerySchema,
  claimTypeBodySchema,
  claimTypeRemovalSchema,
  claimTypeSchema,
  createClaimSchema,
} from '../../domain/claims';
import { idParams } from '../../domain/fields';
import type { Config } from '../config';
import { withPdfSlot } from '../lib/pdf-slots';
import { actorOf } from '../plugins/access';
import { createClaimType, listClaimTypes, removeClaimType, updateClaimType } from '../services/claim-types';
import { createClaim, decideClaim, deleteClaim, findClaim, listClaims } from '../services/claims';
import { claimsReportCsvFile, claimsReportPdfFile } from '../services/claims-report';
import type { FileStorage } from '../storage/storage';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];
const typesQuery = z.object({ archived: z.optional(z.enum(['true', 'false'])) });

/** Expense claims (issue 37): the claim types (ADMIN; read by everyone, who file under them) and the claims. */
export async function claimRoutes(app: FastifyInstance, deps: { storage: FileStorage; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/claim-types',
    {
      // Everyone files claims under these types; only ADMIN change them.
      config: { access: 'signedIn' },
      schema: {
        tags: ['claims'],
        summary: 'The claim types with their limits, by name; archived=true adds the archived ones',
        security,
        querystring: typesQuery,
        response: { 200: z.array(claimTypeSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listClaimTypes(app.db, { archived: request.query.archived === 'true' }),
  );

  r.post(
    '/claim-types',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['claims'],
        summary: 'Add a claim type (ADMIN); limits in dollars, null for none',
        security,
        body: claimTypeBodySchema,
        response: { 201: claimTypeSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createClaimType(app.db, actorOf(request), request.body)),
  );

  r.put(
    '/claim-types/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['claims'],
        summary: 'Change a claim type (ADMIN); claims already filed keep their amounts',
        security,
        params: idParams,
        body: claimTypeBodySchema,
        response: { 200: claimTypeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateClaimType(app.db, actorOf(request), { id: request.params.id, body: request.body }),
  );

  r.delete(
    '/claim-types/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['claims'],
        summary: 'Remove a claim type (ADMIN): deleted when no claim names it, else archived',
        security,
        params: idParams,
        response: { 200: claimTypeRemovalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => removeClaimType(app.db, actorOf(request), request.params),
  );

  r.get(
    '/claims',
    {
      // STAFF may name only themselves; without userId the service keeps them to their own claims.
      config: { access: 'self', owner: { query: 'userId', optional: true } },
      schema: {
        tags: ['claims'],
        summary:
          "Claims, paged, newest first, with counts by status: one's own for STAFF, everyone's (or one person's) for ADMIN",
        security,
        querystring: claimListQuerySchema,
        response: { 200: claimPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listClaims(app.db, actorOf(request), request.query),
  );

  r.get(
    '/claims/report',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['claims'],
        summary:
          "The month's claims report (ADMIN): every claim decided in the month or paid with its pay, with totals per type and per employee, as CSV or PDF",
        security,
        querystring: claimsReportQuerySchema,
        response: {
          200: z.any().describe('text/csv or application/pdf'),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { format, year, month } = request.query;
      if (format === 'csv') {
        const { csv, fileName } = await claimsReportCsvFile(app.db, { year, month });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(csv);
      }
      const { pdf, fileName } = await withPdfSlot(actorOf(request).id, () =>
        claimsReportPdfFile(app.db, { year, month }, deps.config),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.get(
    '/claims/:id',
    {
      config: { access: 'self', owner: { record: 'claim' } },
      schema: {
        tags: ['claims'],
        summary: "One claim: one's own for STAFF, anyone's for ADMIN",
        security,
        params: idParams,
        response: { 200: claimSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => findClaim(app.db, request.params),
  );

  r.post(
    '/claims',
    {
      // Everyone files their own claims; nobody files for someone else.
      config: { access: 'signedIn' },
      schema: {
        tags: ['claims'],
        summary:
          'File a claim of one’s own (amount in dollars); refused, naming the rule, over a limit (pending claims counted), without a required receipt, or on a date outside the employment or the claim window',
        security,
        body: createClaimSchema,
        response: { 201: claimSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createClaim(app.db, actorOf(request), request.body, deps)),
  );

  r.delete(
    '/claims/:id',
    {
      config: {
        access: 'self',
        owner: {
          record: 'claim',
          onlyOwner: true,
          message: 'Only the person who filed a claim can delete it.',
        },
      },
      schema: {
        tags: ['claims'],
        summary: "Delete one's own pending claim",
        security,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteClaim(app.db, actorOf(request), request.params, deps.storage);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/claims/:id/decision',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['claims'],
        summary: 'Approve or reject a pending claim (ADMIN, never one’s own: another administrator decides)',
        security,
        params: idParams,
        body: claimDecisionSchema,
        response: { 200: claimSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => decideClaim(app.db, actorOf(request), { id: request.params.id, ...request.body }),
  );
}
