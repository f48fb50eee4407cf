// Everything outside a stack's directory that enumerates the stacks, held to */stack.json: docker-compose.yml's
// stack services and the README's stack table (written from them: compose-services.mjs, stack-table.mjs), and the
// root pom's Maven modules, the one line a new Java stack adds by hand (CONTRIBUTING.md). make layout runs these.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadStacks } from '../lib/stacks.mjs';
import { composeFileProblems } from '../runtimes/compose/compose-services.mjs';
import { stackTableProblems } from './stack-table.mjs';

/** The <module> entries of the root pom. */
export function mavenModules(root = ROOT) {
  return [...readFileSync(join(root, 'pom.xml'), 'utf8').matchAll(/<module>\s*([^<\s]+)\s*<\/module>/g)].map((m) => m[1]);
}

/** A Java stack the root pom does not build is one make build, make format and make outdated would miss. */
export function mavenModuleProblems(root = ROOT) {
  const modules = mavenModules(root);
  return loadStacks(root).filter((s) => s.runtime === 'java' && !modules.includes(s.name))
    .map((s) => `pom.xml: ${s.name} is not a module; add <module>${s.name}</module> to the root pom`);
}

export function stackListProblems(root = ROOT) {
  return [...composeFileProblems(root), ...stackTableProblems(root), ...mavenModuleProblems(root)];
}
