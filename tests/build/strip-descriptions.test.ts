import path from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { stripStatechartDescriptions } from '../../src/build/strip-descriptions';

const root = path.resolve('/repo');
const plugin = stripStatechartDescriptions(root);
const transform = (code: string, id: string) =>
  (plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null).call(
    { parse: (text: string) => parseAst(text) },
    code,
    id,
  );

/** The value of `const config = ...` in the module text. */
const evaluate = (code: string): unknown => new Function(`${code}\nreturn config;`)();

/** What the build should leave: the same object without any `description` key (an oracle of its own). */
function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description')
      .map(([key, inner]) => [key, withoutDescriptions(inner)]),
  );
}

const MACHINE = `const shared = { description: 'only property' };
const config = {
  id: 'session',
  description: 'first of several',
  states: {
    idle: { on: { go: { target: 'busy', description: \`last, a template\` } } },
    busy: { type: 'final', description: 'Said ' + "twice", tags: ['a, b'] },
    odd: { 'description': 'quoted key', entry: [{ type: 'x', params: { description: shared.description } }] },
    nested: { description: { text: 'n', description: 'inner' }, always: 'idle' },
  },
  shared,
};`;

describe('the build leaves statechart descriptions out of machines/ and the lifecycles', () => {
  it('removes every description property wherever it stands, and keeps everything else', () => {
    const out = transform(MACHINE, path.join(root, 'machines', 'session.machine.ts'));
    expect(out).not.toBeNull();
    expect(out?.code).not.toMatch(/description/);
    expect(evaluate(out?.code ?? '')).toEqual(withoutDescriptions(evaluate(MACHINE)));
    // The oracle itself removed something: the configs differ.
    expect(withoutDescriptions(evaluate(MACHINE))).not.toEqual(evaluate(MACHINE));
  });

  it('strips the lifecycles under src/domain/lifecycles/ too, and no other domain module', () => {
    const lifecycle = path.join(root, 'src', 'domain', 'lifecycles', 'payslip.lifecycle.ts');
    expect(transform(MACHINE, lifecycle)?.code).not.toMatch(/description/);
    expect(transform(MACHINE, path.join(root, 'src', 'domain', 'leave.ts'))).toBeNull();
  });

  it('leaves files outside machines/ as they are (a toast may carry a description)', () => {
    expect(transform(MACHINE, path.join(root, 'src', 'ui', 'toaster.tsx'))).toBeNull();
  });

  it('applies to the production build only: tests and diagrams read the descriptions', () => {
    expect(plugin.apply).toBe('build');
  });
});
