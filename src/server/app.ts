import { existsSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import { deviceCookies } from './lib/device-cookies';
import { errorHandler, frameworkErrors } from './lib/error-handler';
import { forbidden, statusText } from './lib/http-error';
import { serializerCompiler } from './lib/response-serializer';
import { securityHeaders } from './lib/security-headers';
import { spaPage } from './lib/spa-pages';
import { memoryThrottleStore, redisThrottleStore, type ThrottleStore } from './lib/throttle';
import { redactUrl } from './logging';
import { closePdfWorkers } from './pdf/pool';
import { accessPlugin } from './plugins/access';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { auditRoutes } from './routes/audit';
import { authRoutes } from './routes/auth';
import { claimRoutes } from './routes/claims';
import { companyRoutes } from './routes/company';
import { employmentInfoRoutes } from './routes/employment-info';
import { exportRoutes } from './routes/exports';
import { fileGrantRoutes, localFileRoutes } from './routes/files';
import { importRoutes } from './routes/imports';
import { ir8aJobRoutes } from './routes/ir8a-jobs';
import { jobRoutes } from './routes/jobs';
import { leaveBalanceRoutes } from './routes/leave-balances';
import { leaveCalendarRoutes } from './routes/leave-calendar';
import { leavePolicyRoutes } from './routes/leave-policies';
import { leaveRequestRoutes } from './routes/leave-requests';
import { leaveTypeRoutes } from './routes/leave-types';
import { onboardingRoutes } from './routes/onboarding';
import { openingBalanceRoutes } from './routes/opening-balances';
import { payRunRoutes } from './routes/pay-runs';
import { paymentInfoRoutes } from './routes/payment-info';
import { payslipRoutes } from './routes/payslips';
import { publicHolidayRoutes } from './routes/public-holidays';
import { separationRoutes } from './routes/separations';
import { setupRoutes } from './routes/setup';
import { staffInfoRoutes } from './routes/staff-info';
import { submissionRoutes } from './routes/submissions';
import { timesheetImportRoutes } from './routes/timesheet-import';
import { timesheetRoutes } from './routes/timesheets';
import { userRoutes } from './routes/users';
import type { AuthDeps } from './services/auth';
import { companyOf } from './services/company';
import { createMailer, type Mailer, mailDeliveryOf } from './services/mail';
import { recordOwners } from './services/record-owners';
import { refreshSuccessor } from './services/tokens';
import { createStorage } from './storage';
import { LOCAL_FILES_PATH, type LocalDiskStorage } from './storage/local-disk';
import type { FileStorage } from './storage/storage';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Defaults to SMTP or the outbox, by configuration. */
  mailer?: Mailer;
  /** Defaults to Redis when REDIS_URL is set, else memory. */
  throttle?: ThrottleStore;
  /** Attachment storage; defaults to the driver the configuration names. */
  storage?: FileStorage;
  /** Folder of the built SPA; omitted = API only. */
  spaDir?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * The job queue the API sends work to (payslip e-mails), asked for when a request needs it: the
   * queue starts once the server's logger exists. Without one those routes answer 503.
   */
  queue?: () => JobQueue | undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A browser's Origin header must name this site: the public address or the host it asked for. */
function isSameOrigin(origin: string, host: string | undefined, publicUrl: string): boolean {
  try {
    const { origin: normalized, host: originHost } = new URL(origin);
    return normalized === new URL(publicUrl).origin || (host !== undefined && originHost === host);
  } catch {
    return false;
  }
}

export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    // One access-log line per request at debug (below); two at info would halve throughput.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
  });
  const storage = options.storage ?? (await createStorage(config));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  const logger = app.log as typeof app.log & { isLevelEnabled?(level: string): boolean };
  if (logger.isLevelEnabled?.('debug')) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug(
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    });
  }

  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Chakra UI (emotion) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Attachments in S3 are uploaded to and shown from the bucket's own origin.
        imgSrc: ["'self'", 'data:', 'blob:', ...storage.origins],
        frameSrc: ["'self'", 'blob:', ...storage.origins],
        objectSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...storage.origins],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return done();
    // Answers of the API are personal data: never kept by browsers or shared caches.
    reply.header('cache-control', 'no-store');
    // Cookie-authenticated calls (refresh, logout) and every other change refuse another site's
    // pages; requests without Origin come from non-browser clients, which carry no ambient cookies.
    const origin = request.headers.origin;
    if (
      origin !== undefined &&
      !SAFE_METHODS.has(request.method) &&
      !isSameOrigin(origin, request.headers.host, config.publicUrl)
    ) {
      return done(forbidden('Requests from other sites are not accepted.'));
    }
    done();
  });

  // ioredis is loaded only when it is used: loading it cost every start a tenth of a second.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  // A lost Redis connection fails the throttled requests (500), it does not crash the process.
  redis?.on('error', (error) => app.log.error({ err: error }, 'redis error'));
  const throttle =
    options.throttle ?? (redis ? redisThrottleStore(redis, config.redisKeyPrefix) : memoryThrottleStore());
  app.addHook('onClose', async () => {
    await throttle.close();
    await redis?.quit();
    await closePdfWorkers();
  });

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : {}),
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
  if (config.jwtSecret.length < 32)
    throw new Error('The token signing key is missing (resolveSharedJwtSecret).');
  await app.register(authPlugin, { jwtSecret: config.jwtSecret });
  await app.register(accessPlugin, { recordOwners });

  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: options.db, log: app.log });
  app.addHook('onClose', async () => mailer.close?.());
  const authDeps: AuthDeps = {
    tokens: app.accessTokens,
    throttle,
    devices: deviceCookies(config.jwtSecret),
    successorOf: refreshSuccessor(config.jwtSecret),
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  };

  await app.register(
    async (api) => {
      await api.register(authRoutes, { prefix: '/auth', config, deps: authDeps });
      await api.register(userRoutes, { prefix: '/users', config });
      await api.register(auditRoutes);
      await api.register(exportRoutes);
      await api.register(payRunRoutes, { config });
      await api.register(leaveTypeRoutes);
      await api.register(leaveRequestRoutes, { storage });
      await api.register(leaveBalanceRoutes);
      await api.register(publicHolidayRoutes);
      await api.register(leavePolicyRoutes);
      await api.register(leaveCalendarRoutes);
      await api.register(fileGrantRoutes, { storage });
      await api.register(onboardingRoutes);
      await api.register(openingBalanceRoutes);
      await api.register(importRoutes, { config, queue: options.queue });
      await api.register(staffInfoRoutes);
      await api.register(employmentInfoRoutes);
      await api.register(timesheetRoutes);
      await api.register(timesheetImportRoutes);
      await api.register(claimRoutes, { storage, config });
      await api.register(paymentInfoRoutes);
      await api.register(payslipRoutes, { config });
      await api.register(companyRoutes, { config });
      await api.register(setupRoutes);
      await api.register(submissionRoutes, { config });
      await api.register(separationRoutes, { config });
      await api.register(jobRoutes, { queue: options.queue, delivery: mailDeliveryOf(config.smtpUrl) });
      await api.register(ir8aJobRoutes, { config, queue: options.queue, storage });
      api.get('/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
        status: 'ok',
      }));
    },
    { prefix: '/api' },
  );
  if (storage.driver === 'local') {
    await app.register(localFileRoutes, { prefix: LOCAL_FILES_PATH, storage: storage as LocalDiskStorage });
  }

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
        // The build writes .br and .gz beside each asset (src/build/precompress.ts): sent as they are, with
        // Content-Encoding and Vary: Accept-Encoding, to clients that accept them.
        preCompressed: true,
        // Source maps are not published; should one be left in the folder, it is still not served. Nor is
        // what the build writes for the server (.vite/).
        allowedPath: (pathname) => !pathname.endsWith('.map') && !pathname.startsWith('/.vite/'),
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
      // Client-side routes (/login, /admin/users/7 ...) all load the SPA, naming the route's code.
      return companyOf(app.db, config)
        .then((company) => spaPage(spaDir, pathname, company.name))
        .then((html) =>
          reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html),
        );
    }
    return reply.code(404).send({
      statusCode: 404,
      error: statusText(404),
      message: `Route ${request.method}:${pathname} not found`,
    });
  });

  return app;
}
