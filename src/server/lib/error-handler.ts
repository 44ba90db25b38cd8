import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../domain/api-error';
import { discardUnreadBody } from './discard-body';
import { HttpError, statusText } from './http-error';

/**
 * The one error handler: whatever went wrong, the answer is `{statusCode, error, message}`.
 * Validation errors name their fields; refusals keep their message; database errors caused by the
 * input become 400/409; framework errors (413, 414, 415...) keep their status; anything else is a
 * logged 500 with a generic message. A 400 also carries `code` (src/domain/api-error.ts) and, where
 * one field of the body is at fault, `field`: the first schema problem's path, or the refusal's own.
 */

/** PostgreSQL error codes that are the client's fault, whatever driver raised them. */
const constraintErrors: Record<string, { statusCode: number; message: string; code?: ErrorCode }> = {
  '23505': { statusCode: 409, message: 'This record already exists.' },
  '23503': { statusCode: 409, message: 'This record is still referenced by other records.' },
  '23514': { statusCode: 400, message: 'The values break a rule of the record.', code: 'INVALID_VALUE' },
};
const INVALID_DATA = {
  statusCode: 400,
  message: 'A value is not valid for its field.',
  code: 'INVALID_VALUE',
};
const TOO_BIG = { statusCode: 400, message: 'A value is too large.', code: 'INVALID_VALUE' };

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
    const fields = error.validation.map((issue) =>
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    );
    const messages = error.validation.map((issue, index) => {
      const field = fields[index];
      const message = issue.message ?? 'Invalid value';
      return field && !/[.!?]$/.test(message) ? `${field}: ${message}` : message;
    });
    // The field is the body's: a query or path parameter is no field a form holds.
    const field = error.validationContext === 'body' ? fields[0] || undefined : undefined;
    return reply.code(400).send({
      statusCode: 400,
      error: statusText(400),
      message: [...new Set(messages)].join(' '),
      code: 'VALIDATION' satisfies ErrorCode,
      ...(field ? { field } : {}),
    });
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
  const refusal = error instanceof HttpError && statusCode < 500 ? error.refusal : undefined;
  // A body over its limit: its sender must be able to read this answer (lib/discard-body.ts).
  if (statusCode === 413) discardUnreadBody(request, reply);
  return reply.code(statusCode).send({
    statusCode,
    error: statusText(statusCode),
    message: statusCode >= 500 ? 'An unexpected error occurred. Please try again later.' : error.message,
    // Fastify's own 400s (a body that is no JSON) say why with the generic code too.
    ...(refusal ?? (statusCode === 400 ? { code: 'BAD_REQUEST' satisfies ErrorCode } : {})),
  });
}

/** Errors Fastify raises before routing (a path parameter over 100 characters, a malformed URL). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const statusCode = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const message = statusCode === 414 ? 'The address is too long.' : 'The address is not valid.';
  const code = statusCode === 400 ? { code: 'BAD_REQUEST' satisfies ErrorCode } : {};
  reply.code(statusCode).send({ statusCode, error: statusText(statusCode), message, ...code });
}
