import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { appSecrets } from '../db/system-schema';

const JWT_SECRET_NAME = 'jwt';

/**
 * The token signing key of an installation on PostgreSQL without JWT_SECRET: made by whichever
 * process asks first (the insert keeps one), read by every other, so a token from one process is
 * accepted by all.
 */
export async function resolveSharedJwtSecret(config: Config, db: Db): Promise<Config> {
  if (config.jwtSecretSource !== 'database') return config;
  await db
    .insert(appSecrets)
    .values({ name: JWT_SECRET_NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, JWT_SECRET_NAME));
  if (!row) throw new Error('the shared signing key could not be read');
  return { ...config, jwtSecret: row.value };
}
