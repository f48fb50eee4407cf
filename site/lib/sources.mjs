// What each page shows as code: for every role of spec/layout.json, every stack's file, read from the working tree
// where the layout check (harness/lib/layout.mjs) finds it (a shared Java file once, from its module, each Java
// stack's cell pointing to it), and the files one framework alone needs (layoutExtras).
// Nothing here is listed twice: the roles come from spec/layout.json, the stacks and their extras from stack.json.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, loadStacks } from '../../harness/lib/stacks.mjs';
import { javaRoot, readLayout, sharedPath } from '../../harness/lib/layout.mjs';

const LANGUAGE = { java: 'java', node: 'javascript' };

function fileOf(stack, path, root) {
  return { stack: stack.name, runtime: stack.runtime, language: LANGUAGE[stack.runtime], path: relative(root, path),
    text: readFileSync(path, 'utf8') };
}

// One stack's cell for a role: its file, or why it has none.
function cell(stack, workload, file, byName, root) {
  if (stack.workloadsFrom) {
    const lender = byName.get(stack.workloadsFrom);
    return { stack: stack.name, runtime: stack.runtime, borrowedFrom: lender.name,
      path: file.node ? relative(root, join(lender.dir, 'src', file.node)) : null };
  }
  if (stack.runtime === 'java' && file.shared) {
    return { stack: stack.name, runtime: stack.runtime, sharedIn: file.shared, path: relative(root, sharedPath(workload, file, root)) };
  }
  if (stack.runtime === 'java') return fileOf(stack, join(javaRoot(stack), workload.package, `${file.java}.java`), root);
  if (!file.node) return { stack: stack.name, runtime: stack.runtime, none: `${file.java} is a Java type: JavaScript has no file for it` };
  return fileOf(stack, join(stack.dir, 'src', file.node), root);
}

function extraPath(stack, key) {
  const [pkg, name] = key.split('/');
  return stack.runtime === 'java' ? join(javaRoot(stack), pkg, name) : join(stack.dir, 'src', name);
}

/**
 * { stacks, workloads: [{ name, package, bench, roles: [{ role, java, node, shared, cells: [cell per stack] }],
 * extras: [{ stack, path, text, reason }] }] }, stacks in port order as everywhere else.
 */
export function readSources(root = ROOT) {
  const stacks = loadStacks(root);
  const byName = new Map(stacks.map((s) => [s.name, s]));
  const workloads = readLayout(root).workloads.map((workload) => ({
    name: workload.name,
    package: workload.package,
    bench: workload.bench,
    roles: workload.files.map((file) => ({ role: file.role, java: file.java, node: file.node,
      shared: file.shared ? fileOf({ name: file.shared, runtime: 'java' }, sharedPath(workload, file, root), root) : null,
      cells: stacks.map((stack) => cell(stack, workload, file, byName, root)) })),
    extras: stacks.flatMap((stack) => Object.entries(stack.layoutExtras ?? {})
      .filter(([key]) => key.split('/')[0] === workload.package)
      .map(([key, reason]) => {
        const path = extraPath(stack, key);
        if (!existsSync(path)) throw new Error(`${stack.name}: layoutExtras names ${key}, which does not exist (make layout)`);
        return { ...fileOf(stack, path, root), reason };
      })),
  }));
  return { stacks, workloads };
}
