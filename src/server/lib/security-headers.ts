import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet would set, computed once. @fastify/helmet rebuilds helmet (and
 * re-parses the Content-Security-Policy) on every request; these headers never change, so they
 * are worked out at start-up and copied onto each answer.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as never, response as never, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}
