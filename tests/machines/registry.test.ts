import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';
import { listStateNodes, listTransitions, statePath } from '../../machines/transitions';

/** House style (ARCHITECTURE.md section 7) and the model-based test duty, checked for every registered machine. */
describe.each(machines.map((entry) => [entry.name, entry] as const))('%s statechart', (name, { machine }) => {
  it('has a model-based test walking it', () => {
    expect(existsSync(join(import.meta.dirname, `${name}.test.tsx`))).toBe(true);
  });

  it('describes every state for the diagrams', () => {
    const undocumented = listStateNodes(machine)
      .filter((node) => !node.description)
      .map((node) => statePath(node) || '(root)');
    expect(undocumented).toEqual([]);
  });

  it('names states in camelCase', () => {
    const bad = listStateNodes(machine)
      .slice(1)
      .filter((node) => !/^[a-z][a-zA-Z0-9]*$/.test(node.key));
    expect(bad.map(statePath)).toEqual([]);
  });

  it('names events subject first, dot-namespaced; guards is/has/can; delays by name', () => {
    const transitions = listTransitions(machine);
    const events = transitions.filter((t) => t.kind === 'event').map((t) => t.eventType);
    expect(events.filter((type) => !/^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z]*)+$/.test(type))).toEqual([]);
    const guards = transitions.flatMap((t) => (t.guard ? [t.guard] : []));
    expect(guards.filter((guard) => !/^(is|has|can)[A-Z]/.test(guard))).toEqual([]);
    const delays = transitions.filter((t) => t.kind === 'after').map((t) => t.label);
    expect(delays.filter((label) => /^after \d+$/.test(label))).toEqual([]);
  });
});

it('machine names are unique and file-name friendly', () => {
  const names = machines.map((m) => m.name);
  expect(new Set(names).size).toBe(names.length);
  for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
});
