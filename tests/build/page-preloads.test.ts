import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE, pagePreloads } from '../../src/build/page-preloads';

/**
 * The list of each page's code, built from a small app whose modules each log a name: a page's files,
 * read back, must hold its screen and the shell with everything they import, however deep, and nothing
 * the entry already loads or another page alone needs.
 */

const root = mkdtempSync(path.join(tmpdir(), 'hr-page-preloads-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modules: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head></head><body><script type="module" src="/src/entry.js"></script></body></html>',
  'src/entry.js': `import './shared.js'; console.log('entry');
    globalThis.pages = { a: () => import('./screen-a.js'), b: () => import('./screen-b.js'), area: () => import('./area.js') };`,
  'src/shared.js': `console.log('shared');`,
  'src/area.js': `import './layout.js'; import './shared.js'; console.log('area');`,
  'src/layout.js': `import './list.js'; console.log('layout');`,
  'src/screen-a.js': `import './list.js'; import './shared.js'; console.log('screen-a');`,
  'src/screen-b.js': `import './list.js'; import './chart.js'; console.log('screen-b');`,
  'src/list.js': `import './table.js'; console.log('list');`,
  'src/table.js': `console.log('table');`,
  'src/chart.js': `console.log('chart');`,
};
for (const [file, text] of Object.entries(modules)) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

async function buildWith(pages: Record<string, [string]>) {
  const outDir = path.join(root, 'dist');
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [pagePreloads({ dir: path.join(root, 'src'), shell: ['area.js'], pages })],
    build: { outDir, emptyOutDir: true, minify: false },
  });
  const list = JSON.parse(readFileSync(path.join(outDir, PAGE_PRELOADS_FILE), 'utf8')) as Record<
    string,
    string[]
  >;
  // What a page's files hold: the names their modules log.
  const names = (files: string[] = []) =>
    files
      .flatMap((file) =>
        [...readFileSync(path.join(outDir, file), 'utf8').matchAll(/console\.log\("([\w-]+)"\)/g)].map(
          (m) => m[1],
        ),
      )
      .toSorted();
  return { list, names };
}

describe('the list of each page’s code', () => {
  it('names the shell and the screen with all they import, not what the entry has or other pages alone need', async () => {
    const { list, names } = await buildWith({ '/a': ['screen-a.js'], '/b/:id': ['screen-b.js'] });
    expect(Object.keys(list)).toEqual(['/a', '/b/:id']);
    expect(names(list['/a'])).toEqual(['area', 'layout', 'list', 'screen-a', 'table']);
    expect(names(list['/b/:id'])).toEqual(['area', 'chart', 'layout', 'list', 'screen-b', 'table']);
    for (const files of Object.values(list)) expect(new Set(files).size).toBe(files.length);
  }, 60_000);

  it('fails the build when a page names a module that is no chunk of its own', async () => {
    await expect(buildWith({ '/c': ['screen-c.js'] })).rejects.toThrow(/screen-c\.js/);
  }, 60_000);
});
