import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPANY_EMAIL_MESSAGE, idSchema, isCompanyEmail, roleSchema } from '../../domain/auth';
import { employmentInfoSchema } from '../../domain/employment-info';
import { paymentInfoSchema } from '../../domain/payment-info';
import { staffInfoSchema } from '../../domain/staff-info';
import type { Config } from '../config';
import { payslips, users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../lib/http-error';
import { currentUser } from '../plugins/auth';
import { writeAudit } from '../services/audit';
import { listUsers, userDetail } from '../services/users';
import { errorResponses } from './schemas';

export const userDetailSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  hireDate: z.string().nullable(),
  staffInfo: staffInfoSchema.nullable(),
  employmentInfo: employmentInfoSchema.nullable(),
  paymentInfo: paymentInfoSchema.nullable(),
});

const userIdParams = z.object({ id: z.coerce.number().int().positive() });

export async function userRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** STAFF reach only their own record; ADMIN reach every record. */
  const assertCanReach = (viewer: { id: number; role: string }, userId: number) => {
    if (viewer.role !== 'ADMIN' && viewer.id !== userId)
      throw forbidden('You can only access your own record.');
  };

  r.get(
    '/',
    {
      preHandler: [app.authenticate, app.requireRole('ADMIN')],
      schema: {
        tags: ['users'],
        summary:
          'Users, optionally filtered by a search on name or e-mail and by role (ADMIN); NRIC and account numbers masked',
        security: [{ bearerAuth: [] }],
        querystring: z.object({ search: z.string().max(200).optional(), role: roleSchema.optional() }),
        response: { 200: z.array(userDetailSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  r.delete(
    '/:id',
    {
      preHandler: [app.authenticate, app.requireRole('ADMIN')],
      schema: {
        tags: ['users'],
        summary: 'Delete a user and their data (ADMIN); refused while processed payslips exist',
        security: [{ bearerAuth: [] }],
        params: userIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const { id } = request.params;
      if (id === admin.id) throw badRequest('You cannot delete your own account.');
      await app.db.transaction(async (tx) => {
        const [target] = await tx
          .select({ fullName: users.fullName, email: users.email, role: users.role })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        if (!target) throw notFound('User not found.');
        const [processed] = await tx
          .select({ n: count() })
          .from(payslips)
          .where(and(eq(payslips.userId, id), eq(payslips.status, 'PROCESSED')));
        if ((processed?.n ?? 0) > 0) {
          // Payroll records must be kept; the employee can be marked Resigned instead.
          throw conflict(
            `${target.fullName} has processed payslips, which must be kept. Set the employment status to Resigned instead.`,
          );
        }
        await tx.delete(payslips).where(eq(payslips.userId, id));
        await tx.delete(users).where(eq(users.id, id));
        await writeAudit(tx, {
          actorUserId: admin.id,
          action: 'user.deleted',
          entity: 'user',
          entityId: id,
          details: { deleted: target },
        });
      });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'One user with staff, employment and payment info',
        security: [{ bearerAuth: [] }],
        params: userIdParams,
        response: { 200: userDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      assertCanReach(currentUser(request), request.params.id);
      const user = await userDetail(app.db, request.params.id);
      if (!user) throw notFound('User not found.');
      return user;
    },
  );

  r.patch(
    '/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Update name and e-mail (own record for STAFF, any for ADMIN)',
        security: [{ bearerAuth: [] }],
        params: userIdParams,
        body: z.object({
          fullName: z.string().trim().min(1, 'All fields are required.').max(200),
          email: z
            .string()
            .trim()
            .min(1, 'All fields are required.')
            .refine((email) => isCompanyEmail(email, config.companyEmailDomain), COMPANY_EMAIL_MESSAGE),
        }),
        response: { 200: userDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const { id } = request.params;
      assertCanReach(viewer, id);
      const fullName = request.body.fullName;
      const email = request.body.email.toLowerCase();
      await app.db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${email} and ${users.id} <> ${id}`);
        if (taken) throw conflict('An account with this email already exists.');
        const [before] = await tx
          .select({ fullName: users.fullName, email: users.email })
          .from(users)
          .where(eq(users.id, id));
        if (!before) throw notFound('User not found.');
        await tx.update(users).set({ fullName, email }).where(eq(users.id, id));
        await writeAudit(tx, {
          actorUserId: viewer.id,
          action: 'user.updated',
          entity: 'user',
          entityId: id,
          details: { before, after: { fullName, email } },
        });
      });
      const user = await userDetail(app.db, id);
      if (!user) throw notFound('User not found.');
      return user;
    },
  );
}
