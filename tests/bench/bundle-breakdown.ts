import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { visualizer } from 'rollup-plugin-visualizer';
import { build, type InlineConfig } from 'vite';

/**
 * What the files a screen loads are made of: a second build of the app, used for nothing else, with hidden
 * source maps and rollup-plugin-visualizer, which follows each output file's source map back to the modules
 * its bytes came from. Hidden maps leave the JavaScript itself byte for byte as in the measured build (the
 * caller checks), so the measured build keeps its production settings (no maps).
 *
 * The plugin gives each module's minified bytes in each file (with source maps it measures no gzip size);
 * a module's gzip share is its file's gzip size shared out in proportion to those bytes: an estimate, since
 * gzip does not compress every part of a file equally well, but the ranking is what it is for.
 */

/** The parts of rollup-plugin-visualizer's raw-data report (template 'raw-data') read here. */
interface VisualizerReport {
  nodeParts: Record<string, { renderedLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

export interface ModuleShare {
  /** The module's path, from the repository root, or from node_modules for a package's file. */
  module: string;
  /** Where it belongs: the package's name, or the folder of the app's own source. */
  group: string;
  minified: number;
  gzip: number;
}

export interface Breakdown {
  /** Output file (relative to the build folder, as URL paths name it) to its modules' shares. */
  shares(files: readonly string[]): ModuleShare[];
}

/**
 * Builds once more what `config` builds, into `outDir`, with the analyser. `repoRoot` names modules: the app's
 * own by their path in the repository, a package's from its node_modules folder.
 */
export async function analysedBuild(
  config: InlineConfig,
  outDir: string,
  repoRoot: string,
): Promise<Breakdown> {
  const reportFile = path.join(outDir, '..', `${path.basename(outDir)}-visualizer.json`);
  await build({
    ...config,
    logLevel: 'silent',
    build: { ...config.build, outDir, emptyOutDir: true, sourcemap: 'hidden' },
    plugins: [
      ...(config.plugins ?? []),
      visualizer({ filename: reportFile, template: 'raw-data', sourcemap: true }),
    ],
  });
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VisualizerReport;
  const partsByFile = new Map<string, Array<{ id: string; length: number }>>();
  for (const meta of Object.values(report.nodeMetas)) {
    for (const [file, partId] of Object.entries(meta.moduleParts)) {
      const part = report.nodeParts[partId];
      if (!part || part.renderedLength === 0) continue;
      const list = partsByFile.get(file) ?? [];
      list.push({ id: meta.id, length: part.renderedLength });
      partsByFile.set(file, list);
    }
  }
  return {
    shares(files) {
      const byModule = new Map<string, ModuleShare>();
      for (const file of files) {
        const code = readFileSync(path.join(outDir, file));
        const gzip = gzipSync(code, { level: 9 }).length;
        const parts = partsByFile.get(file) ?? [];
        for (const { id, length } of parts) {
          const module = moduleName(repoRoot, id);
          const share = byModule.get(module) ?? { module, group: groupOf(module), minified: 0, gzip: 0 };
          share.minified += length;
          share.gzip += (gzip * length) / code.length;
          byModule.set(module, share);
        }
        // Bytes no module claims: the bundler's own glue between modules, import statements, whitespace.
        const unclaimed = code.length - parts.reduce((sum, p) => sum + p.length, 0);
        if (unclaimed > 0) {
          const module = '(bundler glue)';
          const share = byModule.get(module) ?? { module, group: module, minified: 0, gzip: 0 };
          share.minified += unclaimed;
          share.gzip += (gzip * unclaimed) / code.length;
          byModule.set(module, share);
        }
      }
      return [...byModule.values()].toSorted((a, b) => b.gzip - a.gzip);
    },
  };
}

function moduleName(root: string, id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const inPackages = clean.lastIndexOf('/node_modules/');
  if (inPackages >= 0) return clean.slice(inPackages + '/node_modules/'.length);
  if (existsSync(clean)) return path.relative(root, clean);
  // The plugin resolves a map's sources from the wrong folder: what is left is the path from the root.
  const fromRoot = clean.replace(/^(\.\.\/|\/)+/, '');
  return existsSync(path.join(root, fromRoot)) ? fromRoot : clean;
}

function groupOf(module: string): string {
  if (module.startsWith('src/') || module.startsWith('machines/')) {
    const parts = module.split('/');
    return parts.length > 2 ? parts.slice(0, 2).join('/') : (parts[0] as string);
  }
  const parts = module.split('/');
  if (parts.length < 2) return module;
  return module.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/** Totals per group (package or source folder), largest first. */
export function byGroup(shares: readonly ModuleShare[]): ModuleShare[] {
  const groups = new Map<string, ModuleShare>();
  for (const share of shares) {
    const total = groups.get(share.group) ?? {
      module: share.group,
      group: share.group,
      minified: 0,
      gzip: 0,
    };
    total.minified += share.minified;
    total.gzip += share.gzip;
    groups.set(share.group, total);
  }
  return [...groups.values()].toSorted((a, b) => b.gzip - a.gzip);
}
