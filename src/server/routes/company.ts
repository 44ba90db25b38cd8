import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyBodySchema, companyPageSchema } from '../../domain/company';
import type { Config } from '../config';
import { actorOf } from '../plugins/access';
import { getCompany, updateCompany } from '../services/company';
import { errorResponses } from './schemas';

/** The company's particulars (issue 15): what the CPF, bank and IR8A files and the PDFs print. */
export async function companyRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get(
    '/company',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['company'],
        summary:
          "The company's name, UEN, CPF submission number, address, paying bank accounts, whether e-mailed payslips are password-protected, and how mail is delivered",
        security,
        response: { 200: companyPageSchema, ...errorResponses(401, 403) },
      },
    },
    async () => getCompany(app.db, config),
  );

  r.put(
    '/company',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['company'],
        summary: "Replace the company's particulars; the CPF submission number defaults to the UEN + PTE01",
        security,
        body: companyBodySchema,
        response: { 200: companyPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateCompany(app.db, actorOf(request), request.body, config),
  );
}
