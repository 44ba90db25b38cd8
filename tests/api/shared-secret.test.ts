import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/server/config';
import { resolveSharedJwtSecret } from '../../src/server/services/secrets';
import { openTestDatabase } from './harness';

/**
 * Issue 16: processes on one PostgreSQL without JWT_SECRET sign tokens with one key, made once in the
 * database by whichever process asks first (two asking at once included).
 */
it('gives every process of one database the same signing key, made once', async () => {
  const database = await openTestDatabase();
  try {
    const config = { ...loadConfig({ DATA_DIR: '.', JWT_SECRET: randomBytes(32).toString('hex') }) };
    const shared = { ...config, jwtSecret: '', jwtSecretSource: 'database' as const };
    const [a, b, c] = await Promise.all([
      resolveSharedJwtSecret(shared, database.db),
      resolveSharedJwtSecret(shared, database.db),
      resolveSharedJwtSecret(shared, database.db),
    ]);
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(new Set([a.jwtSecret, b.jwtSecret, c.jwtSecret]).size).toBe(1);
    expect((await resolveSharedJwtSecret(shared, database.db)).jwtSecret).toBe(a.jwtSecret);
    // A key from the environment is left as it is.
    expect((await resolveSharedJwtSecret(config, database.db)).jwtSecret).toBe(config.jwtSecret);
  } finally {
    await database.close();
  }
});
