import path from 'node:path';
import type { Plugin } from 'vite';

// The statecharts' `description` texts are for analysts: the diagrams under docs/statecharts/ are drawn
// from the source, and the tests run the source. A browser never reads them, yet they were about 5 kB of
// the text every first visit to /login downloads. The production build leaves them out of the statecharts:
// machines/ and the lifecycles under src/domain/lifecycles/.

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function isDescription(property: Node): boolean {
  if (property.type !== 'Property' || property.computed || property.kind !== 'init') return false;
  const key = property.key as Node & { name?: string; value?: unknown };
  return key.type === 'Identifier' ? key.name === 'description' : key.value === 'description';
}

/** The source ranges to cut: each `description` property of an object literal with its comma. */
function descriptionRanges(program: Node): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: Node) => {
    const cut = new Set<Node>();
    if (node.type === 'ObjectExpression') {
      const properties = node.properties as Node[];
      properties.forEach((property, i) => {
        if (!isDescription(property)) return;
        cut.add(property);
        const next = properties[i + 1];
        const previous = properties[i - 1];
        if (next) ranges.push([property.start, next.start]);
        else if (previous) ranges.push([previous.end, property.end]);
        else ranges.push([property.start, property.end]);
      });
    }
    // A removed property goes whole: nothing inside it is looked at, so no range lies in another.
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item) && !cut.has(item)) visit(item);
      if (isNode(value)) visit(value);
    }
  };
  visit(program);
  return ranges;
}

export function stripStatechartDescriptions(root: string): Plugin {
  const folders = ['machines', path.join('src', 'domain', 'lifecycles')].map(
    (folder) => `${path.join(root, folder)}${path.sep}`,
  );
  return {
    name: 'strip-statechart-descriptions',
    apply: 'build',
    transform(code, id) {
      if (!folders.some((folder) => id.startsWith(folder))) return null;
      const ranges = descriptionRanges(this.parse(code) as unknown as Node);
      if (ranges.length === 0) return null;
      let out = code;
      // From the end, so earlier ranges keep their offsets. Two neighbouring descriptions may both claim
      // the comma between them: a range stops where the one after it was cut.
      let cutFrom = Number.POSITIVE_INFINITY;
      for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) {
        out = out.slice(0, start) + out.slice(Math.min(end, cutFrom));
        cutFrom = start;
      }
      return { code: out, map: null };
    },
  };
}
