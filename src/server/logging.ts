import type { FastifyServerOptions } from 'fastify';

// What the logs may hold: never query parameters, password hashes, tokens or cookies. Failed
// queries carry their parameters in the error message (drizzle: "Failed query: ... params: ..."),
// and reset links carry their token in the URL, so both are scrubbed where they are serialised.

const SECRET_QUERY_PARAMS = /([?&](?:token|access_token|refresh_token|code)=)[^&#]*/gi;
const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s,"'\]]+/g;
const QUERY_PARAMS = /\bparams:[^\n]*/g;

/** A URL as it may be logged: secret query values replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');

/** Error text as it may be logged: no query parameters, no password hashes. */
export const scrubErrorText = (text: string) =>
  text.replace(QUERY_PARAMS, 'params: [redacted]').replace(ARGON2_HASH, '[redacted hash]');

interface LoggableError {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: unknown;
}

/** Errors keep their type, code and scrubbed message and stack; no driver detail (it may quote values). */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const e = error as LoggableError;
  return {
    type: e.name,
    message: scrubErrorText(String(e.message ?? '')),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(e.stack ? { stack: scrubErrorText(e.stack) } : {}),
    ...(e.cause && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/** Logger options for `npm start` (and tests that read the log). */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.passwordHash',
        '*.token',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
      err: serializeError as never,
    },
  };
}
