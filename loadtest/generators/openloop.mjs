// The open-loop generator of the latency step: oha (crates.io, built by cargo), with a fixed rate (-q) and
// --latency-correction, so each request is due at its time on the schedule and its latency counts from then,
// whether or not a connection was free (the same generator without -q is the closed loop the stall test sets
// against it). Installed with `cargo install --locked` at the version below into cargo's own bin directory
// when missing; run pinned to LOADGEN_CPUS with one worker thread per CPU there. Its JSON report is read.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, RUN_DIR } from '../../harness/lib/stacks.mjs';
import { cpuList } from '../sampling/sampler.mjs';
import { runGenerator } from './generator-process.mjs';
import { HOSTS } from '../sampling/remote.mjs';
import { generateBookings, jsonBooking } from './corpus.mjs';

export const OHA_VERSION = '1.16.0';
const CARGO_BIN = join(process.env.CARGO_HOME || join(homedir(), '.cargo'), 'bin');
const DEFAULT_PAYLOAD = join(ROOT, 'spec/fixtures/events/seed.request.json');

/** The oha on PATH or in cargo's bin directory, when it is the pinned version; else null. */
export function ohaPath() {
  for (const candidate of ['oha', join(CARGO_BIN, 'oha')]) {
    const r = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim() === `oha ${OHA_VERSION}`) return candidate;
  }
  return null;
}

/** Installs oha from crates.io (cargo install --locked: its own lockfile) when the pinned version is missing. */
export function ensureOha() {
  if (ohaPath()) return;
  const cargo = ['cargo', join(CARGO_BIN, 'cargo')].find((c) => spawnSync(c, ['--version']).status === 0);
  if (!cargo) throw new Error(`oha ${OHA_VERSION} is missing and so is cargo to build it (Rust from rustup, ≥ 1.88)`);
  process.stderr.write(`bench: installing oha ${OHA_VERSION} from crates.io (cargo install, a few minutes once)\n`);
  const r = spawnSync(cargo, ['install', 'oha', '--version', OHA_VERSION, '--locked', '--quiet'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0 || !ohaPath()) throw new Error(`cargo install oha --version ${OHA_VERSION} failed (exit ${r.status})`);
}

export function ohaVersion() {
  return OHA_VERSION;
}

// oha reads a body per line (-Z), so protobuf (whose first byte is a newline) cannot go that way: the open-loop
// bookings send the corpus's bookings as proto3 JSON, the same bookings in the same order as wrk's.
function bookingLines() {
  const file = join(RUN_DIR, 'bench-corpus', 'bookings.jsonl');
  mkdirSync(dirname(file), { recursive: true });
  if (!existsSync(file)) writeFileSync(file, `${generateBookings().map((b) => jsonBooking(b).toString()).join('\n')}\n`);
  return file;
}

/**
 * The command line of one run. rate: requests per second, or null for a closed loop (each connection sends
 * its next request when its answer is in: what the stall test sets against the open loop).
 */
export function ohaArgs({ workload, host = '127.0.0.1', port, rate, seconds, connections, threads = 1, file = '1mb.bin',
  payload = DEFAULT_PAYLOAD }) {
  if (!(Number(port) > 0)) throw new Error(`a port is required, got ${port}`);
  if (!(seconds >= 1)) throw new Error(`seconds must be ≥ 1, got ${seconds}`);
  const base = `http://${host}:${port}`;
  const request = {
    hello: [`${base}/hello`],
    static: [`${base}/static/${file}`],
    echo: ['-m', 'POST', '-T', 'application/json', '-D', payload, `${base}/event`],
    bookings: ['-m', 'POST', '-T', 'application/json', '-Z', workload === 'bookings' ? bookingLines() : '', `${base}/bookings`],
  }[workload];
  if (!request) throw new Error(`unknown workload "${workload}"`);
  const pace = rate ? ['-q', String(rate), '--latency-correction'] : [];
  return ['-z', `${Math.round(seconds)}s`, ...pace, '-c', String(connections), '--worker-threads', String(threads),
    '--no-tui', '--output-format', 'json', ...request];
}

const MS = (seconds) => (seconds == null ? null : seconds * 1000);

/** oha's JSON report as the bench's figures: requests, completed, achieved rate, errors, latency in ms. */
export function readReport(report, { workload, connections, seconds }) {
  const statuses = report.statusCodeDistribution ?? {};
  const expected = workload === 'bookings' ? '201' : '200';
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  const failures = Object.entries(report.errorDistribution ?? {});
  // A request still in flight at the deadline is aborted (oha counts it an error of its own): it is neither a
  // success nor the server's failure, but it may have reached the server.
  const aborted = failures.filter(([k]) => /deadline/.test(k)).reduce((n, [, v]) => n + v, 0);
  const socket = failures.filter(([k]) => !/deadline/.test(k)).reduce((n, [, v]) => n + v, 0);
  const errorCodes = Object.fromEntries([...Object.entries(statuses).filter(([code]) => code !== expected),
    ...failures.filter(([k]) => !/deadline/.test(k))]);
  const p = report.latencyPercentiles ?? {};
  return {
    requests: answered + socket, completed: statuses[expected] ?? 0, achieved: (statuses[expected] ?? 0) / seconds,
    errors: answered - (statuses[expected] ?? 0) + socket, errorCodes, statuses, aborted,
    unanswered: Math.min(aborted, connections) + socket,
    latencyMs: { p50: MS(p.p50), p90: MS(p.p90), p99: MS(p.p99), 'p99.9': MS(p['p99.9']), max: MS(report.summary?.slowest) },
  };
}

/** One oha run; resolves { exitCode, result, raw (oha's JSON), output }. onSpawn(pid) as soon as it exists. */
export async function runOpenLoop({ cpus = '', onSpawn = () => {}, ...options }) {
  // On another load host, `make loadgen` there installed it, and cargo's bin is on the remote command's PATH.
  const oha = HOSTS.loadgen.remote ? 'oha' : ohaPath();
  if (!oha) throw new Error(`oha ${OHA_VERSION} is not installed (ensureOha)`);
  const threads = cpus ? cpuList(cpus).length : 1;
  const { exitCode, stdout, stderr } = await runGenerator(oha, ohaArgs({ ...options, threads }), { cpus, onSpawn });
  let raw = null;
  try { raw = JSON.parse(stdout); } catch { /* reported below */ }
  return { exitCode, raw, result: raw && readReport(raw, options),
    output: `${stderr}${raw ? '' : stdout}`.trim().split('\n').slice(-10).join('\n') };
}

/**
 * What oha can send on these CPUs: unpaced (each connection's next request as soon as its answer is in) against
 * nginx, which answers hello and the 1 MiB file faster than any stack here. Pacing only adds to its work, so
 * the latency steps ask for at most half of this.
 */
export async function openLoopCeiling({ workload, host, port, file, cpus, seconds, connections }) {
  const run = await runOpenLoop({ workload, host, port, file, cpus, seconds, connections, rate: null });
  if (run.exitCode !== 0 || !run.result) throw new Error(`oha exited with ${run.exitCode}: ${run.output}`);
  return { achieved: run.result.achieved, errors: run.result.errors };
}
