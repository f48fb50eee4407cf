// Which of the stacks' deviations (spec/API.md §10) a workload's page shows. A deviation names the check it is
// excused from, and it belongs to the workloads that check is about: those the name of the file holding the check
// names (static-security.test.mjs, fuzz/chat.mjs), else those the check's own name mentions ("bookings succeed
// again"), else every workload ("HEAD and 304 responses have no body" is about any route).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from '../../harness/lib/stacks.mjs';

// Where each suite's checks are written: the conformance clauses, the fuzzer's judges, the faults.
const CHECKS = {
  conformance: ['spec/conformance'],
  fuzz: ['spec/conformance/fuzz', 'spec/conformance/fuzz.mjs'],
  faults: ['harness/checks/faults', 'harness/checks/faults.mjs'],
};

// A workload's words: its package, its name in the bench, and the first segment of each route its roles serve.
function wordsOf(workload) {
  const routes = workload.roles.flatMap((r) => [...r.role.matchAll(/ \/([a-z]+)/g)].map((m) => m[1]));
  return [...new Set([workload.package, workload.bench, ...routes])].filter(Boolean);
}

// Each suite's check files with their text, read once per build: [{ file, text }].
const sources = new Map();
function sourcesOf(suite) {
  if (!sources.has(suite)) {
    const files = (CHECKS[suite] ?? []).map((path) => join(ROOT, path)).filter(existsSync).flatMap((path) => (path.endsWith('.mjs')
      ? [path] : readdirSync(path).filter((f) => f.endsWith('.mjs')).map((f) => join(path, f))));
    sources.set(suite, files.map((file) => ({ file, text: readFileSync(file, 'utf8') })));
  }
  return sources.get(suite);
}

// The file of the suite whose source holds the check's exact name, or null.
const checkFileOf = (suite, name) => sourcesOf(suite).find(({ text }) => text.includes(name))?.file ?? null;

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
  return deviations.filter((d) => {
    const file = checkFileOf(d.suite, d.test);
    const byFile = file ? workloads.filter((w) => mentions(basename(file), wordsOf(w))) : [];
    const named = byFile.length ? byFile : workloads.filter((w) => mentions(d.test, wordsOf(w)));
    return named.length ? named.includes(workload) : true;
  });
}
