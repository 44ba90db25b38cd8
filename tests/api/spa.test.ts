import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

const spaDir = mkdtempSync(path.join(tmpdir(), 'hr-spa-'));
let t: TestApp;
beforeAll(async () => {
  writeFileSync(
    path.join(spaDir, 'index.html'),
    '<!doctype html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><div id="root"></div>',
  );
  mkdirSync(path.join(spaDir, '.vite'));
  // What the build lists for each route pattern (src/build/page-preloads.ts): the area's and the screen's files.
  writeFileSync(
    path.join(spaDir, '.vite', 'page-preloads.json'),
    JSON.stringify({
      '/admin/users': ['assets/area-1.js', 'assets/all-staff-1.js'],
      '/admin/users/:id': ['assets/area-1.js', 'assets/user-1.js', 'assets/panel-1.js'],
    }),
  );
  mkdirSync(path.join(spaDir, 'assets'));
  writeFileSync(path.join(spaDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ COMPANY_NAME: 'Lim & Tan "Trading" <Pte. Ltd.>' }, { spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

describe('the SPA and the API on one port', () => {
  it('answers every client-side route with the app page, never cached', async () => {
    for (const url of ['/', '/login', '/admin/users/7', '/reset-password?token=abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("names the employer in the page, for the sidebar (issue 34), the name's markup neutralised", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/staff/payslips' });
    expect(page.body).toContain(
      '<meta name="application-name" content="Lim &amp; Tan &quot;Trading&quot; &lt;Pte. Ltd.&gt;">',
    );
  });

  it("names a signed-in page's code in its answer, so the browser fetches it with the entry", async () => {
    const preloads = async (url: string) => {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
      return [...page.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    };
    expect(await preloads('/admin/users/7')).toEqual([
      '/assets/area-1.js',
      '/assets/user-1.js',
      '/assets/panel-1.js',
    ]);
    expect(await preloads('/admin/users/7/')).toEqual([
      '/assets/area-1.js',
      '/assets/user-1.js',
      '/assets/panel-1.js',
    ]);
    expect(await preloads('/admin/users?page=2')).toEqual(['/assets/area-1.js', '/assets/all-staff-1.js']);
    for (const url of ['/login', '/admin/users/7/pay-items', '/admin/company'])
      expect(await preloads(url), url).toEqual([]);
    // The links go in the head, beside the entry's script.
    const page = await t.app.inject({ method: 'GET', url: '/admin/users' });
    expect(page.body.indexOf('href="/assets/all-staff-1.js"')).toBeLessThan(page.body.indexOf('</head>'));
  });

  it("does not serve the build's list itself", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/.vite/page-preloads.json' })).statusCode).toBe(404);
  });

  it('serves fingerprinted assets as immutable and a missing file as 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-old.js' })).statusCode).toBe(404);
  });

  it('keeps JSON 404s for unknown API paths and sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});
