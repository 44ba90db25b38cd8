import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_PRELOADS_FILE } from '../../build/page-preloads';

/**
 * Whether a path is a page of a route pattern of the web app (src/app/route-table.ts): static parts
 * and `:name` parts, the path matched whole with an optional trailing slash, as wouter matches them.
 */
function isPageOf(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/');
  const parts = pathname.replace(/(.)\/$/, '$1').split('/');
  return (
    wanted.length === parts.length &&
    wanted.every((part, i) => (part.startsWith(':') ? (parts[i] ?? '') !== '' : part === parts[i]))
  );
}

/**
 * The web app's page for a client-side route: index.html, plus a modulepreload link for every file of
 * the route's code when the build listed it (src/build/page-preloads.ts), so that a reload of a
 * signed-in page fetches its screen with the entry instead of one lazy chunk after another. Read on
 * each page load (a rebuilt app is served at once); a page load is one request among its many files.
 */
export async function spaPage(spaDir: string, pathname: string): Promise<string> {
  const html = await readFile(path.join(spaDir, 'index.html'), 'utf8');
  let preloads: Record<string, string[]> = {};
  try {
    preloads = JSON.parse(await readFile(path.join(spaDir, PAGE_PRELOADS_FILE), 'utf8'));
  } catch {
    return html; // a build without the list: the page loads its code as it goes
  }
  const pattern = Object.keys(preloads).find((candidate) => isPageOf(candidate, pathname));
  const files = pattern ? (preloads[pattern] ?? []) : [];
  if (files.length === 0) return html;
  // Vite's module script is crossorigin: a preload must be fetched the same way to be used.
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}
