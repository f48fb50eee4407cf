import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processTree, startSampler, resourceSummary } from '../lib/sampler.mjs';

// A parent that forks two busy children (like node:cluster) and then waits: the sampler must see all three.
const PARENT = `
const { fork } = require('node:child_process');
if (process.argv[2] === 'child') { const end = Date.now() + 20000; while (Date.now() < end); }
else { fork(__filename, ['child']); fork(__filename, ['child']); setTimeout(() => {}, 20000); }
`;

test('samples the whole tree: parent and both busy children, CPU summed, RSS summed', async () => {
  const script = join(mkdtempSync(join(tmpdir(), 'sampler-')), 'parent.cjs');
  writeFileSync(script, PARENT);
  const parent = spawn(process.execPath, [script], { detached: true, stdio: 'ignore' });
  try {
    const deadline = Date.now() + 5000;
    while (processTree(parent.pid).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const sampler = startSampler(parent.pid, 250);
    await new Promise((r) => setTimeout(r, 1600));
    const samples = sampler.stop();
    const tree = processTree(parent.pid);
    assert.ok(samples.length >= 5, `${samples.length} samples`);
    const summary = resourceSummary(samples);
    assert.ok(summary.processes >= 3, `processes ${summary.processes}`);
    assert.ok(summary.threads >= 3 * 7, `threads ${summary.threads} (a Node process has ~7)`);
    assert.ok(summary.cpuMeanPercent > 20, `cpu ${summary.cpuMeanPercent}`);
    // The sum of every member's RSS, not the parent's alone (each Node process is tens of MiB).
    const parentOnly = tree.find((p) => p.pid === parent.pid).rssBytes;
    assert.ok(summary.peakRssBytes > 2 * parentOnly, `rss ${summary.peakRssBytes} vs parent ${parentOnly}`);
  } finally {
    process.kill(-parent.pid, 'SIGKILL');
  }
});

test('resourceSummary keeps only the samples inside the window', () => {
  const samples = [
    { t: 1000, cpuPercent: 10, rssBytes: 5, threads: 1, processes: 1 },
    { t: 2000, cpuPercent: 90, rssBytes: 7, threads: 4, processes: 2 },
    { t: 3000, cpuPercent: 70, rssBytes: 6, threads: 3, processes: 2 },
    { t: 4000, cpuPercent: 200, rssBytes: 99, threads: 9, processes: 9 },
  ];
  assert.deepEqual(resourceSummary(samples, 1500, 3500),
    { cpuMeanPercent: 80, cpuPeakPercent: 90, peakRssBytes: 7, threads: 4, processes: 2 });
  assert.equal(resourceSummary(samples, 5000, 6000).cpuMeanPercent, null);
});

test('a pid that does not exist has an empty tree', () => {
  assert.deepEqual(processTree(2 ** 22 + 1), []);
});
