import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export const envSchema = z.object({
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a port number from 0 to 65535' })
      .int('must be a port number from 0 to 65535')
      .min(0, 'must be a port number from 0 to 65535')
      .max(65535, 'must be a port number from 0 to 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  COMPANY_EMAIL_DOMAIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'must be a domain name such as company.test')
      .default('company.test'),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  REDIS_KEY_PREFIX: z.preprocess(emptyAsUndefined, z.string().max(100).default('hr:')),
  COMPANY_NAME: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(120, 'must be at most 120 characters')
      .regex(/^[^\p{Cc}]+$/u, 'must not hold control characters')
      .default('Demo Company Pte. Ltd.'),
  ),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),
  SEED_ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().default('admin@company.test')),
  SEED_ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z.string().min(8, 'must be at least 8 characters').default('Admin@12345'),
  ),
  DEMO_DATA: z.preprocess(emptyAsUndefined, z.stringbool().default(true)),
  SERVE_SPA: z.preprocess(emptyAsUndefined, z.stringbool().default(true)),
  WORKER: z.preprocess(emptyAsUndefined, z.stringbool().default(true)),
  EMAIL_RETRY_DELAY_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(3600).default(10),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.stringbool().default(false)),
  STORAGE_DRIVER: z.preprocess(emptyAsUndefined, z.enum(['local', 's3']).default('local')),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('ap-southeast-1')),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.stringbool().default(false)),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  /** Signs access tokens; '' until resolveSharedJwtSecret fills it when its source is the database. */
  jwtSecret: string;
  /** JWT_SECRET; else shared through PostgreSQL when DATABASE_URL is set; else a file under DATA_DIR. */
  jwtSecretSource: 'env' | 'database' | 'dataDir';
  companyEmailDomain: string;
  /** Printed on payslips and payroll tables. */
  companyName: string;
  smtpUrl: string | undefined;
  /** Rate-limit and throttle counters live here when set, shared by every API process; else in memory. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  mailFrom: string;
  seedAdminEmail: string;
  seedAdminPassword: string;
  /** What an empty database is given: the demo company (default), or only the company and its first administrator. */
  demoData: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** false when Vite's dev server serves the SPA (npm run dev) and this process is the API only. */
  serveSpa: boolean;
  /** Whether this process works queued jobs (payslip e-mails) besides serving HTTP. */
  worker: boolean;
  /** Seconds before a refused e-mail is first tried again (each next try waits about twice as long). */
  emailRetryDelaySeconds: number;
  /** Behind a load balancer: take the client address from X-Forwarded-For (sign-in limits are per address). */
  trustProxy: boolean;
  /** Cookies get the Secure flag only when the public address is https. */
  secureCookies: boolean;
  /** Where attachments live: files under DATA_DIR/files (default) or an S3 bucket. */
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        forcePathStyle: boolean;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once at start-up; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: is required when STORAGE_DRIVER is s3');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither (neither = the AWS default chain)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    // With PostgreSQL, processes may run on several machines: the key is shared through the database
    // (resolveSharedJwtSecret), never kept on one process's disk.
    jwtSecret: e.JWT_SECRET ?? (e.DATABASE_URL ? '' : persistentSecret(dataDir)),
    jwtSecretSource: e.JWT_SECRET ? 'env' : e.DATABASE_URL ? 'database' : 'dataDir',
    companyEmailDomain: e.COMPANY_EMAIL_DOMAIN.toLowerCase(),
    companyName: e.COMPANY_NAME,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    mailFrom: e.MAIL_FROM ?? `HR <no-reply@${e.COMPANY_EMAIL_DOMAIN.toLowerCase()}>`,
    seedAdminEmail: e.SEED_ADMIN_EMAIL.toLowerCase(),
    seedAdminPassword: e.SEED_ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    serveSpa: e.SERVE_SPA,
    worker: e.WORKER,
    emailRetryDelaySeconds: e.EMAIL_RETRY_DELAY_SECONDS,
    trustProxy: e.TRUST_PROXY,
    secureCookies: publicUrl.startsWith('https://'),
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : { driver: 'local', dir: path.join(dataDir, 'files') },
  };
}

/** A secret generated once and kept under DATA_DIR, so sign-ins survive restarts without configuration. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
