// The chat workload: one run of the Java chat client (loadtest/generators/chat-client) against a server that is up, with
// the server's process tree sampled as for HTTP, then its report folded into a summary row. The client itself
// connects rooms × usersPerRoom users, sends on a fixed schedule, verifies exactly-once and per-sender order for
// every (sender, recipient) pair, and times every delivery with HdrHistogram on one monotonic clock.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../../harness/lib/stacks.mjs';
import { findJavaHome } from '../../harness/lib/java.mjs';
import { resourceSummary } from '../sampling/sampler.mjs';
import { processDied } from './run.mjs';
import { quote, spawnOn, mustRunOn } from '../../harness/lib/hosts.mjs';
import { HOSTS, samplerOn, fetchFile } from '../sampling/remote.mjs';
import { spread, mean } from '../reports/stats.mjs';
import { goodRepeat, repeatIntervals } from '../reports/summary.mjs';

const MODULE = join(ROOT, 'loadtest/generators/chat-client');
const POM = join(MODULE, 'pom.xml');
export const CHAT_JAR = join(MODULE, 'target/chat-client.jar');
// A modest heap: the client shares the load generator's CPUs; its state is a few bits per expected delivery.
const JVM = [...(process.env.CHAT_CLIENT_HEAP || '-Xms256m -Xmx1g').split(/\s+/), '-XX:+UseParallelGC'];
// At or above this share of its CPUs the client, not the server, may be what limits the run.
export const CLIENT_BOUND = 0.85;
// At or above this much run-queue wait (thread-seconds per second, in %) the client was kept off the CPU by
// something else on the machine: its schedule slipped and the tail latencies include that.
export const CLIENT_STARVED = 50;

const children = new Set();
/** Stops running chat clients (Ctrl-C). */
export function stopChatClients(signal = 'SIGTERM') {
  for (const child of children) { try { child.kill(signal); } catch { /* gone */ } }
}

// on: another host to run it on (over ssh), where the JDK is the newest that host has.
function run(command, args, { killAfterMs, on = null, ...options } = {}, onLine = () => {}) {
  return new Promise((done, fail) => {
    const java = (word) => (word === javaBinary() ? '"$(node harness/runtimes/native/stacks.mjs java-home)/bin/java"' : quote(word));
    const child = on?.remote ? spawnOn(on, [], { shell: `exec ${[command, ...args].map(java).join(' ')}` })
      : spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT, ...options });
    children.add(child);
    // Belt and braces beside the client's own --max-seconds: a load test stops by itself.
    const killer = killAfterMs ? setTimeout(() => { try { child.kill('SIGKILL'); } catch { /* gone */ } }, killAfterMs) : null;
    const tail = [];
    let stdout = '';
    const keep = (line) => { tail.push(line); if (tail.length > 40) tail.shift(); };
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    createInterface({ input: child.stderr }).on('line', (line) => { keep(line); onLine(line); });
    child.once('error', fail);
    child.once('close', (code, signal) => {
      if (killer) clearTimeout(killer);
      children.delete(child);
      done({ exitCode: code ?? 128, signal, stdout, output: tail.join('\n') });
    });
  });
}

const newestMtime = (dir) => readdirSync(dir, { withFileTypes: true, recursive: true })
  .filter((e) => e.isFile()).reduce((t, e) => Math.max(t, statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs), 0);

/** The versions the pom pins, for summary.json's environment. */
export function chatClientVersions() {
  const pom = readFileSync(POM, 'utf8');
  const prop = (name) => pom.match(new RegExp(`<${name}>([^<]+)<`))?.[1] ?? null;
  return { client: pom.match(/<artifactId>chat-client<\/artifactId>\s*<version>([^<]+)</)?.[1] ?? null,
    hdrHistogram: prop('hdrhistogram.version'), webSocket: 'java.net.http (JDK)' };
}

/** Builds target/chat-client.jar through ./mvnw when it is missing or older than its sources or pom. */
export async function installChatClient() {
  if (existsSync(CHAT_JAR)) {
    const built = statSync(CHAT_JAR).mtimeMs;
    if (built >= Math.max(newestMtime(join(MODULE, 'src/main')), statSync(POM).mtimeMs)) return CHAT_JAR;
  }
  const env = { ...process.env, JAVA_HOME: findJavaHome() };
  const args = ['-q', '-B', '-f', POM, 'package', '-DskipTests'];
  const result = await run(join(ROOT, 'mvnw'), args, { env });
  if (result.exitCode !== 0 || !existsSync(CHAT_JAR)) {
    throw new Error(`building the chat client failed (./mvnw ${args.join(' ')}, exit ${result.exitCode}):\n${result.stdout}\n${result.output}`);
  }
  return CHAT_JAR;
}

const javaBinary = () => join(findJavaHome(), 'bin', 'java');

function javaCommand(cpus, args) {
  const java = javaBinary();
  return cpus ? ['taskset', ['-c', String(cpus), java, ...args]] : [java, args];
}

/** The client's command-line arguments for one step. */
export function clientArgs({ host = '127.0.0.1', port, step, report, histograms, maxSeconds }) {
  const args = ['--host', host, '--port', port, '--rooms', step.rooms, '--users-per-room', step.usersPerRoom,
    '--messages', step.messages, '--warmup-messages', step.warmupMessages ?? 0, '--interval-ms', step.intervalMs,
    '--settle-ms', step.settleMs, '--drain-idle-ms', step.drainIdleMs ?? 10_000, '--out', report];
  if (histograms) args.push('--histograms', histograms);
  if (maxSeconds) args.push('--max-seconds', maxSeconds);
  return args.map(String);
}

/** "chat measure sent=… delivered=… rate=40000/s" → { phase, rate }, else null. */
export function parseClientProgress(line) {
  const m = /^chat (\S+) sent=\d+ delivered=\d+ rate=([\d.]+)\/s/.exec(line);
  return m ? { phase: m[1], rate: Number(m[2]) } : null;
}

/** Why a chat run counts as failed (null when it does not): every delivery must arrive exactly once, in order. */
export function chatFailureReason(report, died) {
  if (died) return 'the server process died during the run';
  const problems = [];
  if (report.delivered !== report.expected) problems.push(`delivered ${report.delivered} of ${report.expected} expected`);
  const v = report.violations;
  if (v.total > 0) {
    const kinds = ['lost', 'duplicates', 'reordered', 'misrouted', 'unknown', 'extra'].filter((k) => v[k] > 0).map((k) => `${k} ${v[k]}`);
    const first = v.examples?.[0];
    problems.push(`${v.total} violations (${kinds.join(', ')}) in ${v.violatingPairs} of ${v.pairsChecked} (sender, recipient) pairs` +
      (first ? `, e.g. ${first.sender} → ${first.recipient}` : ''));
  }
  const e = report.errors;
  if (e.total > 0) {
    const kinds = [];
    if (e.refusedConnections) kinds.push(`${e.refusedConnections} refused connections`);
    for (const [code, n] of Object.entries(e.closedByServer ?? {})) kinds.push(`${n} closed by the server with ${code}`);
    for (const k of ['systemFrames', 'binaryFrames', 'sendFailures', 'socketErrors']) if (e[k]) kinds.push(`${e[k]} ${k}`);
    if (e.drainTimedOut) kinds.push('deliveries still missing after the drain timeout');
    problems.push(`errors: ${kinds.join(', ')}`);
  }
  if (report.sent !== report.scheduled) problems.push(`sent ${report.sent} of ${report.scheduled} scheduled messages`);
  return problems.length ? problems.join('; ') : null;
}

/** Whether the client may have limited the run: its CPU near all of the CPUs it may use. */
export const clientBound = (client) => client?.cpuPercent != null && client.cpuPercent >= CLIENT_BOUND * 100 * (client.cpus || 1);
/** Whether the client waited for a CPU much of the window (a busy machine), whatever its own CPU. */
export const clientStarved = (client) => client?.runQueueWaitPercent != null && client.runQueueWaitPercent >= CLIENT_STARVED;

/**
 * One measured chat run against server { host, port, pid }: the client pinned to loadgenCpus, the server's
 * process tree sampled throughout and summarised over the client's measured window (first measured send to
 * last delivery). Returns the repeat's outcome for the summary.
 */
export async function measureChat({ server, step, dir, loadgenCpus, progress }) {
  mkdirSync(dir, { recursive: true });
  const report = join(dir, 'chat.json');
  const histograms = join(dir, 'latency.hgrm');
  // On another load host the client writes its files there, in a folder of its own, and they are fetched back.
  const on = HOSTS.loadgen.remote ? HOSTS.loadgen : null;
  const away = on && `/tmp/refservers-chat-${process.pid}-${Date.now()}`;
  const [out, hgrm] = on ? [`${away}/chat.json`, `${away}/latency.hgrm`] : [report, histograms];
  if (on) await mustRunOn(on, ['mkdir', '-p', away]);
  const sampler = samplerOn(server.on, server.pid);
  const seconds = (step.settleMs + ((step.warmupMessages ?? 0) + step.messages) * step.intervalMs) / 1000;
  const maxSeconds = Math.ceil(seconds * 4 + 60);
  const args = [...JVM, '-jar', CHAT_JAR, ...clientArgs({ host: server.host, port: server.port, step, report: out,
    histograms: hgrm, maxSeconds })];
  let phase = null;
  const result = await run(...javaCommand(loadgenCpus, args), { killAfterMs: (maxSeconds + 90) * 1000, on }, (line) => {
    const p = parseClientProgress(line);
    if (!p) return;
    if (p.phase !== phase) { phase = p.phase; progress.phase(p.phase); }
    progress.rate(p.rate, 'deliveries/s');
  });
  const samples = sampler.stop();
  const died = await processDied(server.pid, server.on);
  if (on && result.exitCode === 0) {
    try {
      await fetchFile(on, out, report);
      await fetchFile(on, hgrm, histograms);
      await mustRunOn(on, ['rm', '-rf', away]);
    } catch (error) {
      return failedChatRun(`chat client's files not fetched from ${on.address}: ${error.message}`, { died });
    }
  }
  if (result.exitCode !== 0 || !existsSync(report)) {
    return failedChatRun(`chat client exited with ${result.exitCode}: ${result.output}`, { died });
  }
  const data = JSON.parse(readFileSync(report, 'utf8'));
  const reason = chatFailureReason(data, died);
  return {
    ...data,
    throughput: data.deliveriesPerSecond,
    resources: resourceSummary(samples, data.window.from, data.window.to),
    clientBound: clientBound(data.client),
    clientStarved: clientStarved(data.client),
    report, histograms, died, failed: Boolean(reason), ...(reason ? { reason } : {}),
  };
}

export function failedChatRun(reason, extra = {}) {
  return { throughput: 0, sent: 0, expected: 0, delivered: 0, violations: { total: 0 }, errors: { total: 0 },
    resources: {}, failed: true, reason, ...extra };
}

/** Percentiles over several repeats' histogram files (the client's `merge` mode), or null. */
export async function mergeHistograms(files) {
  const present = files.filter((f) => f && existsSync(f));
  if (!present.length) return null;
  const [command, args] = javaCommand('', [...JVM, '-jar', CHAT_JAR, 'merge', ...present]);
  const result = await run(command, args);
  if (result.exitCode !== 0) throw new Error(`merging ${present.join(', ')} failed: ${result.output}`);
  return JSON.parse(result.stdout);
}

const NO_LATENCY = { p50: null, p90: null, p99: null, 'p99.9': null, max: null, count: 0 };

/**
 * The summary row of a stack × chat step: counts summed over the repeats, latency percentiles from all their
 * deliveries together (merged histograms, passed in), server CPU/RSS as for HTTP, and the client's CPU.
 * Shares the HTTP rows' keys where they mean the same (throughput = deliveries/s, errors, cpuPercent, peakRssBytes).
 */
export function buildChatRow({ server, workload, label, step, repeats, merged }) {
  const reported = repeats.filter((r) => r.report);
  // Rates, latencies and CPU of the good repeats (a failed one is named in intervals.excluded, never averaged in);
  // the counts (sent, delivered, violations, errors) of every repeat, so a failure always shows.
  const good = reported.filter(goodRepeat);
  const measured = good.length ? good : reported;
  const sum = (get) => repeats.reduce((n, r) => n + (get(r) ?? 0), 0);
  const violationKinds = ['total', 'lost', 'duplicates', 'reordered', 'misrouted', 'unknown', 'extra', 'violatingPairs', 'pairsChecked'];
  const violations = Object.fromEntries(violationKinds.map((k) => [k, sum((r) => r.violations?.[k])]));
  const peak = (key) => (measured.length ? Math.max(...measured.map((r) => r.resources[key] ?? 0)) : null);
  const clientCpu = measured.map((r) => r.client?.cpuPercent).filter((v) => v != null);
  const clientWait = measured.map((r) => r.client?.runQueueWaitPercent).filter((v) => v != null);
  const expected = sum((r) => r.expected);
  const delivered = sum((r) => r.delivered);
  const failed = repeats.some((r) => r.failed);
  return {
    stack: server, workload, label, step,
    throughput: spread(measured.map((r) => r.throughput)), // deliveries per second
    sent: sum((r) => r.sent), expected, delivered, violations,
    delivery: !reported.length ? 'n/a' : delivered === expected && violations.total === 0 ? 'pass' : 'fail',
    errors: sum((r) => r.errors?.total),
    refusedConnections: sum((r) => r.errors?.refusedConnections),
    latencyMs: merged?.latencyMs ?? measured[0]?.latencyMs ?? NO_LATENCY,
    latencyFromSendMs: merged?.latencyFromSendMs ?? measured[0]?.latencyFromSendMs ?? NO_LATENCY,
    sendLagMs: merged?.sendLagMs ?? measured[0]?.sendLagMs ?? NO_LATENCY,
    cpuPercent: { mean: mean(measured.map((r) => r.resources.cpuMeanPercent).filter((v) => v !== null && v !== undefined)), peak: peak('cpuPeakPercent') },
    peakRssBytes: peak('peakRssBytes'), threads: peak('threads'), processes: peak('processes'),
    client: { cpuPercent: clientCpu.length ? Math.max(...clientCpu) : null, cpus: measured[0]?.client?.cpus ?? null,
      runQueueWaitPercent: clientWait.length ? Math.max(...clientWait) : null,
      gcMs: measured.length ? Math.max(...measured.map((r) => r.client?.gcMs ?? 0)) : null,
      bound: measured.some((r) => r.clientBound), starved: measured.some((r) => r.clientStarved),
      jdk: measured[0]?.client?.jdk ?? null },
    clientCpuPercent: clientCpu.length ? Math.max(...clientCpu) : null, // the busiest repeat's (REPORT.md reads it)
    failed,
    // Each repeat's own percentiles: the table's are of every delivery of every repeat together.
    intervals: repeatIntervals(repeats, { p50: (r) => r.latencyMs?.p50, p99: (r) => r.latencyMs?.p99 }, { skewed: ['p50', 'p99'] }),
    repeats,
  };
}
