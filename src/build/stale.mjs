import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time of a file, or of a folder and everything in it; 0 when missing. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A folder's own time counts: a file added to it or removed from it changes that.
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Whether a build must be made again: its marker file (one it always writes) is missing or older than
 * any of its sources (paths under root). The SPA's and the server's builds follow this one rule.
 */
export function isOutdated(root, sources, marker) {
  if (!existsSync(marker)) return true;
  const builtAt = statSync(marker).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}
