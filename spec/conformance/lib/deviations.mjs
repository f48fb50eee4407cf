// A stack that cannot meet a clause lists the test's exact name in its stack.json `deviations`:
// the test still runs, but is reported as todo with the reason, so the gap stays visible.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { repoRoot, stackName } from './config.mjs';

function loadDeviations() {
  if (!stackName) return new Map();
  const manifest = JSON.parse(readFileSync(join(repoRoot, stackName, 'stack.json'), 'utf8'));
  const ours = (manifest.deviations ?? []).filter((d) => (d.suite ?? 'conformance') === 'conformance');
  return new Map(ours.map((d) => [d.test, d]));
}

const deviations = loadDeviations();

/** One contract clause: `name` quotes the contract, `fn` checks it. */
export function clause(name, fn, { timeout = 20_000 } = {}) {
  const deviation = deviations.get(name);
  const todo = deviation ? `deviation of ${stackName}: ${deviation.reason}${deviation.link ? ` (${deviation.link})` : ''}` : undefined;
  return it(name, { timeout, todo }, fn);
}
