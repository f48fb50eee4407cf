// A stack that cannot meet a clause lists the test's exact name in its stack.json `deviations`:
// the test still runs, but is reported as todo with the reason, so the gap stays visible.
import { it } from 'node:test';
import { repoRoot, stackName } from './config.mjs';
import { conformanceDeviations } from './manifest.mjs';

const deviations = new Map((stackName ? conformanceDeviations(repoRoot, stackName) ?? [] : []).map((d) => [d.test, d]));

/** One contract clause: `name` quotes the contract, `fn` checks it. */
export function clause(name, fn, { timeout = 20_000 } = {}) {
  const deviation = deviations.get(name);
  const todo = deviation ? `deviation of ${stackName}: ${deviation.reason}${deviation.link ? ` (${deviation.link})` : ''}` : undefined;
  return it(name, { timeout, todo }, fn);
}
