import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { machines, type RegisteredMachine } from '../../machines/index';
import {
  delayName,
  guardLabel,
  listStateNodes,
  listTransitions,
  statePath,
  type TransitionInfo,
} from '../../machines/transitions';

/** Where the generated diagrams live, relative to the repository root. */
export const DIAGRAM_DIR = 'docs/statecharts';

const isCompound = (node: AnyStateNode) => node.type === 'compound' || node.type === 'parallel';
const children = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[];
const isWithin = (node: AnyStateNode, ancestor: AnyStateNode) =>
  node.path.length >= ancestor.path.length && ancestor.path.every((part, i) => node.path[i] === part);

function delayValue(machine: AnyStateMachine, name: string): string {
  const value = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof value === 'number') return `${value} ms`;
  return /^\d+$/.test(name) ? `${name} ms` : 'computed';
}

/** 'after idleTimeout (780000 ms)'; other labels as they are. */
function edgeLabel(machine: AnyStateMachine, t: TransitionInfo): string {
  const base =
    t.kind === 'after' ? `${t.label} (${delayValue(machine, delayName(t.eventType, t.source.id))})` : t.label;
  const guard = guardLabel(t);
  return guard ? `${base} ${guard}` : base;
}

/** The lowest state that contains every given node (the machine root at worst). */
function commonAncestor(machine: AnyStateMachine, nodes: AnyStateNode[]): AnyStateNode {
  let candidate: AnyStateNode = machine.root;
  for (const node of listStateNodes(machine)) {
    if (isCompound(node) && nodes.every((n) => isWithin(n, node) && n !== node)) candidate = node;
  }
  return candidate;
}

// ---------------------------------------------------------------- Mermaid

const mermaidId = (node: AnyStateNode) => node.path.join('_') || 'root';
const mermaidText = (text: string) =>
  text
    .replace(/[:;#{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function toMermaid({ name, machine }: RegisteredMachine): string {
  const transitions = listTransitions(machine);
  const lines: string[] = ['---', `title: ${name}`, '---', 'stateDiagram-v2'];
  const placed = new Map<AnyStateNode, TransitionInfo[]>();
  for (const t of transitions) {
    if (!t.targets.length) continue;
    // Mermaid draws parallel regions as blocks split by '--': an arrow inside one would land in its last
    // region, so arrows whose common ancestor is parallel go to the top level, where ids are still known.
    const lowest = commonAncestor(machine, [t.source, ...t.targets]);
    const home = lowest.type === 'parallel' ? machine.root : lowest;
    placed.set(home, [...(placed.get(home) ?? []), t]);
  }

  const emit = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    if (node.type === 'compound' && node.initial?.target?.[0]) {
      lines.push(`${pad}[*] --> ${mermaidId(node.initial.target[0])}`);
    }
    const kids = children(node);
    kids.forEach((child, index) => {
      if (node.type === 'parallel' && index > 0) lines.push(`${pad}--`);
      if (isCompound(child)) {
        lines.push(`${pad}state "${child.key}" as ${mermaidId(child)} {`);
        emit(child, depth + 1);
        lines.push(`${pad}}`);
      } else {
        lines.push(`${pad}state "${child.key}" as ${mermaidId(child)}`);
      }
      // Mermaid shows description lines on simple states only; composite ones are in the README.
      if (child.description && !isCompound(child))
        lines.push(`${pad}${mermaidId(child)} : ${mermaidText(child.description)}`);
      if (child.type === 'final') lines.push(`${pad}${mermaidId(child)} --> [*]`);
    });
    for (const t of placed.get(node) ?? []) {
      for (const target of t.targets) {
        lines.push(
          `${pad}${mermaidId(t.source)} --> ${mermaidId(target)} : ${mermaidText(edgeLabel(machine, t))}`,
        );
      }
    }
  };
  emit(machine.root, 1);
  for (const t of transitions.filter((x) => !x.targets.length)) {
    const where = t.source === machine.root ? '' : `${mermaidId(t.source)} --> ${mermaidId(t.source)} : `;
    lines.push(
      where
        ? `  ${where}${mermaidText(edgeLabel(machine, t))}`
        : `  %% in any state: ${mermaidText(edgeLabel(machine, t))}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------- DOT (rendered to SVG by Graphviz)

const quote = (id: string) => `"${id.replace(/"/g, '\\"')}"`;
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function wrap(text: string, width = 34): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function htmlLabel(title: string, description: string | undefined, width = 34): string {
  const head = `<b>${html(title)}</b>`;
  if (!description) return `<${head}>`;
  const body = wrap(description, width)
    .map((line) => html(line))
    .join('<br/>');
  return `<${head}<br/><font point-size="9" color="#475569">${body}</font>>`;
}

const ANYWHERE = '__anywhere';
const clusterId = (node: AnyStateNode) => `cluster_${node.id}`;
/** The node an edge attaches to: the state itself, or the entry dot / anchor inside a cluster. */
function anchor(node: AnyStateNode, machine: AnyStateMachine): string {
  if (node === machine.root) return ANYWHERE;
  if (node.type === 'compound') return `${node.id}__start`;
  if (node.type === 'parallel') return `${node.id}__anchor`;
  return node.id;
}

/**
 * Each transition's label is a small node of its own on the arrow, placed in the lowest state holding
 * both ends: Graphviz then lays labels out like states, so they never print over each other, and
 * several arrows between the same states (self-loops included) each keep their own label.
 */
interface LabelNode {
  id: string;
  text: string;
  color: string;
}

const edgeColor = (t: TransitionInfo) =>
  t.kind === 'after' ? '#b45309' : t.kind === 'error' ? '#b91c1c' : '#1e293b';

export function toDot({ name, purpose, machine }: RegisteredMachine): string {
  const transitions = listTransitions(machine);
  const labelsIn = new Map<AnyStateNode, LabelNode[]>();
  const labelOf = new Map<string, LabelNode>();
  transitions.forEach((t, i) => {
    const targets = t.targets.length ? t.targets : [t.source];
    targets.forEach((target, j) => {
      const home = commonAncestor(machine, [t.source, target]);
      const label = { id: `__t${i}_${j}`, text: edgeLabel(machine, t), color: edgeColor(t) };
      labelOf.set(`${i}:${j}`, label);
      labelsIn.set(home, [...(labelsIn.get(home) ?? []), label]);
    });
  });

  const out: string[] = [
    `digraph ${quote(name)} {`,
    `  graph [fontname="Helvetica", fontsize=12, compound=true, rankdir=TB, nodesep=0.3, ranksep=0.45, labelloc=t, label=${htmlLabel(name, purpose, 90)}];`,
    '  node [fontname="Helvetica", fontsize=11, shape=box, style="rounded,filled", fillcolor="#f0fdfa", color="#0f766e", margin="0.12,0.06"];',
    '  edge [fontname="Helvetica", fontsize=9, color="#475569", fontcolor="#1e293b", arrowsize=0.7];',
  ];

  const emit = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    if (node.type === 'compound') {
      out.push(
        `${pad}${quote(`${node.id}__start`)} [shape=point, width=0.12, label="", fillcolor="#0f766e"];`,
      );
    }
    if (node.type === 'parallel') {
      out.push(`${pad}${quote(`${node.id}__anchor`)} [shape=point, width=0.01, style=invis, label=""];`);
    }
    for (const child of children(node)) {
      if (isCompound(child)) {
        out.push(`${pad}subgraph ${quote(clusterId(child))} {`);
        const style = child.type === 'parallel' ? 'rounded,dashed' : 'rounded';
        const kind = child.type === 'parallel' ? ' (parallel regions)' : '';
        out.push(
          `${pad}  graph [style="${style}", color="#94a3b8", fontsize=11, labeljust=l, label=${htmlLabel(`${child.key}${kind}`, child.description)}];`,
        );
        emit(child, depth + 1);
        out.push(`${pad}}`);
      } else {
        const final = child.type === 'final' ? ', peripheries=2' : '';
        out.push(`${pad}${quote(child.id)} [label=${htmlLabel(child.key, child.description)}${final}];`);
      }
    }
    for (const label of labelsIn.get(node) ?? []) {
      out.push(
        `${pad}${quote(label.id)} [shape=plaintext, style="", margin=0, width=0, height=0, fontsize=9, fontcolor="${label.color}", label=${quote(label.text)}];`,
      );
    }
    const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    if (initial) {
      const into = isCompound(initial) ? `, lhead=${quote(clusterId(initial))}` : '';
      out.push(
        `${pad}${quote(`${node.id}__start`)} -> ${quote(anchor(initial, machine))} [arrowsize=0.6${into}];`,
      );
    }
  };

  emit(machine.root, 1);

  if (transitions.some((t) => t.source === machine.root)) {
    out.push(
      `  ${quote(ANYWHERE)} [shape=note, style=filled, fillcolor="#fefce8", color="#a16207", label="in any state"];`,
    );
  }
  transitions.forEach((t, i) => {
    const targets = t.targets.length ? t.targets : [t.source];
    targets.forEach((target, index) => {
      const label = labelOf.get(`${i}:${index}`) as LabelNode;
      const style: string[] = [];
      if (t.kind === 'always') style.push('style=dashed');
      if (t.kind === 'after' || t.kind === 'error') style.push(`color="${label.color}"`);
      // A region's own transitions leave from its border, and arrows into a region end at its border.
      const tail = [...style, 'arrowhead=none'];
      if (isCompound(t.source) && t.source !== machine.root && !isWithin(target, t.source)) {
        tail.push(`ltail=${quote(clusterId(t.source))}`);
      }
      const head = [...style];
      if (isCompound(target) && target !== machine.root && !isWithin(t.source, target)) {
        head.push(`lhead=${quote(clusterId(target))}`);
      }
      if (index > 0) head.push('arrowhead=onormal');
      out.push(`  ${quote(anchor(t.source, machine))} -> ${quote(label.id)} [${tail.join(', ')}];`);
      out.push(`  ${quote(label.id)} -> ${quote(anchor(target, machine))} [${head.join(', ')}];`);
    });
  });
  out.push('}');
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------- README

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function stateType(node: AnyStateNode): string {
  if (node.type === 'parallel') return 'parallel';
  if (node.type === 'final') return 'final';
  return node.type === 'compound' ? 'compound' : 'atomic';
}

export function toReadme(entries: readonly RegisteredMachine[]): string {
  const out: string[] = [
    '# Statecharts',
    '',
    'Generated by `npm run diagrams` from the machines registered in `machines/index.ts`; do not edit by hand.',
    'A test fails when these files differ from what the machines generate.',
    '',
    'Reading the diagrams: a filled dot marks where a state starts; dashed boxes hold regions that run at the',
    'same time; dashed arrows are taken without an event (`always`); amber arrows are timers (`after <delay>`);',
    'red arrows are failures of an effect (`<actor> error`); `[guard]` is the condition under which an arrow is',
    'taken and `[else]` the arrow taken when the guarded ones are not.',
    '',
    '| Machine | Drives | Purpose | Diagram |',
    '|---|---|---|---|',
    ...entries.map(
      (e) =>
        `| [${e.name}](#${e.name}) | ${cell(e.drives)} | ${cell(e.purpose)} | [SVG](${e.name}.svg) · [Mermaid](${e.name}.mmd) |`,
    ),
  ];
  for (const entry of entries) {
    const { name, purpose, machine } = entry;
    out.push('', `## ${name}`, '', purpose, '', `![${name} statechart](${name}.svg)`, '', '### States', '');
    out.push('| State | Kind | Description |', '|---|---|---|');
    for (const node of listStateNodes(machine).slice(1)) {
      out.push(`| \`${statePath(node)}\` | ${stateType(node)} | ${cell(node.description ?? '')} |`);
    }
    out.push('', '### Events and transitions', '');
    out.push('| Event | From | To | Condition | What happens |', '|---|---|---|---|---|');
    for (const t of listTransitions(machine)) {
      const from = t.source === machine.root ? 'any state' : `\`${statePath(t.source)}\``;
      const to = t.targets.length ? t.targets.map((n) => `\`${statePath(n)}\``).join(' + ') : '(stays)';
      out.push(
        `| ${cell(edgeLabel(machine, t))} | ${from} | ${to} | ${cell(guardLabel(t))} | ${cell(t.description ?? '')} |`,
      );
    }
    const delays = Object.entries(machine.implementations.delays as Record<string, unknown>);
    if (delays.length) {
      out.push('', '### Named delays', '', '| Delay | Value |', '|---|---|');
      for (const [delay, value] of delays)
        out.push(`| \`${delay}\` | ${typeof value === 'number' ? `${value} ms` : 'computed'} |`);
    }
  }
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------- files

/** Every generated file by name (inside docs/statecharts), in a stable order. */
export async function generateDiagrams(
  entries: readonly RegisteredMachine[] = machines,
): Promise<Map<string, string>> {
  const graphviz = await Graphviz.load();
  const files = new Map<string, string>();
  for (const entry of entries) {
    files.set(`${entry.name}.mmd`, toMermaid(entry));
    files.set(`${entry.name}.svg`, graphviz.dot(toDot(entry)));
  }
  files.set('README.md', toReadme(entries));
  return files;
}

async function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dir = join(root, DIAGRAM_DIR);
  await mkdir(dir, { recursive: true });
  for (const [file, content] of await generateDiagrams()) {
    await writeFile(join(dir, file), content);
    console.log(`wrote ${DIAGRAM_DIR}/${file}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
