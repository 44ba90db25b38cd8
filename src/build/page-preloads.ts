import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** Where the build writes the list (a dot folder, as Vite's manifest: the server does not serve it). */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

export interface PagePreloadsOptions {
  /** The folder the module names below are in. */
  dir: string;
  /** The modules every page of the list needs (the signed-in area's layout and dialogs). */
  shell: readonly string[];
  /** Each route pattern's module. */
  pages: Readonly<Record<string, readonly [module: string, ...unknown[]]>>;
}

/**
 * Writes, for each route pattern, every JavaScript file its page needs beyond the entry: the shell's
 * and the page module's chunks with everything they import, however deep. The server names them in its
 * answer for the page (src/server/lib/spa-pages.ts), so that the browser fetches them beside the entry:
 * left to the code, each lazy module waits for the one that imports it.
 */
export function pagePreloads(options: PagePreloadsOptions): Plugin {
  return {
    name: 'hr:page-preloads',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkOf = (module: string) => {
        const id = path.join(options.dir, module);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) throw new Error(`page-preloads: no chunk of its own for ${module}`);
        return chunk;
      };
      // A chunk and its static imports, without what the entry already loads.
      const withImports = (chunk: Rollup.OutputChunk, into: Set<string>) => {
        if (chunk.isEntry || into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const imported of chunk.imports) {
          const next = byFile.get(imported);
          if (next) withImports(next, into);
        }
        return into;
      };
      const shell = new Set<string>();
      for (const module of options.shell) withImports(chunkOf(module), shell);
      const pages = Object.fromEntries(
        Object.entries(options.pages).map(([pattern, [module]]) => [
          pattern,
          [...withImports(chunkOf(module), new Set(shell))],
        ]),
      );
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(pages) });
    },
  };
}
