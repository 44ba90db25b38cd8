import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt } from '../build/server-build.mjs';

// `npm start` (the server) and `npm run worker` (`start.mjs worker`: jobs without HTTP): builds the
// server into dist-server/ if a source is newer, then runs the compiled entry in this process.
const root = path.resolve(import.meta.dirname, '../..');
const entry = process.argv[2] === 'worker' ? 'worker.js' : 'main.js';

try {
  await ensureServerBuilt(root);
} catch (error) {
  console.error('Building the server failed:', error);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'dist-server', entry)).href);
