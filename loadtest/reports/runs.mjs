// A bench run by name: a folder under RESULTS_DIR (default results/) or a path, holding its summary.json.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from '../../harness/lib/stacks.mjs';
import { refreshFigures } from './ranks.mjs';

export const resultsRoot = () => resolve(ROOT, process.env.RESULTS_DIR || 'results');

/** The folder of run `name`; throws naming where it looked. */
export function runDir(name) {
  for (const candidate of [resolve(name), join(resultsRoot(), name)]) {
    if (existsSync(join(candidate, 'summary.json'))) return candidate;
  }
  throw new Error(`no summary.json for run "${name}" (looked in ${resolve(name)} and ${join(resultsRoot(), name)})`);
}

/** A run's summary.json, its intervals and ranks as the current rules make them (reports/ranks.mjs refreshFigures). */
export const readSummary = (name) => refreshFigures(JSON.parse(readFileSync(join(runDir(name), 'summary.json'), 'utf8')));

/** The names of the runs under RESULTS_DIR, oldest first. */
export function runNames() {
  const root = resultsRoot();
  return existsSync(root) ? readdirSync(root).filter((n) => n !== 'latest' && existsSync(join(root, n, 'summary.json'))).sort() : [];
}
