import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DEMO_STAFF_PASSWORD, seedIfEmpty } from '../server/seed';
import { createStorage } from '../server/storage';

// `npm run seed`: migrates the configured database (PGlite under DATA_DIR, or DATABASE_URL) and
// creates the demo company when it has no users yet. `npm start` does the same on its first run.

try {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    if (await seedIfEmpty(database.db, config, await createStorage(config))) {
      console.log(
        `Seeded the demo company. Sign in as ${config.seedAdminEmail}; demo staff use ${DEMO_STAFF_PASSWORD}.`,
      );
    } else {
      console.log('The database already has users: nothing seeded.');
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
