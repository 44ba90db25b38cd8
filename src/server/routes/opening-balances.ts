import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../domain/fields';
import {
  openingLeaveBodySchema,
  openingLeaveSchema,
  openingYearQuerySchema,
  openingYtdBodySchema,
  openingYtdSchema,
} from '../../domain/opening-balances';
import { actorOf } from '../plugins/access';
import {
  deleteOpeningYtd,
  getOpeningLeave,
  getOpeningYtd,
  putOpeningLeave,
  putOpeningYtd,
} from '../services/opening-balances';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];
const tags = ['staff records'];

/** Opening balances (issue 38 items 3 and 4): the year so far from before the company used the product. */
export async function openingBalanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/:id/opening-ytd',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "An employee's opening year to date for a year (ADMIN); 404 when none is recorded",
        security,
        params: idParams,
        querystring: openingYearQuerySchema,
        response: { 200: openingYtdSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getOpeningYtd(app.db, { userId: request.params.id, year: request.query.year }),
  );

  r.put(
    '/users/:id/opening-ytd',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Record the year so far paid before (ADMIN), in dollars: January to throughMonth are then not processed here; refused once a month of the year is processed',
        security,
        params: idParams,
        body: openingYtdBodySchema,
        response: { 200: openingYtdSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      putOpeningYtd(app.db, actorOf(request), { userId: request.params.id, body: request.body }),
  );

  r.delete(
    '/users/:id/opening-ytd',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Remove an employee's opening year to date (ADMIN); refused once a month of the year is processed",
        security,
        params: idParams,
        querystring: openingYearQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteOpeningYtd(app.db, actorOf(request), {
        userId: request.params.id,
        year: request.query.year,
      });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/users/:id/opening-leave',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The leave days an employee took in a year before the company used the product, per leave type (ADMIN)',
        security,
        params: idParams,
        querystring: openingYearQuerySchema,
        response: { 200: openingLeaveSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getOpeningLeave(app.db, { userId: request.params.id, year: request.query.year }),
  );

  r.put(
    '/users/:id/opening-leave',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Set the leave days taken before, per leave type (ADMIN); 0 removes one; every balance subtracts them',
        security,
        params: idParams,
        body: openingLeaveBodySchema,
        response: { 200: openingLeaveSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      putOpeningLeave(app.db, actorOf(request), { userId: request.params.id, body: request.body }),
  );
}
