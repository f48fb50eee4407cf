// Which of the stacks' deviations (spec/API.md §10) a workload's page shows. A deviation names the check it is
// excused from; it belongs to a workload when that check is about it: a conformance clause by the name of the test
// file that holds it (static-security.test.mjs is about /static; general.test.mjs about none), a faults or fuzz
// check by the routes and names its own name mentions. One that names no workload ("HEAD and 304 responses have no body") is about every route, so every page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/stacks.mjs';

const CONFORMANCE = join(ROOT, 'spec/conformance');

// A workload's words: its package, its name in the bench, and the first segment of each route its roles serve.
function wordsOf(workload) {
  const routes = workload.roles.flatMap((r) => [...r.role.matchAll(/ \/([a-z]+)/g)].map((m) => m[1]));
  return [...new Set([workload.package, workload.bench, ...routes])].filter(Boolean);
}

// The conformance test file whose source holds the clause's exact name, or null.
function testFileOf(name) {
  const file = readdirSync(CONFORMANCE).filter((f) => f.endsWith('.test.mjs'))
    .find((f) => readFileSync(join(CONFORMANCE, f), 'utf8').includes(name));
  return file ?? null;
}

function mentions(text, words) {
  const lower = text.toLowerCase();
  return words.some((w) => new RegExp(`\\b${w.replace(/s$/, '')}`).test(lower));
}

/** Every deviation of every stack and variant: [{ target, suite, test, reason, link }]. */
export function allDeviations(stacks) {
  return stacks.flatMap((stack) => [
    ...stack.deviations.map((d) => ({ target: stack.name, ...d })),
    ...stack.variants.flatMap((v) => (v.deviations ?? []).map((d) => ({ target: `${stack.name}:${v.name}`, ...d }))),
  ]).map((d) => ({ ...d, suite: d.suite ?? 'conformance' }));
}

/** The deviations among `deviations` that a workload of readSources() is concerned by. */
export function deviationsOf(workload, deviations, workloads) {
  const words = wordsOf(workload);
  return deviations.filter((d) => {
    const subject = (d.suite === 'conformance' && testFileOf(d.test)) || d.test;
    const named = workloads.filter((w) => mentions(subject, wordsOf(w)));
    return named.length ? named.includes(workload) : true;
  });
}
