import { apiErrorSchema } from '../../domain/auth';

/** Response schemas for the listed error codes: every error has the one `{statusCode, error, message}` shape. */
export function errorResponses<const C extends number>(...codes: C[]) {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<C, typeof apiErrorSchema>;
}
