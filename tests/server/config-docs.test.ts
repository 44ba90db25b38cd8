import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/server/config';

// Every setting the server reads is one an operator must be able to find: in the README's
// configuration table and in .env.example, with the others.
const variables = Object.keys(envSchema.shape);
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const envExample = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
const tableRows = readme.split('\n').filter((line) => line.startsWith('| `'));

describe('configuration documentation', () => {
  it('reads the settings a deployment needs, storage included', () => {
    expect(variables).toEqual(expect.arrayContaining(['DATABASE_URL', 'STORAGE_DRIVER', 'S3_BUCKET']));
  });

  it.each(variables)('README documents %s in its configuration table', (name) => {
    expect(tableRows.some((row) => row.split('|')[1]?.includes(`\`${name}\``))).toBe(true);
  });

  it.each(variables)('.env.example lists %s', (name) => {
    expect(envExample).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});
