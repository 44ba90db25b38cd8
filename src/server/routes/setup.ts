import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayIso } from '../../domain/dates';
import { setupSchema } from '../../domain/setup';
import { setupChecklist } from '../services/setup';
import { errorResponses } from './schemas';

/** The first administrator's setup checklist (issue 38). */
export async function setupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/setup',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['company'],
        summary: "The company's setup steps, each done or not by what the database holds",
        security: [{ bearerAuth: [] }],
        response: { 200: setupSchema, ...errorResponses(401, 403) },
      },
    },
    async () => setupChecklist(app.db, todayIso()),
  );
}
