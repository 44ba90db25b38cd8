import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { type FailureLimiter, memoryFailureLimiter } from './lib/failure-limiter';
import { HttpError, statusText } from './lib/http-error';
import { accessPlugin } from './plugins/access';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { authRoutes } from './routes/auth';
import { payslipRoutes } from './routes/payslips';
import { userRoutes } from './routes/users';
import type { AuthDeps } from './services/auth';
import { createMailer, type Mailer } from './services/mail';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Defaults to SMTP or the outbox, by configuration. */
  mailer?: Mailer;
  signInFailures?: FailureLimiter;
  /** Folder of the built SPA; omitted = API only. */
  spaDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** PostgreSQL error codes that are the client's fault, whatever driver raised them. */
const constraintErrors: Record<string, { statusCode: number; message: string }> = {
  '23505': { statusCode: 409, message: 'This record already exists.' },
  '23503': { statusCode: 409, message: 'This record is still referenced by other records.' },
  '23514': { statusCode: 400, message: 'The values break a rule of the record.' },
};

function postgresCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^\d{5}$/.test(code)) return code;
  }
  return undefined;
}

export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({ logger: options.logger ?? false, trustProxy: config.trustProxy });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
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
    const known = postgresCode(error);
    const mapped = known ? constraintErrors[known] : undefined;
    if (mapped) {
      request.log.info({ code: known }, 'database constraint refused a change');
      return reply.code(mapped.statusCode).send({ ...mapped, error: statusText(mapped.statusCode) });
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof HttpError) reply.headers(error.headers);
    return reply.code(statusCode).send({
      statusCode,
      error: statusText(statusCode),
      message: statusCode >= 500 ? 'An unexpected error occurred. Please try again later.' : error.message,
    });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Chakra UI (emotion) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies,
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: statusText(429),
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'HR API',
        version: '1.0.0',
        description: 'Leave, staff records and payroll for Singapore companies.',
      },
      servers: [{ url: '/api' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(dbPlugin, { db: options.db });
  await app.register(authPlugin, { jwtSecret: config.jwtSecret });
  await app.register(accessPlugin);

  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: options.db, log: app.log });
  const signInFailures = options.signInFailures ?? memoryFailureLimiter({ max: 10, windowMs: 60_000 });
  const authDeps: AuthDeps = {
    tokens: app.accessTokens,
    signInFailures,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  };

  await app.register(
    async (api) => {
      await api.register(authRoutes, { prefix: '/auth', config, deps: authDeps });
      await api.register(userRoutes, { prefix: '/users', config });
      await api.register(payslipRoutes, { config });
      api.get('/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
        status: 'ok',
      }));
    },
    { prefix: '/api' },
  );

  const spaDir = options.spaDir;
  const hasSpa = spaDir !== undefined && existsSync(path.join(spaDir, 'index.html'));
  // Routes that plugins add (the OpenAPI viewer, the SPA's files) are public by declaration here:
  // they serve documentation and static files, never personal data.
  await app.register(async (publicFiles) => {
    publicFiles.addHook('onRoute', (route) => {
      route.config ??= {};
      route.config.access ??= 'public';
    });
    await publicFiles.register(swaggerUi, { routePrefix: '/api/docs' });
    if (hasSpa) {
      await publicFiles.register(fastifyStatic, {
        root: spaDir,
        index: ['index.html'],
        setHeaders(res, filePath) {
          // Vite fingerprints assets, so they never change; index.html must always be re-read.
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (/assets/old-hash.js) is a 404; a client-side route has no extension.
    const isClientRoute = !pathname.startsWith('/api') && !/\.[a-z0-9]+$/i.test(pathname);
    if (hasSpa && wantsPage && isClientRoute) {
      // Client-side routes (/login, /admin/users/7 ...) all load the SPA.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      statusCode: 404,
      error: statusText(404),
      message: `Route ${request.method}:${pathname} not found`,
    });
  });

  return app;
}
