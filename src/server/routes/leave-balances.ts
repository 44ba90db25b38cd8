import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayIso } from '../../domain/dates';
import {
  leaveBalanceSchema,
  recordIdParamSchema,
  updateLeaveBalanceSchema,
  yearlyLeaveBalanceRowSchema,
  yearSchema,
} from '../../domain/leave';
import { forbidden } from '../lib/http-error';
import { currentUser } from '../plugins/auth';
import { setLeaveAllowance, userLeaveBalances, yearlyLeaveBalances } from '../services/leave-balances';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];
const thisYear = () => Number(todayIso().slice(0, 4));
const yearQuery = z.object({ year: yearSchema.optional() });

export async function leaveBalanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.authenticate, app.requireRole('ADMIN')];

  r.get(
    '/users/leave-balances/year',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['leave'],
        summary: "Every staff member's balance per leave type for a year (ADMIN); null = no limit",
        security,
        querystring: yearQuery,
        response: { 200: z.array(yearlyLeaveBalanceRowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => yearlyLeaveBalances(app.db, request.query.year ?? thisYear()),
  );

  r.get(
    '/users/:id/leave-balances',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['leave'],
        summary: "A user's balances for a year (default this year): own for STAFF, anyone's for ADMIN",
        security,
        params: z.object({ id: recordIdParamSchema }),
        querystring: yearQuery,
        response: { 200: z.array(leaveBalanceSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      if (viewer.role !== 'ADMIN' && viewer.id !== request.params.id) {
        throw forbidden('You can only see your own leave balance.');
      }
      return userLeaveBalances(app.db, request.params.id, request.query.year ?? thisYear());
    },
  );

  r.patch(
    '/users/:id/leave-balances/:leaveTypeId',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['leave'],
        summary:
          "Set a user's allowance of one leave type for a year (ADMIN); null = no limit; never below what is approved or pending",
        security,
        params: z.object({ id: recordIdParamSchema, leaveTypeId: recordIdParamSchema }),
        body: updateLeaveBalanceSchema,
        response: { 200: leaveBalanceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.db.transaction((tx) =>
        setLeaveAllowance(tx, currentUser(request), {
          userId: request.params.id,
          leaveTypeId: request.params.leaveTypeId,
          year: request.body.year ?? thisYear(),
          totalDays: request.body.totalDays,
        }),
      ),
  );
}
