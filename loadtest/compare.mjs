#!/usr/bin/env node
// `make compare A=<run> B=<run>`: prints B against A per stack × workload (loadtest/lib/compare.mjs says
// when a delta counts as a change). A run is a folder under results/ or a path; B defaults to the newest run
// and A to the one before it.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from '../scripts/lib/stacks.mjs';
import { formatComparison } from './lib/compare.mjs';

const resultsRoot = resolve(ROOT, process.env.RESULTS_DIR || 'results');

function runDir(name) {
  for (const candidate of [resolve(name), join(resultsRoot, name)]) {
    if (existsSync(join(candidate, 'summary.json'))) return candidate;
  }
  throw new Error(`no summary.json for run "${name}" (looked in ${resolve(name)} and ${join(resultsRoot, name)})`);
}

function defaults() {
  const runs = existsSync(resultsRoot) ? readdirSync(resultsRoot)
    .filter((n) => n !== 'latest' && existsSync(join(resultsRoot, n, 'summary.json'))).sort() : [];
  if (runs.length < 2) throw new Error(`make compare needs two runs: set A=<run> B=<run> (found ${runs.length} under ${resultsRoot})`);
  return runs.slice(-2);
}

try {
  const [fallbackA, fallbackB] = process.argv[2] && process.argv[3] ? [] : defaults();
  const [a, b] = [process.argv[2] || fallbackA, process.argv[3] || fallbackB]
    .map((name) => JSON.parse(readFileSync(join(runDir(name), 'summary.json'), 'utf8')));
  console.log(formatComparison(a, b));
} catch (error) {
  console.error(`compare: ${error.message}`);
  process.exitCode = 2;
}
