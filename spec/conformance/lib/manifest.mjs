// A stack's stack.json as the suite and the fuzzer read it: only its deviations (spec/API.md §10). No configuration is needed
// to read it, so run.mjs can check --stack before the test files start.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The deviations of `target`, a stack's directory name or "<stack>:<variant>" (a variant's own add to its
 * stack's), for one harness: `suite` "conformance" (the default when a deviation names none), "fuzz" or "faults".
 * Null when there is no stack.json.
 */
export function deviationsOf(root, target, suite) {
  const [name, variantName] = target.split(':');
  const file = join(root, name, 'stack.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const variant = (manifest.variants ?? []).find((v) => v.name === variantName);
  return [...(manifest.deviations ?? []), ...(variant?.deviations ?? [])].filter((d) => (d.suite ?? 'conformance') === suite);
}

export const conformanceDeviations = (root, target) => deviationsOf(root, target, 'conformance');
