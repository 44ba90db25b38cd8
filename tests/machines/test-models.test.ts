import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';

/**
 * The walks' models are the spec's, not the app's (docs/decisions/0001): a test model in tests/models imports
 * no app machine and takes no label, message or selector from the app, and every registered machine's walk
 * plans its paths from such a model.
 */
const root = path.resolve(import.meta.dirname, '../..');
const modelsDir = path.join(root, 'tests/models');
const modelFiles = readdirSync(modelsDir).filter((name) => name.endsWith('.ts') || name.endsWith('.tsx'));

/** The import statements of a source text, each with whether it imports types only. */
function importsOf(source: string): Array<{ from: string; typeOnly: boolean }> {
  const found: Array<{ from: string; typeOnly: boolean }> = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(statement)) {
    found.push({ from: match[4] ?? '', typeOnly: Boolean(match[2]) });
  }
  for (const match of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ from: match[1] ?? '', typeOnly: false });
  return found;
}

/** What a test model may not import: any app machine, and anything of the app's but its types. */
function forbiddenImports(source: string): string[] {
  // Paths resolved as from a file in tests/models: '../machines/...' is the tests' own helpers.
  const appPart = (from: string) => {
    if (!from.startsWith('.')) return null;
    const relative = path.relative(root, path.resolve(modelsDir, from));
    return relative.startsWith(`machines${path.sep}`)
      ? 'machines'
      : relative.startsWith(`src${path.sep}`)
        ? 'src'
        : null;
  };
  return importsOf(source)
    .filter(({ from, typeOnly }) => appPart(from) === 'machines' || (appPart(from) === 'src' && !typeOnly))
    .map(({ from, typeOnly }) => `${typeOnly ? 'import type' : 'import'} from '${from}'`);
}

describe('test models are written from the spec', () => {
  it('finds the test models', () => {
    expect(modelFiles.length).toBeGreaterThan(1);
  });

  it.each(modelFiles)('%s imports no app machine and only types from the app', (file) => {
    expect(forbiddenImports(readFileSync(path.join(modelsDir, file), 'utf8'))).toEqual([]);
  });

  it('the check sees an app machine, an app message, and lets types and test helpers through', () => {
    const sample = [
      "import { listMachine } from '../../machines/list.machine';",
      "import type { ListContext } from '../../machines/list.machine';",
      "import { leaveToasts } from '../../src/domain/messages/leave';",
      "import type { LeaveRequest } from '../../src/domain/leave';",
      "import { shows } from '../machines/spec-walk';",
      "import { expect } from 'vitest';",
      "const lazy = () => import('../../machines/session.machine');",
    ].join('\n');
    expect(forbiddenImports(sample)).toEqual([
      "import from '../../machines/list.machine'",
      "import type from '../../machines/list.machine'",
      "import from '../../src/domain/messages/leave'",
      "import from '../../machines/session.machine'",
    ]);
  });
});

/** The old walk, planned from the app's own machine. */
const PLANS_FROM_THE_APP =
  /\b(describeModelWalk|describeFormModel|describePanelForm|planTransitionPaths)\s*\(/;

describe.each(machines.map((entry) => [entry.name] as const))('%s statechart', (name) => {
  it('is walked from a test model, not from itself', () => {
    const walk = readFileSync(path.join(import.meta.dirname, `${name}.test.tsx`), 'utf8');
    expect(walk).not.toMatch(PLANS_FROM_THE_APP);
  });
});
