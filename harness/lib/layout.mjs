// The side-by-side layout of spec/layout.json, checked against the stacks' source trees: every Java stack has
// exactly the layout's classes in each workload package (plus the framework-only ones its stack.json declares
// under layoutExtras) but the shared ones, which live once in their module (java-contract), every Node stack the
// layout's files in src/. Also writes docs/layout.md's table from it.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadStacks } from './stacks.mjs';

export function readLayout(root = ROOT) {
  return JSON.parse(readFileSync(join(root, 'spec/layout.json'), 'utf8'));
}

// src/main/java/bench/<one package>/: the stack's own root package.
export function javaRoot(stack) {
  const bench = join(stack.dir, 'src/main/java/bench');
  const packages = existsSync(bench) ? readdirSync(bench).filter((name) => statSync(join(bench, name)).isDirectory()) : [];
  return packages.length === 1 ? join(bench, packages[0]) : null;
}

// A shared file's one copy: <package>/<Class>.java under the one package of its module (java-contract).
export function sharedPath(workload, file, root = ROOT) {
  const base = javaRoot({ dir: join(root, file.shared) });
  return base && join(base, workload.package, `${file.java}.java`);
}

// Each shared file exists once in its module, and the module's workload packages hold nothing else.
function sharedProblems(layout, root) {
  const problems = [];
  const modules = new Set(layout.workloads.flatMap((w) => w.files.filter((f) => f.shared).map((f) => f.shared)));
  for (const module of modules) {
    const base = javaRoot({ dir: join(root, module) });
    if (!base) {
      problems.push(`${module}: expected exactly one package under src/main/java/bench/`);
      continue;
    }
    for (const workload of layout.workloads) {
      const expected = workload.files.filter((f) => f.shared === module).map((f) => `${f.java}.java`);
      const dir = join(base, workload.package);
      const present = existsSync(dir) ? readdirSync(dir) : [];
      for (const name of expected) if (!present.includes(name)) problems.push(`${module}: ${workload.package}/${name} is missing`);
      for (const name of present) {
        if (!expected.includes(name)) problems.push(`${module}: ${workload.package}/${name} is not shared in spec/layout.json`);
      }
    }
  }
  return problems;
}

function javaProblems(stack, layout) {
  const root = javaRoot(stack);
  if (!root) return [`${stack.name}: expected exactly one package under src/main/java/bench/`];
  const extras = stack.layoutExtras || {};
  const problems = [];
  for (const workload of layout.workloads) {
    const dir = join(root, workload.package);
    const present = existsSync(dir) ? readdirSync(dir) : [];
    const expected = workload.files.filter((file) => !file.shared).map((file) => `${file.java}.java`);
    const shared = workload.files.filter((file) => file.shared);
    for (const name of expected) {
      if (!present.includes(name)) problems.push(`${stack.name}: ${workload.package}/${name} is missing`);
    }
    for (const name of present) {
      const key = `${workload.package}/${name}`;
      const copy = shared.find((file) => `${file.java}.java` === name);
      if (copy) {
        problems.push(`${stack.name}: ${key} is shared in ${copy.shared}; the stack keeps no copy of it`);
      } else if (!expected.includes(name) && !extras[key]) {
        problems.push(`${stack.name}: ${key} is not in spec/layout.json; rename it or declare it in layoutExtras`);
      }
    }
  }
  for (const key of Object.keys(extras)) {
    if (!existsSync(join(root, key))) problems.push(`${stack.name}: layoutExtras names ${key}, which does not exist`);
  }
  return problems;
}

// A Node stack's layoutExtras: <workload package>/<file>, the file in its src/.
function nodeExtrasProblems(stack, layout) {
  const packages = layout.workloads.map((w) => w.package);
  return Object.keys(stack.layoutExtras || {}).flatMap((key) => {
    const [pkg, file, ...deeper] = key.split('/');
    if (!packages.includes(pkg) || !file || deeper.length) return [`${stack.name}: layoutExtras names ${key}, which is not <workload package>/<file>`];
    return existsSync(join(stack.dir, 'src', file)) ? [] : [`${stack.name}: layoutExtras names ${key}, but src/${file} does not exist`];
  });
}

function nodeProblems(stack, layout, stacks) {
  const problems = nodeExtrasProblems(stack, layout);
  if (stack.workloadsFrom) {
    return stacks.some((s) => s.name === stack.workloadsFrom && s.runtime === 'node')
      ? problems
      : [...problems, `${stack.name}: workloadsFrom names ${stack.workloadsFrom}, which is not a Node stack`];
  }
  for (const workload of layout.workloads) {
    for (const file of workload.files) {
      if (file.node && !existsSync(join(stack.dir, 'src', file.node))) {
        problems.push(`${stack.name}: src/${file.node} (${workload.name}: ${file.role}) is missing`);
      }
    }
  }
  return problems;
}

export function layoutProblems(root = ROOT) {
  const layout = readLayout(root);
  const stacks = loadStacks(root);
  return [...sharedProblems(layout, root), ...stacks.flatMap((stack) => {
    if (stack.runtime === 'java') return javaProblems(stack, layout);
    if (stack.runtime === 'node') return nodeProblems(stack, layout, stacks);
    return [`${stack.name}: runtime ${stack.runtime} has no layout rule`];
  })];
}

// docs/layout.md's table: one row per role, the same file name in every stack of a runtime.
export function layoutTable(root = ROOT) {
  const layout = readLayout(root);
  const stacks = loadStacks(root);
  // The Node stacks that have the files themselves (the others run theirs: workloadsFrom).
  const nodeDirs = stacks.filter((s) => s.runtime === 'node' && !s.workloadsFrom).map((s) => `\`${s.name}/src/\``).join(', ');
  const rows = [`| workload | role | every Java stack (\`src/main/java/bench/<stack>/\`) | Node (${nodeDirs}) |`,
    '| --- | --- | --- | --- |'];
  for (const workload of layout.workloads) {
    for (const file of workload.files) {
      const node = file.node ? `\`${file.node}\`` : '(Java only)';
      const java = `\`${workload.package}/${file.java}.java\``;
      const where = file.shared ? `${java}, shared: once in \`${file.shared}\`` : java;
      rows.push(`| ${workload.name} | ${file.role} | ${where} | ${node} |`);
    }
  }
  const extras = stacks.flatMap((stack) =>
    Object.entries(stack.layoutExtras || {}).map(([file, why]) => `- \`${stack.name}\`: \`${file}\`: ${why}`));
  const borrowed = stacks.filter((s) => s.workloadsFrom).map((s) => `\`${s.name}\` runs \`${s.workloadsFrom}\`'s files.`);
  return [...rows, '', ...borrowed, '', 'Files only one framework needs (declared in its `stack.json` under `layoutExtras`):', '',
    ...(extras.length ? extras : ['- none'])].join('\n');
}
