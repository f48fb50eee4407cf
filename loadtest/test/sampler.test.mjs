import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processTree, startSampler, resourceSummary, memoryBytes, CLOCK_TICKS, cpuTimes, busyPercent, stealPercent, cpuBusy,
  stolen } from '../sampling/sampler.mjs';

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
    // The sum of every member's memory (Pss), not the parent's alone; and below the RSS sum, which counts
    // the pages the three share (the node binary, libraries) three times.
    const parentOnly = memoryBytes(tree.find((p) => p.pid === parent.pid));
    assert.ok(summary.peakRssBytes > 2 * parentOnly, `memory ${summary.peakRssBytes} vs parent ${parentOnly}`);
    const rssSum = tree.reduce((sum, p) => sum + p.rssBytes, 0);
    assert.ok(summary.peakRssBytes < rssSum, `Pss sum ${summary.peakRssBytes} vs RSS sum ${rssSum}`);
  } finally {
    process.kill(-parent.pid, 'SIGKILL');
  }
});

const sample = (t, cpuPercent, rssBytes, threads, processes, seconds = 1) =>
  ({ t, seconds, ticks: (cpuPercent / 100) * CLOCK_TICKS * seconds, cpuPercent, rssBytes, threads, processes, commands: ['node'] });

test('resourceSummary keeps only the samples inside the window', () => {
  const samples = [sample(1000, 10, 5, 1, 1), sample(2000, 90, 7, 4, 2), sample(3000, 70, 6, 3, 2), sample(4000, 200, 99, 9, 9)];
  const summary = resourceSummary(samples, 1000, 3000);
  assert.ok(Math.abs(summary.cpuMeanPercent - 80) < 1e-9, `mean ${summary.cpuMeanPercent}`);
  assert.deepEqual({ ...summary, cpuMeanPercent: 80 },
    { cpuMeanPercent: 80, cpuPeakPercent: 90, peakRssBytes: 7, threads: 4, processes: 2, commands: ['node'] });
  assert.equal(resourceSummary(samples, 5000, 6000).cpuMeanPercent, null);
});

test('a window shorter than the sampling interval takes the interval that overlaps it', () => {
  const samples = [sample(1000, 10, 5, 1, 1), sample(2000, 90, 7, 4, 2), sample(3000, 70, 6, 3, 2)];
  // (1600, 1900) holds no midpoint (500, 1500, 2500) but lies inside the interval ending at 2000.
  const summary = resourceSummary(samples, 1600, 1900);
  assert.equal(summary.cpuPeakPercent, 90);
  assert.equal(summary.peakRssBytes, 7);
});

test('the mean CPU is total ticks over total time, not a mean of per-interval ratios', () => {
  // A short late interval (0.1 s at 200 %) must weigh a tenth of a full second: (100 + 20) / 1.1 s ≈ 109 %,
  // where averaging the ratios would say 150 %.
  const samples = [sample(1000, 100, 1, 1, 1), sample(1100, 200, 1, 1, 1, 0.1)];
  const mean = resourceSummary(samples).cpuMeanPercent;
  assert.ok(Math.abs(mean - 120 / 1.1) < 1e-6, `mean ${mean}`);
});

test('memory is Pss when smaps_rollup is readable (shared pages split), RSS otherwise; commands recorded', async () => {
  const [self] = processTree(process.pid).filter((p) => p.pid === process.pid);
  // The kernel's name for the process: "node" up to Node.js 24, "node-MainThread" since 26 names its main thread.
  const comm = readFileSync(`/proc/${process.pid}/comm`, 'utf8').trim();
  assert.match(comm, /^node/);
  assert.equal(self.command, comm);
  const pss = memoryBytes(self);
  assert.ok(pss > 0 && pss <= self.rssBytes, `pss ${pss} vs rss ${self.rssBytes}`);
  assert.equal(memoryBytes({ pid: 2 ** 22 + 1, rssBytes: 123 }), 123);
  const sampler = startSampler(process.pid, 50);
  await new Promise((r) => setTimeout(r, 120));
  assert.ok(sampler.stop().every((s) => s.commands.includes(comm)));
});

test('a pid that does not exist has an empty tree', () => {
  assert.deepEqual(processTree(2 ** 22 + 1), []);
});

test('steal: read apart from /proc/stat, inside busy; its share of the chosen CPUs between two readings', () => {
  const stat = (cpu1) => `cpu  1 2 3 4 5 6 7 8 0 0\ncpu0 100 0 50 800 10 0 10 30 0 0\ncpu1 ${cpu1} 0 0\nintr 1\n`;
  const before = cpuTimes(stat('200 0 100 600 0 0 0 100'));
  const after = cpuTimes(stat('260 0 120 610 0 0 0 110'));
  assert.deepEqual(before.get(0), { busy: 190, steal: 30, total: 1000 });
  assert.deepEqual(before.get(1), { busy: 400, steal: 100, total: 1000 });
  assert.equal(busyPercent(before, after, [1]), 90);
  assert.equal(stealPercent(before, after, [1]), 10);
  assert.equal(stealPercent(before, after, [0]), null, 'no progress on cpu0: nothing to divide by');
  assert.equal(stealPercent(before, after, [2]), null, 'a CPU not read');
  const windows = cpuBusy([{ t: 0, times: before }, { t: 1000, times: after }]);
  assert.equal(windows.stealIn(0, 1000, [1]), 10);
  assert.equal(windows.busyIn(0, 1000, [1]), 90);
});

test('stolen: the largest steal over the roles read', () => {
  assert.equal(stolen({ server: 1.5, db: null, loadgen: 7 }), 7);
  assert.equal(stolen({ server: null }), null);
  assert.equal(stolen(undefined), null);
});
