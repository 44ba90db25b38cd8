import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';
import { listTransitions } from '../../machines/transitions';
import { DIAGRAM_DIR, generateDiagrams, toDot, toMermaid } from '../../src/cli/diagrams';

const dir = join(import.meta.dirname, '..', '..', DIAGRAM_DIR);

describe('statechart diagrams', () => {
  it('the committed docs/statecharts match what the machines generate (run `npm run diagrams`)', async () => {
    const generated = await generateDiagrams();
    const committed = (await readdir(dir)).sort();
    expect(committed).toEqual([...generated.keys()].sort());
    for (const [file, content] of generated) {
      expect(await readFile(join(dir, file), 'utf8'), `${DIAGRAM_DIR}/${file} is stale`).toBe(content);
    }
  }, 30_000);

  it('generates the same text twice', async () => {
    const [first, second] = [await generateDiagrams(), await generateDiagrams()];
    expect([...second]).toEqual([...first]);
  }, 30_000);

  it.each(machines.map((entry) => [entry.name, entry] as const))(
    '%s: every transition appears in both sources',
    (_, entry) => {
      const mermaid = toMermaid(entry);
      const dot = toDot(entry);
      for (const t of listTransitions(entry.machine)) {
        expect(mermaid).toContain(t.label);
        expect(dot).toContain(t.label);
      }
    },
  );

  it('every transition is drawn with its whole label, its guard, and an arrow of its own', async () => {
    const generated = await generateDiagrams();
    const fromSvg = (text: string) =>
      text
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
        .replace(/&amp;/g, '&');
    for (const entry of machines) {
      const svg = generated.get(`${entry.name}.svg`) ?? '';
      const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => fromSvg(m[1] ?? ''));
      // How many arrows each label needs: one per transition and target.
      const needed = new Map<string, number>();
      for (const t of listTransitions(entry.machine)) {
        const guard = t.guard ? ` [${t.guard}]` : t.otherwise ? ' [else]' : '';
        const key = `${t.label}|${guard}`;
        needed.set(key, (needed.get(key) ?? 0) + Math.max(1, t.targets.length));
      }
      for (const [key, count] of needed) {
        const [label = '', guard = ''] = key.split('|');
        const drawn = texts.filter((text) => text.startsWith(label) && text.endsWith(guard)).length;
        expect(
          drawn,
          `${entry.name}: '${label}${guard}' drawn ${drawn} times, needs ${count}`,
        ).toBeGreaterThanOrEqual(count);
      }
    }
  }, 30_000);
});
