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
export async function spaPage(spaDir: string, pathname: string, companyName: string): Promise<string> {
  const html = await readFile(path.join(spaDir, 'index.html'), 'utf8');
  // The employer's name, which the sidebar shows every signed-in user (issue 34; src/ui/brand.tsx). The
  // session's user keeps the spec's fields, and the name is no secret: it is on the company's own door.
  const head = [`<meta name="application-name" content="${escapeAttribute(companyName)}">`];
  try {
    const preloads: Record<string, string[]> = JSON.parse(
      await readFile(path.join(spaDir, PAGE_PRELOADS_FILE), 'utf8'),
    );
    const pattern = Object.keys(preloads).find((candidate) => isPageOf(candidate, pathname));
    // Vite's module script is crossorigin: a preload must be fetched the same way to be used.
    for (const file of pattern ? (preloads[pattern] ?? []) : [])
      head.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  } catch {
    // a build without the list: the page loads its code as it goes
  }
  return html.replace('</head>', `  ${head.join('\n    ')}\n  </head>`);
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
