import { z } from 'zod';
import { apiErrorSchema } from '../../domain/auth';

/** Response schemas for the listed error codes: every error has the one `{statusCode, error, message}` shape. */
export function errorResponses<const C extends number>(...codes: C[]) {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<C, typeof apiErrorSchema>;
}

/** A record id in a path: an integer of the database's id range. */
export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
