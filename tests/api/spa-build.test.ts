import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSpaStale } from '../../src/server/spa-build';

const root = mkdtempSync(path.join(tmpdir(), 'hr-spa-build-'));
const dist = path.join(root, 'dist');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Sets the modification time of a file or folder under root to some seconds ago. */
const age = (relative: string, secondsAgo: number) => {
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path.join(root, relative), at, at);
};
const write = (relative: string, secondsAgo: number) => {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), 'x');
  age(relative, secondsAgo);
};

describe('npm start rebuilds the SPA only when needed', () => {
  it('is stale when dist/ was never built', () => {
    write('src/app/main.tsx', 100);
    expect(isSpaStale(root, dist)).toBe(true);
  });

  it('is fresh when the build is newer than every source, and stale after a source changes', () => {
    write('dist/index.html', 50);
    // Folders count too (a new file changes its folder), so age them with the files.
    for (const folder of ['src', 'src/app']) age(folder, 100);
    expect(isSpaStale(root, dist)).toBe(false);
    write('src/app/main.tsx', 10);
    expect(isSpaStale(root, dist)).toBe(true);
  });
});
