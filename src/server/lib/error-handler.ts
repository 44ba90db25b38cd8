import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { discardUnreadBody } from './discard-body';
import { HttpError, statusText } from './http-error';

/**
 * The one error handler: whatever went wrong, the answer is `{statusCode, error, message}`.
 * Validation errors name their fields; refusals keep their message; database errors caused by the
 * input become 400/409; framework errors (413, 414, 415...) keep their status; anything else is a
 * logged 500 with a generic message.
 */

/** PostgreSQL error codes that are the client's fault, whatever driver raised them. */
const constraintErrors: Record<string, { statusCode: number; message: string }> = {
  '23505': { statusCode: 409, message: 'This record already exists.' },
  '23503': { statusCode: 409, message: 'This record is still referenced by other records.' },
  '23514': { statusCode: 400, message: 'The values break a rule of the record.' },
};
const INVALID_DATA = { statusCode: 400, message: 'A value is not valid for its field.' };
const TOO_BIG = { statusCode: 400, message: 'A value is too large.' };

export function postgresCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Class 22 is "data exception" (bad encoding, out of range, NUL...); 54000 "program limit exceeded". */
function mapDatabaseError(code: string | undefined) {
  if (!code) return undefined;
  if (constraintErrors[code]) return constraintErrors[code];
  if (code.startsWith('22')) return INVALID_DATA;
  if (code === '54000') return TOO_BIG;
  return undefined;
}

export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const messages = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = issue.message ?? 'Invalid value';
      return field && !/[.!?]$/.test(message) ? `${field}: ${message}` : message;
    });
    return reply
      .code(400)
      .send({ statusCode: 400, error: statusText(400), message: [...new Set(messages)].join(' ') });
  }
  const code = postgresCode(error);
  const mapped = mapDatabaseError(code);
  if (mapped) {
    request.log.info({ code }, 'the database refused a value');
    return reply.code(mapped.statusCode).send({ ...mapped, error: statusText(mapped.statusCode) });
  }
  const statusCode =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  if (error instanceof HttpError) reply.headers(error.headers);
  // A body over its limit: its sender must be able to read this answer (lib/discard-body.ts).
  if (statusCode === 413) discardUnreadBody(request, reply);
  return reply.code(statusCode).send({
    statusCode,
    error: statusText(statusCode),
    message: statusCode >= 500 ? 'An unexpected error occurred. Please try again later.' : error.message,
  });
}

/** Errors Fastify raises before routing (a path parameter over 100 characters, a malformed URL). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const statusCode = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const message = statusCode === 414 ? 'The address is too long.' : 'The address is not valid.';
  reply.code(statusCode).send({ statusCode, error: statusText(statusCode), message });
}
