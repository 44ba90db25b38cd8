import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idParams } from '../../domain/fields';
import {
  leaveBalancePdfRequestSchema,
  leaveBalanceSchema,
  leaveBalanceYearQuerySchema,
  updateLeaveBalanceSchema,
  yearlyLeaveBalanceRowSchema,
} from '../../domain/leave';
import { withPdfSlot } from '../lib/pdf-slots';
import { actorOf } from '../plugins/access';
import {
  setLeaveAllowance,
  userLeaveBalances,
  yearlyLeaveBalances,
  yearlyLeaveBalancesPdf,
} from '../services/leave-balances';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];

export async function leaveBalanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/leave-balances/year',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary: "Every staff member's balance per leave type for a year (ADMIN); null = no limit",
        security,
        querystring: leaveBalanceYearQuerySchema,
        response: { 200: z.array(yearlyLeaveBalanceRowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => yearlyLeaveBalances(app.db, request.query),
  );

  r.post(
    '/users/leave-balances/year-pdf',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary:
          "Every staff member's balances for a year as a PDF (ADMIN), from the same figures as the screen",
        security,
        body: leaveBalancePdfRequestSchema,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { year, pdf } = await withPdfSlot(actorOf(request).id, () =>
        yearlyLeaveBalancesPdf(app.db, request.body),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="leave-balances-${year}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.get(
    '/users/:id/leave-balances',
    {
      config: { access: 'self', owner: { param: 'id' } },
      schema: {
        tags: ['leave'],
        summary: "A user's balances for a year (default this year): own for STAFF, anyone's for ADMIN",
        security,
        params: idParams,
        querystring: leaveBalanceYearQuerySchema,
        response: { 200: z.array(leaveBalanceSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => userLeaveBalances(app.db, { userId: request.params.id, year: request.query.year }),
  );

  r.patch(
    '/users/:id/leave-balances/:leaveTypeId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leave'],
        summary:
          "Set a user's allowance of one leave type for a year (ADMIN); null = no limit; never below what is approved or pending",
        security,
        params: z.object({ id: idParam, leaveTypeId: idParam }),
        body: updateLeaveBalanceSchema,
        response: { 200: leaveBalanceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setLeaveAllowance(app.db, actorOf(request), {
        userId: request.params.id,
        leaveTypeId: request.params.leaveTypeId,
        year: request.body.year,
        totalDays: request.body.totalDays,
      }),
  );
}
