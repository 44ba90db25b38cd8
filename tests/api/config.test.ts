import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      companyEmailDomain: 'company.test',
      seedAdminEmail: 'admin@company.test',
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      serveSpa: true,
    });
  });

  it('generates the JWT secret once and keeps it under DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('keeps no signing key on disk when the processes share a PostgreSQL database', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.internal/hr' });
    expect(config).toMatchObject({ jwtSecret: '', jwtSecretSource: 'database' });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://db.internal/hr',
        JWT_SECRET: 'x'.repeat(32),
      }),
    ).toMatchObject({ jwtSecret: 'x'.repeat(32), jwtSecretSource: 'env' });
  });

  it('marks cookies Secure when the public address is https', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://hr.example.sg/' })).toMatchObject({
      publicUrl: 'https://hr.example.sg',
      secureCookies: true,
    });
  });

  it.each([
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['COMPANY_EMAIL_DOMAIN', 'no spaces allowed.com x'],
    ['SMTP_URL', 'http://mail'],
    ['SEED_ADMIN_EMAIL', 'admin'],
    ['SEED_ADMIN_PASSWORD', 'short'],
    ['SERVE_SPA', 'maybe'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}:`),
    );
  });
});
