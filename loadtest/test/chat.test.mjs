// The chat workload: the client end to end against a fake server that loses, duplicates and reorders
// deliveries on purpose (they must be reported, per pair), the verdict, the summary row and the table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findJavaHome } from '../../harness/lib/java.mjs';
import { installChatClient, CHAT_JAR, clientArgs, chatFailureReason, buildChatRow, parseClientProgress,
  clientBound, clientStarved, mergeHistograms } from '../run/chat.mjs';
import { formatChatTable } from '../reports/table.mjs';
import { startFakeChatServer } from './fake-chat-server.mjs';

const STEP = { rooms: 1, usersPerRoom: 3, messages: 20, warmupMessages: 2, intervalMs: 5, settleMs: 300, drainIdleMs: 1000 };

async function runClient(faults, step = STEP) {
  await installChatClient();
  const server = await startFakeChatServer(faults);
  const dir = mkdtempSync(join(tmpdir(), 'chat-client-'));
  try {
    const report = join(dir, 'chat.json');
    const histograms = join(dir, 'latency.hgrm');
    // Async spawn: the fake server runs on this process's event loop.
    const { spawn } = await import('node:child_process');
    const child = spawn(join(findJavaHome(), 'bin', 'java'), ['-jar', CHAT_JAR,
      ...clientArgs({ port: server.port, step, report, histograms, maxSeconds: 60 }), '--prefix', 'fault'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => { stderr += c; });
    const code = await new Promise((r) => child.on('close', r));
    assert.equal(code, 0, stderr);
    return { data: JSON.parse(readFileSync(report, 'utf8')), merged: await mergeHistograms([histograms, histograms]) };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a clean relay: every (sender, recipient) pair complete, in order, timed', { timeout: 120_000 }, async () => {
  const { data, merged } = await runClient({});
  const total = STEP.messages + STEP.warmupMessages;
  assert.equal(data.sent, 3 * total);
  assert.equal(data.expected, 3 * total * 3); // senders × messages × members of the room
  assert.equal(data.delivered, data.expected);
  assert.equal(data.violations.total, 0);
  assert.equal(data.violations.pairsChecked, 9);
  assert.equal(data.errors.total, 0);
  assert.equal(data.latencyMs.count, 3 * STEP.messages * 3); // the warm-up is verified, not timed
  assert.ok(data.latencyMs.p50 > 0 && data.latencyMs.max >= data.latencyMs.p99);
  assert.ok(data.window.to >= data.window.from && data.client.cpus >= 1 && data.client.cpuPercent >= 0);
  assert.ok(data.client.runQueueWaitPercent >= 0, 'schedstat read');
  assert.ok(data.client.gcMs >= 0, 'GC time read');
  assert.equal(data.sendLagMs.count, 3 * STEP.messages, 'send lag of the measured messages only');
  assert.equal(chatFailureReason(data, false), null);
  assert.equal(merged.latencyMs.count, 2 * data.latencyMs.count, 'merge adds the repeats up');
});

test('lost, duplicated and reordered deliveries are reported for their pairs and fail the run', { timeout: 120_000 }, async () => {
  const { data } = await runClient({ drop: ['1>2#3'], duplicate: ['0>1#5'], delay: ['2>0#7'] });
  assert.equal(data.expected, 3 * 22 * 3);
  assert.equal(data.delivered, data.expected - 1);
  assert.equal(data.violations.lost, 1);
  assert.equal(data.violations.duplicates, 1);
  assert.equal(data.violations.reordered, 1);
  assert.equal(data.violations.total, 3);
  assert.equal(data.violations.violatingPairs, 3);
  const pairs = Object.fromEntries(data.violations.examples.map((e) => [`${e.sender}>${e.recipient}`, e]));
  assert.equal(pairs['fault-u1>fault-u2'].lost, 1);
  assert.equal(pairs['fault-u0>fault-u1'].duplicates, 1);
  assert.equal(pairs['fault-u2>fault-u0'].reordered, 1);
  const reason = chatFailureReason(data, false);
  assert.match(reason, /delivered 197 of 198 expected/);
  assert.match(reason, /3 violations \(lost 1, duplicates 1, reordered 1\) in 3 of 9 \(sender, recipient\) pairs/);
});

const report = (over = {}) => ({
  sent: 10, scheduled: 10, expected: 30, delivered: 30, throughput: 100,
  violations: { total: 0, lost: 0, duplicates: 0, reordered: 0, misrouted: 0, unknown: 0, extra: 0, violatingPairs: 0, pairsChecked: 9, examples: [] },
  errors: { total: 0, refusedConnections: 0, closedByServer: {}, systemFrames: 0, binaryFrames: 0, sendFailures: 0, socketErrors: 0, drainTimedOut: false },
  latencyMs: { p50: 1, p90: 2, p99: 3, 'p99.9': 4, max: 5, count: 30 },
  client: { cpuPercent: 40, cpus: 1 }, resources: { cpuMeanPercent: 50, cpuPeakPercent: 70, peakRssBytes: 2 ** 20 * 80, threads: 7, processes: 1 },
  report: 'x/chat.json', ...over,
});

test('the verdict names refused connections, server closes, a dead server and unsent messages', () => {
  assert.equal(chatFailureReason(report(), false), null);
  assert.equal(chatFailureReason(report(), true), 'the server process died during the run');
  const bad = report({ delivered: 20, sent: 8,
    errors: { ...report().errors, total: 3, refusedConnections: 1, closedByServer: { 1013: 2 } } });
  const reason = chatFailureReason(bad, false);
  assert.match(reason, /delivered 20 of 30 expected/);
  assert.match(reason, /1 refused connections, 2 closed by the server with 1013/);
  assert.match(reason, /sent 8 of 10 scheduled/);
});

test('the row sums repeats, keeps server and client CPU apart, and flags a client-bound run', () => {
  const step = { rooms: 2, usersPerRoom: 10 };
  const row = buildChatRow({ server: 'node-express', workload: 'chat', label: 'chat@2x10', step,
    repeats: [report({ repeat: 1 }), report({ repeat: 2, throughput: 300, client: { cpuPercent: 95, cpus: 1 }, clientBound: true })],
    merged: { latencyMs: { p50: 1.5, p90: 2, p99: 3, 'p99.9': 4, max: 9, count: 60 } } });
  assert.equal(row.expected, 60);
  assert.equal(row.delivered, 60);
  assert.equal(row.delivery, 'pass');
  assert.equal(row.throughput.median, 200);
  assert.equal(row.latencyMs.max, 9);
  assert.equal(row.cpuPercent.mean, 50);
  assert.equal(row.peakRssBytes, 2 ** 20 * 80);
  assert.deepEqual([row.client.cpuPercent, row.client.bound], [95, true]);
  assert.equal(clientBound({ cpuPercent: 95, cpus: 1 }), true);
  assert.equal(clientBound({ cpuPercent: 95, cpus: 2 }), false);
  assert.equal(clientStarved({ cpuPercent: 30, cpus: 1, runQueueWaitPercent: 140 }), true);
  assert.equal(clientStarved({ cpuPercent: 30, cpus: 1, runQueueWaitPercent: 5 }), false);
  const starved = buildChatRow({ server: 's', workload: 'chat', label: 'chat', step,
    repeats: [report({ client: { cpuPercent: 30, cpus: 1, runQueueWaitPercent: 140 }, clientStarved: true })] });
  assert.deepEqual([starved.client.runQueueWaitPercent, starved.client.starved, starved.client.bound], [140, true, false]);
  assert.match(formatChatTable([starved]), /30\/140 CLIENT-STARVED\s+kept up$/m);
  const table = formatChatTable([row, { ...row, stack: 'node-cluster', failed: true, violations: { ...row.violations, total: 4 } }]);
  assert.match(table, /^stack\s+scenario\s+deliv\/s/);
  assert.match(table, /node-express\s+chat@2x10 \(2 rooms x 10\)\s+200\s+1\.50/);
  assert.match(table, /60\/60\s+0\s+0\s+50\/70\s+80\s+-\s+95\/- CLIENT-BOUND\s+kept up/);
  assert.match(table, /node-cluster.*\s4\s.*FAILED$/m);
});

test("the client's progress lines give the phase and the delivery rate", () => {
  assert.deepEqual(parseClientProgress('chat measure sent=2982 delivered=59608 rate=40207/s'), { phase: 'measure', rate: 40207 });
  assert.equal(parseClientProgress('Exception in thread "main"'), null);
  assert.deepEqual(clientArgs({ port: 8085, step: STEP, report: 'r.json' }).slice(0, 6), ['--host', '127.0.0.1', '--port', '8085', '--rooms', '1']);
});
