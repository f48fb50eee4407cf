// ApacheBench (Debian's apache2-utils), for the AIO write-up's step only (make aio, harness/reproductions/aio/README.md): the
// write-up measured with `ab -n 30000 -c 300`, so that command is run as it was, pinned to LOADGEN_CPUS. ab sends
// HTTP/1.0 without keep-alive (no -k in the write-up): every request is a new connection, where wrk keeps its
// connections. What the bench reads is ab's own text: requests per second, failures, and its percentile table.
import { spawnSync } from 'node:child_process';
import { ensureDebianPackage } from './apt.mjs';
import { runGenerator } from './generator-process.mjs';

const AB = 'ab';
// The write-up's command: 30,000 requests, 300 at a time.
export const WRITEUP = { requests: 30000, concurrency: 300 };

export function ensureAb() {
  ensureDebianPackage('apache2-utils', 'ab, the AIO write-up\'s generator', () => spawnSync(AB, ['-V']).error === undefined);
}

export function abVersion() {
  const r = spawnSync(AB, ['-V'], { encoding: 'utf8' });
  return /Version (\S+)/.exec(`${r.stdout}${r.stderr}`)?.[1] ?? null;
}

/** The command line: the write-up's flags and nothing else, against the server's /hello. */
export function abArgs({ host = '127.0.0.1', port, requests = WRITEUP.requests, concurrency = WRITEUP.concurrency, path = '/hello' }) {
  if (!(Number(port) > 0)) throw new Error(`a port is required, got ${port}`);
  if (!(requests >= concurrency && concurrency >= 1)) throw new Error(`requests (${requests}) must be ≥ concurrency (${concurrency}) ≥ 1`);
  return ['-n', String(requests), '-c', String(concurrency), `http://${host}:${port}${path}`];
}

const number = (text, label) => {
  const m = new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(text);
  return m ? Number(m[1]) : null;
};

/**
 * ab's report as figures: complete and failed requests, non-2xx answers, the run's seconds, requests per second
 * (ab's: complete / seconds), bytes received per response, and its percentile table (ms, whole, of each request's
 * total time: connect, send, wait, receive). null when the output holds no report (ab stopped early).
 */
export function parseAb(output) {
  const complete = number(output, 'Complete requests');
  const seconds = number(output, 'Time taken for tests');
  if (complete == null || seconds == null) return null;
  const percentiles = {};
  for (const m of output.matchAll(/^\s+(\d+)%\s+(\d+)/gm)) percentiles[m[1]] = Number(m[2]);
  const total = number(output, 'Total transferred');
  return {
    complete, seconds,
    failed: number(output, 'Failed requests') ?? 0,
    non2xx: number(output, 'Non-2xx responses') ?? 0,
    requestsPerSecond: number(output, 'Requests per second'),
    bytesPerResponse: total != null && complete ? total / complete : null,
    percentilesMs: percentiles,
  };
}

/** One ab run on `cpus`; onSpawn(pid) as soon as it exists. Resolves { exitCode, result (parseAb), output }. */
export async function runAb({ cpus = '', onSpawn = () => {}, ...options }) {
  const run = await runGenerator(AB, abArgs(options), { cpus, onSpawn: (pid) => onSpawn(pid) });
  const output = `${run.stdout}${run.stderr}`;
  return { exitCode: run.exitCode, result: parseAb(run.stdout), output: output.trim().split('\n').slice(-8).join('\n'), text: run.stdout };
}
