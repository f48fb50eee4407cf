// JMeter for the bench: installed from Maven Central by loadtest/pom.xml (jmeter-maven-plugin `configure`),
// then run headless straight from that install with `java -jar`, one workload (thread group of plan.jmx) at a
// time. Everything a run varies is a -J property of the plan; the JTL's columns are chosen here.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../../harness/lib/stacks.mjs';
import { findJavaHome } from '../../harness/lib/java.mjs';

export const WORKLOADS = ['hello', 'static', 'echo', 'bookings'];
export const PLAN = join(ROOT, 'loadtest/plan.jmx');
const POM = join(ROOT, 'loadtest/pom.xml');
const TARGET = join(ROOT, 'loadtest/target');
const DEFAULT_PAYLOAD = join(ROOT, 'spec/fixtures/events/seed.request.json');
// The plugin lays JMeter out under target/<random id>/jmeter and records where in target/config.json.
const CONFIG = join(TARGET, 'config.json');
// A loop-bounded run still needs a scheduler duration (> 0): one day is "no limit" for the bench.
const NO_END_SECONDS = 86_400;
// Two cores shared with the server under test: a modest, fixed heap, and G1 as JMeter's own script uses.
export const JVM = [...(process.env.JMETER_HEAP || '-Xms512m -Xmx1g').split(/\s+/), '-XX:+UseG1GC',
  '-XX:MaxGCPauseMillis=100', '-Djava.awt.headless=true', '-Duser.language=en', '-Duser.region=US'];

// CSV JTL with a header and exactly these columns; never response data, headers or sampler data.
const JTL = {
  output_format: 'csv', print_field_names: true, timestamp_format: 'ms', time: true, label: true,
  response_code: true, response_message: true, successful: true, thread_name: true, data_type: false,
  assertion_results_failure_message: true, bytes: true, sent_bytes: true, thread_counts: true,
  latency: true, connect_time: true, idle_time: true, url: false, hostname: false, encoding: false,
  sample_count: false, filename: false, subresults: false, assertions: false, response_data: false,
  'response_data.on_error': false, samplerData: false, requestHeaders: false, responseHeaders: false,
};
export const RUN_PROPERTIES = {
  ...Object.fromEntries(Object.entries(JTL).map(([k, v]) => [`jmeter.save.saveservice.${k}`, v])),
  'summariser.name': 'summary', 'summariser.interval': 5, 'summariser.out': true,
  // Bodies are still read to the end and counted in `bytes`; only the copy kept per sample is capped.
  'httpsampler.max_bytes_to_store_per_request': 4096,
  'jmeter.reportgenerator.overall_granularity': 1000, // runs last seconds, not hours
  // The dashboard's percentiles over every sample (-1 = no window), not the last 20 000 only.
  'jmeter.reportgenerator.statistic_window': -1,
  // The JTL timeStamp is the sample's start (JMeter's default, made explicit: the reader trims by it).
  'sampleresult.timestamp.start': true,
};

const pomVersion = () => readFileSync(POM, 'utf8').match(/<jmeter\.version>([^<]+)</)[1];

export function installedHome() {
  if (!existsSync(CONFIG)) return null;
  const config = JSON.parse(readFileSync(CONFIG, 'utf8')).configurations?.[0];
  if (!config || config.runtimeJarName !== `ApacheJMeter-${pomVersion()}.jar`) return null;
  return existsSync(join(config.jmeterDirectoryPath, 'bin', config.runtimeJarName)) ? config.jmeterDirectoryPath : null;
}

// JMeter processes running now, so an interrupted bench can stop them (stopJmeter) instead of orphaning them.
const children = new Set();
export function stopJmeter(signal = 'SIGTERM') {
  for (const child of children) { try { child.kill(signal); } catch { /* already gone */ } }
}

export function run(command, args, options, onLine = () => {}, onSpawn = () => {}) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    children.add(child);
    onSpawn(child.pid);
    child.once('close', () => children.delete(child));
    const tail = [];
    const keep = (line) => { tail.push(line); if (tail.length > 40) tail.shift(); };
    createInterface({ input: child.stdout }).on('line', (line) => { keep(line); onLine(line); });
    createInterface({ input: child.stderr }).on('line', keep);
    child.once('error', fail);
    child.once('close', (code, signal) => done({ exitCode: code ?? 128, signal, output: tail.join('\n') }));
  });
}

/** The JMeter home, installing it first (through ./mvnw, Maven Central only) when missing or outdated. */
export async function installJmeter() {
  const present = installedHome();
  if (present) return present;
  rmSync(TARGET, { recursive: true, force: true }); // earlier layouts live under other random ids
  const env = { ...process.env, JAVA_HOME: findJavaHome() };
  const args = ['-q', '-B', '-f', POM, 'com.lazerycode.jmeter:jmeter-maven-plugin:configure'];
  const result = await run(join(ROOT, 'mvnw'), args, { cwd: ROOT, env });
  const home = installedHome();
  if (result.exitCode !== 0 || !home) {
    throw new Error(`installing JMeter ${pomVersion()} failed (./mvnw ${args.join(' ')}, exit ${result.exitCode}):\n${result.output}`);
  }
  return home;
}

export function jmeterVersion(home) {
  const jar = readdirSync(join(home, 'bin')).find((name) => /^ApacheJMeter-.+\.jar$/.test(name));
  if (!jar) throw new Error(`no ApacheJMeter-<version>.jar in ${home}/bin`);
  return jar.slice('ApacheJMeter-'.length, -'.jar'.length);
}

/** The -J properties of one run: only `workload`'s thread group gets users. */
export function planProperties({ workload, host = '127.0.0.1', port, users = 1, rampUpSeconds = 0,
  durationSeconds = 0, loops = -1, file = '1mb.bin', payload = DEFAULT_PAYLOAD, corpus }) {
  if (!WORKLOADS.includes(workload)) throw new Error(`unknown workload "${workload}" (known: ${WORKLOADS.join(', ')})`);
  if (!(Number(port) > 0)) throw new Error(`a port is required, got ${port}`);
  if (!(loops === -1 || (Number.isInteger(loops) && loops > 0))) throw new Error(`loops must be -1 or > 0, got ${loops}`);
  if (loops === -1 && !(durationSeconds > 0)) throw new Error('loops -1 runs for durationSeconds, which must be > 0');
  if (workload === 'bookings' && !(corpus && existsSync(corpus))) throw new Error(`bookings needs its corpus CSV (got ${corpus})`);
  const props = { host, port, file, payload: resolve(payload), ...(corpus ? { corpus: resolve(corpus) } : {}) };
  for (const name of WORKLOADS) props[`${name}.users`] = name === workload ? users : 0;
  props[`${workload}.rampup`] = rampUpSeconds;
  props[`${workload}.loops`] = loops;
  props[`${workload}.duration`] = durationSeconds > 0 ? Math.ceil(durationSeconds) : NO_END_SECONDS;
  return props;
}

/** Runs one workload; resolves with JMeter's exit code (and its last output lines, for error messages). */
export async function runJmeter({ jtl, dashboard = null, cpus = '', onSample = () => {}, onSpawn = () => {}, ...workload }) {
  const home = installedHome();
  if (!home) throw new Error('JMeter is not installed: call installJmeter() first (make jmeter)');
  if (!jtl) throw new Error('runJmeter needs a jtl path');
  const props = { ...RUN_PROPERTIES, ...planProperties(workload) };
  const args = [...JVM, '-jar', join(home, 'bin', `ApacheJMeter-${jmeterVersion(home)}.jar`),
    '-n', '-t', PLAN, '-l', resolve(jtl), '-j', `${resolve(jtl).replace(/\.jtl$/, '')}.jmeter.log`, '-f',
    ...Object.entries(props).map(([k, v]) => `-J${k}=${v}`)];
  if (dashboard) args.push('-e', '-o', resolve(dashboard));
  return run(...javaCommand(cpus, args), { cwd: ROOT }, (line) => { if (/^summary [+=]/.test(line)) onSample(line); }, onSpawn);
}

export function javaCommand(cpus, args) {
  const java = join(findJavaHome(), 'bin', 'java');
  const [command, ...rest] = cpus ? ['taskset', '-c', String(cpus), java, ...args] : [java, ...args];
  return [command, rest];
}

/**
 * JMeter's HTML dashboard from an existing JTL (report-only mode, `-g jtl -o dir`): the bench runs it on the
 * JTL trimmed to the measured window, so the dashboard and summary.json describe the same samples.
 */
export async function generateDashboard({ jtl, dashboard, cpus = '' }) {
  const home = installedHome();
  if (!home) throw new Error('JMeter is not installed: call installJmeter() first (make jmeter)');
  rmSync(resolve(dashboard), { recursive: true, force: true });
  const args = [...JVM, '-jar', join(home, 'bin', `ApacheJMeter-${jmeterVersion(home)}.jar`),
    '-g', resolve(jtl), '-o', resolve(dashboard), '-j', `${resolve(dashboard)}.jmeter.log`,
    ...Object.entries(RUN_PROPERTIES).map(([k, v]) => `-J${k}=${v}`)];
  return run(...javaCommand(cpus, args), { cwd: ROOT });
}
