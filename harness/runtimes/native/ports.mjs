// Before a runtime starts anything: every port it needs (MariaDB's, each stack's) free or already its own, else the
// holder and the command that frees it. Usage: node harness/runtimes/native/ports.mjs native|compose [STACKS]
import { loadStacks, select } from '../../lib/stacks.mjs';
import { holderOf, portAdvice } from './holders.mjs';

const [runtime, ...rest] = process.argv.slice(2);
if (!['native', 'compose'].includes(runtime)) {
  console.error('usage: node harness/runtimes/native/ports.mjs native|compose [STACKS]');
  process.exit(2);
}
const stacks = select(loadStacks(), rest.join(' ') || process.env.STACKS || '').map((t) => t.stack);
const ports = [Number(process.env.DB_PORT || 3307), ...new Set(stacks.map((s) => s.port))];
const problems = ports.map((port) => portAdvice(port, holderOf(port), runtime)).filter(Boolean);
for (const problem of problems) console.error(`ports: ${problem}`);
process.exitCode = problems.length ? 1 : 0;
