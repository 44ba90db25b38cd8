import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import type { JobQueue } from './jobs/queue';
import { startJobs, stopJobs } from './jobs/workers';
import { loggerOptions } from './logging';
import { projectRoot } from './paths';
import { DEMO_STAFF_PASSWORD, seedIfEmpty } from './seed';
import { removeUnattachedUploads } from './services/attachments';
import { resolveSharedJwtSecret } from './services/secrets';
import { ensureSpaBuilt } from './spa-build';
import { createStorage } from './storage';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const distDir = path.join(projectRoot, 'dist');
  if (config.serveSpa) await ensureSpaBuilt(projectRoot, distDir, (message) => console.log(message));

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  config = await resolveSharedJwtSecret(config, database.db);
  const storage = await createStorage(config);
  const seeded = await seedIfEmpty(database.db, config, storage);

  let queue: JobQueue | undefined;
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    spaDir: config.serveSpa ? distDir : undefined,
    logger: loggerOptions(config.logLevel),
    queue: () => queue,
  });
  queue = await startJobs(database, config, app.log, { storage });

  // Hourly, uploads never attached to a request and older than a day are removed (docs/security.md).
  // In this process until the job queue exists; with several processes each one may run it harmlessly.
  const cleanUp = setInterval(
    () => {
      removeUnattachedUploads(database.db, storage)
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'removed uploads never attached to a leave request');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'clean-up of unattached uploads failed'));
    },
    60 * 60 * 1000,
  );
  cleanUp.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(cleanUp);
    app.log.info(`${signal} received: finishing requests in flight, then closing the database`);
    // Stop accepting, let in-flight requests (and their transactions) finish, then close the
    // database so the embedded one flushes to disk.
    await app.close();
    if (queue) await stopJobs(queue);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  // One write, so whoever reads the output sees the whole banner at once.
  const adminPassword =
    config.seedAdminEmail === 'admin@company.test' && !process.env.SEED_ADMIN_PASSWORD
      ? config.seedAdminPassword
      : '(SEED_ADMIN_PASSWORD)';
  const data = config.demoData ? 'demo data' : 'no demo data (DEMO_DATA=false)';
  console.log(
    [
      `\nHR app: Listening on http://localhost:${port}  (database: ${where}; ${data})`,
      `API docs: http://localhost:${port}/api/docs`,
      `Sign in as ${config.seedAdminEmail} / ${adminPassword}`,
      ...(seeded && config.demoData
        ? [`Demo staff sign in with their e-mail and the password ${DEMO_STAFF_PASSWORD}`]
        : []),
      ...(seeded && !config.demoData
        ? [
            'A clean company: the administrator sets a password of their own, then a checklist leads the setup.',
          ]
        : []),
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error);
  process.exit(1);
});
