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
        const word = t.label.split(' ')[0] ?? '';
        expect(mermaid).toContain(word);
        expect(dot).toContain(word);
      }
    },
  );
});
