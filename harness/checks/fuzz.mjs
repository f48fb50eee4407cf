// make fuzz: every stack and variant (STACKS narrows it) started at once, each on a port and an empty database of
// its own, then the differential fuzzer (spec/conformance/fuzz.mjs) sends them all the same requests.
//   CASES (default 3000)  SEED (default 1; "random" for a new one)  FUZZ_PATH (replay one shrunk case)
//   KEEP_GOING=1 (list every kind of failure instead of stopping at the first)
//   JOBS=N (long runs: N cases at a time, bookings still in order, no shrinking; implies KEEP_GOING)
//   FUZZ_ONLY=http|chat|wire (one kind of case alone: FUZZ_ONLY=wire CASES=20000 for the raw-wire generator)
// A target's port is its stack's port + 10000, + 100 per variant (a stack on 8082 and its first variant: 18182), so that the
// fuzzer runs beside stacks started by make up; its database is fuzz_<target>, dropped and made again each run.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, loadStacks, select, stackEnv, dbSettings } from '../lib/stacks.mjs';
import { findJavaHome } from '../lib/java.mjs';
import { start, stop, waitHealthy, logFile, tail, portTaken } from '../lib/processes.mjs';

const STARTUP_TIMEOUT_MS = Number(process.env.STARTUP_TIMEOUT || 240) * 1000;
const POOL_SIZE = '8'; // one request at a time per target: a small pool starts faster and is never short

function fuzzTarget(target) {
  const variantIndex = target.variant ? target.stack.variants.indexOf(target.variant) + 1 : 0;
  const port = target.stack.port + 10000 + 100 * variantIndex;
  const db = `fuzz_${target.id.replace(/[^a-z0-9]+/gi, '_')}`;
  // Its own id, so that its pidfile and log do not touch those of the same stack started by make up.
  const fuzz = { ...target, id: `fuzz-${target.id}`, stack: { ...target.stack, port } };
  return { target, fuzz, port, db, url: `http://127.0.0.1:${port}` };
}

function envOf(t) {
  const env = { ...stackEnv(t.fuzz, { ...process.env, DB_POOL_SIZE: POOL_SIZE }), PORT: String(t.port), DB_NAME: t.db };
  return t.target.stack.runtime === 'java' ? { ...env, JAVA_HOME: findJavaHome(env) } : env;
}

async function main() {
  const targets = select(loadStacks(), process.env.STACKS || '', { withVariants: true }).map(fuzzTarget);
  if (targets.length < 3) throw new Error('the fuzzer compares answers: it needs three targets or more');
  for (const t of targets) if (await portTaken(t.port)) throw new Error(`port ${t.port} for ${t.target.id} is taken`);
  const fresh = spawnSync(join(ROOT, 'harness/runtimes/native/db.sh'), ['fresh', ...targets.map((t) => t.db)], { stdio: 'inherit' });
  if (fresh.status !== 0) throw new Error('could not make the fuzzer\'s databases');

  const began = Date.now();
  const pids = new Map();
  try {
    for (const t of targets) pids.set(t, start(t.fuzz, envOf(t)));
    const states = await Promise.all(targets.map((t) => waitHealthy(t.url, pids.get(t), STARTUP_TIMEOUT_MS)));
    const failed = targets.filter((t, i) => states[i] !== 'healthy');
    for (const t of failed) console.error(`${t.target.id} did not come up; last log lines (${logFile(t.fuzz)}):\n${tail(logFile(t.fuzz))}`);
    if (failed.length) throw new Error(`${failed.map((t) => t.target.id).join(', ')} did not come up`);
    console.log(`fuzz: ${targets.length} targets up in ${Math.round((Date.now() - began) / 1000)} s`);

    const seed = process.env.SEED === 'random' ? String(Date.now() % 2 ** 31) : process.env.SEED || '1';
    const db = dbSettings();
    const args = [join(ROOT, 'spec/conformance/fuzz.mjs'), '--cases', process.env.CASES || '3000', '--seed', seed,
      '--db-url', `mysql://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}`,
      ...targets.flatMap((t) => ['--target', `${t.target.id}=${t.url},${t.db}`])];
    if (process.env.FUZZ_PATH) args.push('--path', process.env.FUZZ_PATH);
    if (process.env.KEEP_GOING) args.push('--keep-going');
    if (process.env.JOBS) args.push('--jobs', process.env.JOBS);
    if (process.env.FUZZ_ONLY) args.push('--only', process.env.FUZZ_ONLY);
    const code = await new Promise((done) => spawn(process.execPath, args, { stdio: 'inherit' }).on('close', done));
    if (code !== 0) process.exitCode = 1;
  } finally {
    await Promise.all([...pids.values()].map((pid) => stop(pid)));
  }
}

main().catch((error) => {
  console.error(`fuzz: ${error.message}`);
  process.exitCode = 1;
});
