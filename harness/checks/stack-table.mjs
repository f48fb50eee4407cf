// The README's stack table, written from */stack.json (make readme-layout; make layout fails when it differs): a
// row per stack with its framework, its port and, per workload, what is particular to how it serves it
// (stack.json "readme": { "framework": "…", "notes": { "<bench workload>": "…" } }).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadStacks } from '../lib/stacks.mjs';
import { readLayout } from '../lib/layout.mjs';

export const BEGIN = '<!-- stacks:begin (every */stack.json, then make readme-layout) -->';
export const END = '<!-- stacks:end -->';

// The columns' headings, by the workload's bench name in spec/layout.json.
const HEADINGS = {
  hello: 'hello',
  static: 'static 1 MiB',
  echo: 'JSON echo',
  bookings: 'bookings (MySQL, FOR UPDATE, protobuf)',
  chat: 'WebSocket chat',
};

export function stackTable(root = ROOT) {
  const workloads = readLayout(root).workloads.map((w) => w.bench).filter(Boolean);
  const rows = [
    `| stack | port | ${workloads.map((w) => HEADINGS[w] ?? w).join(' | ')} |`,
    `| --- | --- | ${workloads.map(() => '---').join(' | ')} |`,
  ];
  for (const stack of loadStacks(root)) {
    const { framework, notes = {} } = stack.readme ?? {};
    const cells = workloads.map((w) => (notes[w] ? `✓ (${notes[w]})` : '✓'));
    rows.push(`| [\`${stack.name}\`](${stack.name}/)${framework ? ` (${framework})` : ''} | ${stack.port} | ${cells.join(' | ')} |`);
  }
  return rows.join('\n');
}

export function withStackTable(text, root = ROOT) {
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from === -1 || to === -1 || to < from) throw new Error(`README.md has no ${BEGIN} … ${END} markers`);
  return `${text.slice(0, from)}${BEGIN}\n\n${stackTable(root)}\n\n${text.slice(to)}`;
}

/** [] when the README's stack table is what the stack.json files give. */
export function stackTableProblems(root = ROOT) {
  const text = readFileSync(join(root, 'README.md'), 'utf8');
  return withStackTable(text, root) === text ? [] : ['README.md: the stack table differs from the stack.json files; run make readme-layout'];
}

export function writeStackTable(root = ROOT) {
  const file = join(root, 'README.md');
  writeFileSync(file, withStackTable(readFileSync(file, 'utf8'), root));
}
