// What the suite knows about the stack under test: a base URL, a DB URL and, for deviations, its name.
// run.mjs passes them as environment variables so that every test file (its own process) sees them.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: start the suite with node spec/conformance/run.mjs --base-url URL --db-url URL`);
  return value;
}

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const fixturesDir = fileURLToPath(new URL('../../fixtures/', import.meta.url));
export const baseUrl = new URL(required('CONFORMANCE_BASE_URL'));
export const dbUrl = required('CONFORMANCE_DB_URL');
export const stackName = process.env.CONFORMANCE_STACK || '';

// Tables are never truncated (a stack may be in use): every run writes under names nobody else uses.
const runTag = randomBytes(4).toString('hex');
let counter = 0;
export function unique(prefix) {
  counter += 1;
  return `${prefix}-${runTag}-${counter}`;
}
