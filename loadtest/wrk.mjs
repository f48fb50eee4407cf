// wrk for the bench (Debian's package, the TechEmpower toolset's generator): installed from Debian packages
// when missing, run pinned to LOADGEN_CPUS with one of the Lua scripts in wrk/ per workload. Each script's
// done() prints one "WRK_RESULT {json}" line; that, not wrk's text summary, is what the bench reads.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../scripts/lib/stacks.mjs';
import { ensureDebianPackage } from './lib/apt.mjs';
import { runGenerator } from './lib/generator-process.mjs';

const WRK = 'wrk';
const SCRIPTS = join(ROOT, 'loadtest/wrk');
const DEFAULT_PAYLOAD = join(ROOT, 'spec/fixtures/events/seed.request.json');
// wrk's default of 2 s is the bookings acquire timeout itself (spec/API.md §6.5): a request answered just past it,
// or a stack that breaks it, must show as a slow answer, not vanish as a wrk timeout.
const TIMEOUT_SECONDS = 35;

export function ensureWrk() {
  ensureDebianPackage('wrk', 'the bench\'s throughput generator', () => spawnSync(WRK, ['-v']).error === undefined);
}

export function wrkVersion() {
  const r = spawnSync(WRK, ['-v'], { encoding: 'utf8' });
  return /^wrk (\S+)/m.exec(`${r.stdout}${r.stderr}`)?.[1] ?? null;
}

/** The command line of one run: the workload's script, its URL and the arguments its init() reads. */
export function wrkArgs({ workload, host = '127.0.0.1', port, connections, threads = 1, durationSeconds,
  file = '1mb.bin', payload = DEFAULT_PAYLOAD, corpus }) {
  if (!(Number(port) > 0)) throw new Error(`a port is required, got ${port}`);
  if (!(connections >= threads && threads >= 1)) throw new Error(`connections (${connections}) must be ≥ threads (${threads}) ≥ 1`);
  if (!(durationSeconds >= 1)) throw new Error(`durationSeconds must be ≥ 1, got ${durationSeconds}`);
  const base = `http://${host}:${port}`;
  const [script, path, extra] = {
    hello: ['get.lua', '/hello', []],
    static: ['get.lua', `/static/${file}`, []],
    echo: ['echo.lua', '/event', [payload]],
    bookings: ['bookings.lua', '/bookings', [corpus]],
  }[workload] ?? [];
  if (!script) throw new Error(`unknown workload "${workload}"`);
  if (extra.some((x) => !x)) throw new Error(`${workload} needs its ${workload === 'echo' ? 'payload' : 'corpus'} file`);
  return ['-t', String(threads), '-c', String(connections), '-d', `${Math.round(durationSeconds)}s`,
    '--timeout', `${TIMEOUT_SECONDS}s`, '-s', join(SCRIPTS, script), `${base}${path}`, ...(extra.length ? ['--', ...extra] : [])];
}

/** Reads the WRK_RESULT line of wrk's output; null when there is none. */
export function parseResult(output) {
  const line = output.split('\n').find((l) => l.startsWith('WRK_RESULT '));
  return line ? JSON.parse(line.slice('WRK_RESULT '.length)) : null;
}

/**
 * Runs wrk once; resolves { exitCode, result (the done() JSON), output (its last lines) }. onSpawn(pid) is
 * called as soon as the process exists, so its CPU can be sampled.
 */
export async function runWrk({ cpus = '', onSpawn = () => {}, ...options }) {
  const { exitCode, stdout, stderr } = await runGenerator(WRK, wrkArgs(options), { cpus, onSpawn });
  const lines = `${stdout}${stderr}`.split('\n').filter(Boolean);
  let result = null;
  try { result = parseResult(stdout); } catch (error) { lines.push(`unreadable WRK_RESULT: ${error.message}`); }
  return { exitCode, result, output: lines.filter((l) => !l.startsWith('WRK_RESULT ')).slice(-20).join('\n') };
}
