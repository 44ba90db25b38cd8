import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's folder: the nearest one above this module with a package.json. The same answer from
 * the sources (src/server/, run by tsx) and from the compiled server (dist-server/), which reads its
 * migrations and serves the SPA from the project, not from beside itself.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);
