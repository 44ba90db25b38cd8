import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../src/build/precompress';
import { createTestApp, type TestApp } from './harness';

/** The built web app as the server sends it: precompressed, cached for good when fingerprinted, no maps. */

const spaDir = mkdtempSync(path.join(tmpdir(), 'hr-static-'));
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i} }`).join(', ')}];\n`;
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(spaDir, 'assets'));
  writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(spaDir, 'assets', 'app-1234.js'), script);
  writeFileSync(path.join(spaDir, 'assets', 'tiny-1234.js'), 'console.log(1)');
  writeFileSync(path.join(spaDir, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["secret.ts"]}');
  await precompressAssets(spaDir);
  t = await createTestApp({}, { spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('built assets', () => {
  it('are precompressed at build time with brotli and gzip; files too small to gain are left alone', () => {
    const file = path.join(spaDir, 'assets', 'app-1234.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 5);
    expect(existsSync(path.join(spaDir, 'assets', 'tiny-1234.js.br'))).toBe(false);
  });

  it('go out brotli-encoded to clients that take brotli, gzip to the others, plain to the rest', async () => {
    const br = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/app-1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // One URL, several bodies: caches must key on Accept-Encoding.
    for (const response of [br, gz, plain]) expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('are cached for a year as immutable when fingerprinted, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get('/assets/app-1234.js', encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/login', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('never include a source map, even one left in the folder', async () => {
    const response = await get('/assets/app-1234.js.map');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('secret.ts');
  });
});
