#!/usr/bin/env node
// `make compose-test` (CI runs it after make test): the 4-core VM's runtime run for real on this machine, as root.
//   engine       make engine: a Docker engine answering, its networks in 198.18.0.0/15
//   up           make up RUNTIME=compose: every image built (base images pulled, or stand-ins built where no
//                registry answers: harness/runtimes/compose/standins.sh), MariaDB and every stack started and healthy
//   conformance  the whole suite against every stack and variant in its container, on the published ports
//   faults       make faults on the compose services (docker stop through tini; the container's memory)
//   bench        make bench RUNTIME=compose PROFILE=smoke, from the loadtest container through the engine's socket,
//                on the stacks whose stack.json has "make compose-test" in its defaultIn: a JVM stack and the Node
//                stack of several processes (whose workers the container's CPU must count);
//                conformance and faults have already run every image
//   down         make down: nothing of the project left but its database volume
// Between phases, every Docker network, container, and interface or route the run added must have its address in
// 127.0.0.0/8 or 198.18.0.0/15 (runtimes/compose/addresses.mjs). Every phase runs even when one before it failed (its own
// failure is reported), but a failed up ends the run. Prints each phase's time; exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, RUN_DIR, defaultStacks, loadStacks } from '../../lib/stacks.mjs';
import { addressProblems, hostAddresses } from './addresses.mjs';

const PROJECT = process.env.COMPOSE_PROJECT_NAME || 'refservers';
const BENCH_RESULTS = join(RUN_DIR, 'compose-bench');
const BENCH_STACKS = process.env.COMPOSE_TEST_BENCH_STACKS ?? defaultStacks(loadStacks(), 'make compose-test');
// STANDINS=build: where no registry answers, the base images are built here (harness/runtimes/compose/standins.sh).
const env = { ...process.env, RUNTIME: 'compose', COMPOSE_PROJECT_NAME: PROJECT, STANDINS: 'build' };
const phases = [];
const failures = [];

// No phase may hang CI: GNU timeout kills a command still running after this long with its whole process group
// (make down then removes its containers).
const PHASE_LIMIT_MINUTES = 20;

function run(command, args, extra = {}) {
  const status = spawnSync('timeout', ['--signal=KILL', `${PHASE_LIMIT_MINUTES}m`, command, ...args],
    { cwd: ROOT, stdio: 'inherit', env: { ...env, ...extra } }).status;
  return status === 137 ? `killed after ${PHASE_LIMIT_MINUTES} minutes` : status;
}

function phase(name, body) {
  console.log(`\n==> compose-test: ${name}`);
  const began = Date.now();
  let problems;
  try {
    problems = body() ?? [];
  } catch (error) {
    problems = [error.message];
  }
  const seconds = Math.round((Date.now() - began) / 1000);
  phases.push({ name, seconds, ok: problems.length === 0 });
  for (const p of problems) failures.push(`${name}: ${p}`);
  return problems.length === 0;
}

const make = (...args) => run('make', ['--no-print-directory', ...args]);
const exited = (what, status) => (status === 0 ? [] : [`${what} ${typeof status === 'string' ? status : `exited with ${status}`}`]);

let before;
function addresses(when) {
  let problems;
  try {
    problems = addressProblems(before);
  } catch (error) {
    problems = [`could not be read (${error.message})`];
  }
  if (problems.length) failures.push(...problems.map((p) => `addresses ${when}: ${p} is outside 127.0.0.0/8 and 198.18.0.0/15`));
  else console.log(`compose-test: addresses ${when}: every network, container, interface and route in 127.0.0.0/8 or 198.18.0.0/15`);
}

function docker(args) {
  const r = spawnSync('docker', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`docker ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout.trim().split('\n').filter(Boolean);
}

/** The smoke bench's summary: a compose run, every row measured, nothing failed, the stand-ins named. */
function benchProblems() {
  const summary = JSON.parse(readFileSync(join(BENCH_RESULTS, 'latest', 'summary.json'), 'utf8'));
  const problems = [];
  if (summary.runtime !== 'compose') problems.push(`summary.json says runtime ${summary.runtime}`);
  if (summary.failedRuns) problems.push(`${summary.failedRuns} runs failed`);
  for (const row of summary.results) {
    if (!(row.throughput?.median > 0) || row.errors) problems.push(`${row.stack} ${row.workload}: ${row.throughput?.median} req/s, ${row.errors} errors`);
  }
  const standins = Object.keys(summary.environment.standins ?? {});
  console.log(`compose-test: the bench ran ${summary.results.length} rows with runtime ${summary.runtime}; ` +
    `images on stand-ins: ${standins.join(', ') || 'none (every base image is the official one)'}`);
  return problems;
}

/** After make down: no container, network or volume of the project but its database's volume. */
function leftovers() {
  const filter = ['--filter', `label=com.docker.compose.project=${PROJECT}`];
  const left = [
    ...docker(['ps', '--all', '--format', 'container {{.Names}}', ...filter]),
    ...docker(['network', 'ls', '--format', 'network {{.Name}}', ...filter]),
    ...docker(['volume', 'ls', '--format', 'volume {{.Name}}', ...filter]).filter((v) => v !== `volume ${PROJECT}_db`),
  ];
  return left.map((l) => `${l} left behind by make down`);
}

before = hostAddresses();
const engine = phase('engine', () => exited('make engine', make('engine')));
if (engine) addresses('with the engine up');
// The native runtime's MariaDB and stacks hold the ports the compose services publish (3307, 8081-8086).
make('db-down');
run('node', ['harness/runtimes/native/stacks.mjs', 'down'], { RUNTIME: 'native' });
// A fresh database volume: the schema (spec/schema.sql) is applied when the volume is initialised, and only then.
if (engine) run('docker', ['volume', 'rm', '--force', `${PROJECT}_db`]);
const up = engine && phase('up', () => exited('make up RUNTIME=compose', make('up', 'RUNTIME=compose')));
if (up) {
  addresses('with every service up');
  // Through make, as a user runs them: it gives the containers their cpusets for this machine's cores.
  phase('conformance', () => exited('make conformance RUNTIME=compose', make('conformance', 'RUNTIME=compose')));
  phase('faults', () => exited('make faults RUNTIME=compose', make('faults', 'RUNTIME=compose')));
  phase('bench', () => [...exited('make bench RUNTIME=compose PROFILE=smoke',
    make('bench', 'RUNTIME=compose', 'PROFILE=smoke', `STACKS=${BENCH_STACKS}`, `RESULTS_DIR=${BENCH_RESULTS}`)),
  ...benchProblems()]);
  addresses('after the bench');
}
if (engine) phase('down', () => [...exited('make down RUNTIME=compose', make('down', 'RUNTIME=compose')), ...leftovers()]);
// An engine make engine started for this checkout is stopped again; one of the machine's own is left running.
make('engine-down');

console.log('\ncompose-test phases');
for (const p of phases) console.log(`  ${p.ok ? 'ok    ' : 'FAILED'} ${p.name.padEnd(12)} ${p.seconds} s`);
console.log(`  total ${phases.reduce((sum, p) => sum + p.seconds, 0)} s`);
for (const f of failures) console.error(`compose-test: ${f}`);
process.exitCode = failures.length ? 1 : 0;
