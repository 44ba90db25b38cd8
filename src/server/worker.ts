import Fastify from 'fastify';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { startJobs, stopJobs } from './jobs/workers';
import { loggerOptions } from './logging';

/**
 * `npm run worker`: works queued jobs (payslip e-mails) without serving HTTP, beside web processes
 * started with WORKER=false (README, "Several processes").
 */
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
  // Fastify's logger alone: the same redaction and format as the web processes, no server.
  const { log } = Fastify({ logger: loggerOptions(config.logLevel) });
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  const queue = await startJobs(database, { ...config, worker: true }, log);
  log.info('worker started: working queued jobs');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: finishing the job in hand, then closing the database`);
    await stopJobs(queue);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Worker start-up failed:', error);
  process.exit(1);
});
