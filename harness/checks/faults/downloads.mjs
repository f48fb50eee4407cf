// spec/API.md §4.5: ten clients download a 100 MiB file at once. Every byte must arrive, as it is on disk, and
// the stack's memory (Pss of its process tree, so forked workers count once; in compose the container's own
// accounting, server.memoryBytes) must grow by less than 64 MiB.
import http from 'node:http';
import { memoryBytes as pssBytes, processTree } from '../../../loadtest/sampling/sampler.mjs';

export const LARGE_FILE = 'faults-100mb.bin';
export const LARGE_BYTES = 100 * 1024 * 1024;
const CLIENTS = 10;
const MAX_GROWTH_BYTES = 64 * 1024 * 1024;
const SAMPLE_MS = 200;
const TIMEOUT_MS = 120_000;

const MiB = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const processTreeBytes = (pid) => processTree(pid).reduce((sum, p) => sum + pssBytes(p), 0);

/** One download on its own connection, compared with `expected` chunk by chunk as it arrives. */
function download(url, expected) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: TIMEOUT_MS }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`HTTP ${res.statusCode}`));
        return;
      }
      let offset = 0;
      let differsAt = -1;
      res.on('data', (chunk) => {
        if (differsAt < 0 && !chunk.equals(expected.subarray(offset, offset + chunk.length))) differsAt = offset;
        offset += chunk.length;
      });
      res.on('end', () => resolve({ bytes: offset, differsAt }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no progress for ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
  });
}

/**
 * Returns { growthBytes, seconds, problems }. Warm-up downloads first: what a first download sets up
 * (buffers, pools, a JIT-compiled path, the young generation it churns through) is not growth under load.
 */
export async function largeDownloads({ host, port, pid, memoryBytes }, expected) {
  // A container that has gone counts as nothing more (null): the downloads' own failures then say what happened.
  const treeBytes = memoryBytes ? () => memoryBytes() ?? 0 : () => processTreeBytes(pid);
  const url = `http://${host}:${port}/static/${LARGE_FILE}`;
  const problems = [];
  const check = (what, { bytes, differsAt }) => {
    if (bytes !== expected.length) problems.push(`${what}: ${bytes} of ${expected.length} bytes arrived`);
    else if (differsAt >= 0) problems.push(`${what}: the bytes differ from the file's at offset ${differsAt}`);
  };
  // Two at once: a stack of several processes whose primary deals connections round-robin gives each worker one.
  for (const first of await Promise.all([download(url, expected), download(url, expected)])) check('a warm-up download', first);
  const before = treeBytes();
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, treeBytes()); }, SAMPLE_MS);
  const started = Date.now();
  let results;
  try {
    results = await Promise.allSettled(Array.from({ length: CLIENTS }, () => download(url, expected)));
  } finally {
    clearInterval(sampler);
  }
  const seconds = (Date.now() - started) / 1000;
  peak = Math.max(peak, treeBytes());
  results.forEach((r, i) => {
    if (r.status === 'rejected') problems.push(`download ${i + 1} of ${CLIENTS} failed: ${r.reason.message}`);
    else check(`download ${i + 1} of ${CLIENTS}`, r.value);
  });
  const growthBytes = peak - before;
  if (growthBytes >= MAX_GROWTH_BYTES) {
    problems.push(`memory grew by ${MiB(growthBytes)} MiB during ${CLIENTS} downloads at once (${MiB(before)} → ` +
      `${MiB(peak)} MiB${memoryBytes ? ' in the container' : ' Pss'}); the bound is ${MiB(MAX_GROWTH_BYTES)} MiB`);
  }
  return { growthBytes, seconds, problems };
}
