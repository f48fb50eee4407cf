#!/usr/bin/env node
// `make bench`: every workload on every stack, one at a time, on the same CPUs against the same MariaDB.
// Environment: STACKS, WORKLOADS, PROFILE (quick | ranked | seed | sweep | smoke), REPEAT, WINDOW, GENERATOR, SERVER_CPUS,
// DB_CPUS, LOADGEN_CPUS, RESULTS_DIR, CHAT_SCENARIOS, JMETER_HEAP, CHAT_CLIENT_HEAP; in the compose runtime also
// GIT_SHA and GIT_DIRTY (the image has no .git), RESULTS_OWNER and RESULTS_HOST_DIR (the results volume).
// Writes results/<timestamp>/ (JTLs, dashboards, chat reports, summary.json), prints the tables, points
// results/latest at it, and exits non-zero when any run failed. See loadtest/README.md.
import { spawnSync } from 'node:child_process';
import { chownSync, lchownSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve, relative } from 'node:path';
import { availableParallelism, constants } from 'node:os';
import { ROOT, RUN_DIR, STATIC_ROOT, dbSettings, loadStacks } from '../harness/lib/stacks.mjs';
import { findJavaHome } from '../harness/lib/java.mjs';
import { writeStaticTree } from '../spec/fixtures/static/generate.mjs';
import { installJmeter, jmeterVersion, stopJmeter } from './generators/jmeter.mjs';
import { ensureWrk, wrkVersion } from './generators/wrk.mjs';
import { stopGenerators } from './generators/generator-process.mjs';
import { writeCorpus } from './generators/corpus.mjs';
import { selectProfile, selectPinning, estimateSeconds, HTTP_WORKLOADS } from './run/profiles.mjs';
import { connect, truncate, serverVersion, ensureDatabase, ensureRemoteDatabase } from './run/db.mjs';
import { HOSTS, LOADGENS, REMOTE, prepareHosts, hostFacts } from './sampling/remote.mjs';
import { ROLES } from '../harness/lib/hosts.mjs';
import { ensureNginx, nginxVersion, startNginx } from './ceilings/ceiling.mjs';
import { benchTargets, startStack } from './run/servers.mjs';
import { measure, measureWrk, failedRun } from './run/run.mjs';
import { measureBookingsCeiling } from './ceilings/bookings-ceiling.mjs';
import { checkInvariant } from './run/invariant.mjs';
import { readCounters } from './reports/database-share.mjs';
import { buildRow, environment, goodRepeat } from './reports/summary.mjs';
import { formatTable, formatChatTable, formatLatencyTable } from './reports/table.mjs';
import { installChatClient, chatClientVersions, measureChat, failedChatRun, mergeHistograms, buildChatRow,
  stopChatClients } from './run/chat.mjs';
import { createProgress } from './run/progress.mjs';
import { libraryVersions } from './run/libraries.mjs';
import { standinImages, stopStackServices } from '../harness/lib/containers.mjs';
import { offeredRates, maxima, measureLatency, reconcile, failedStep, GENERATOR_SHARE } from './run/latency.mjs';
import { ensureOha, ohaVersion, openLoopCeiling } from './generators/openloop.mjs';
import { median } from './reports/stats.mjs';
import { rankRun, relayRatios } from './reports/ranks.mjs';
import { planRuns } from './run/plan.mjs';
import { BOOKINGS_CEILING, CEILING, CHAT_CEILING, isCeiling } from './reports/ceiling-names.mjs';
import { startChatRelay } from './ceilings/chat-relay.mjs';
import { writeReport } from './report.mjs';

const profile = selectProfile();
// The CPUs this process may use (a cgroup or taskset limit), not the machine's count.
const pinning = selectPinning(availableParallelism());
const targets = benchTargets(process.env.STACKS, { withVariants: Boolean(profile.variants) });
const RUNTIME = process.env.RUNTIME === 'compose' ? 'compose' : 'native';
// Where each role ran as this run reached it; make compare names a change first, since it moves every figure.
const topology = ({ host, port } = dbSettings()) => ({
  server: RUNTIME === 'compose' ? 'each stack\'s compose service' : HOSTS.server.address,
  db: `${host}:${port}`,
  loadgen: RUNTIME === 'compose' ? 'the loadtest container'
    : LOADGENS.map((h) => (h.remote ? h.address : 'this machine')).join(' '),
});
const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
const resultsRoot = resolve(ROOT, process.env.RESULTS_DIR || 'results');
const runDir = join(resultsRoot, stamp);
let corpusCsv = null; // the bookings corpus, written in main()
let current = null; // the server up right now (from the moment its process exists), stopped on Ctrl-C too
let startFailure = null; // why the current session's stack did not start, for every run of the session
// The repeat's nginx, kept up after its own session beside each stack for the bracket windows (profile.bracket).
let ceilingUp = null;

const { runs, orderOf, httpWorkloads, latencyWorkloads, ceilingWorkloads } = planRuns(targets, profile);
const bracketed = (run) => (isCeiling(run.server) ? null : run.workload);
const plannedSeconds = runs.reduce((s, r) => s + estimateSeconds(profile, r.step, bracketed(r)), 0);
const progress = createProgress({ plannedSeconds });
const results = new Map(); // "server|label" → { server, workload, label, step, repeats: [] }
const latency = []; // one record per stack × workload × offered rate (run/latency.mjs)
const measuredLatency = new Map(); // "stack|workload" → the records measured right after its throughput
const superseded = []; // records at rates no longer asked for once every stack's maximum was known
const openLoop = { ceiling: {} }; // what the open-loop generator offered against nginx, per workload

function record(run, outcome) {
  const name = isCeiling(run.server) ? run.server : run.server.id;
  const key = `${name}|${run.label}`;
  if (!results.has(key)) results.set(key, { server: name, workload: run.workload, label: run.label, step: run.step, repeats: [] });
  // Paths in summary.json are relative to the run's folder, so a results folder can be moved or archived.
  for (const file of ['jtl', 'dashboard', 'report', 'histograms']) if (outcome[file]) outcome[file] = relative(runDir, outcome[file]);
  results.get(key).repeats.push({ repeat: run.repeat, ...outcome });
  if (outcome.failed) progress.note(`bench: ${name} ${run.label} #${run.repeat} FAILED: ${outcome.reason}`);
}

const dirOf = (run, name) => join(runDir, name.replace(/[^\w.-]+/g, '_'), run.label.replace('@', '-'), String(run.repeat));
const announce = (run, name) => progress.run({ index: runs.indexOf(run) + 1, count: runs.length, server: name,
  label: run.label, repeat: run.repeat, plannedSeconds: estimateSeconds(profile, run.step, bracketed(run)) });

async function main() {
  mkdirSync(runDir, { recursive: true });
  const stacks = loadStacks();
  const http = profile.workloads.some((w) => HTTP_WORKLOADS.includes(w));
  const chat = profile.workloads.includes('chat');
  const wrk = http && profile.generator === 'wrk';
  // The open-loop generator's own ceilings: static's (1 MiB bodies) for static, hello's for the rest.
  const openLoopCeilings = [...new Set(latencyWorkloads.map((w) => (w === 'static' ? 'static' : 'hello')))];
  const nginx = ceilingWorkloads.length || openLoopCeilings.length;
  const hosts = REMOTE ? await remoteHosts({ http, wrk, chat, nginx }) : null;
  // In the compose runtime MariaDB is the db service, already up and healthy on its DB_CPUS cpuset.
  if (RUNTIME === 'compose') await stopStackServices(stacks);
  else if (HOSTS.db.remote) await ensureRemoteDatabase(pinning.db);
  else ensureDatabase(pinning.db);
  const db = await connect();
  writeStaticTree(STATIC_ROOT);
  const jmeterHome = http && !wrk ? await installJmeter() : null;
  // On another load host its generators were installed by prepareHosts, there.
  if (wrk && LOADGENS.some((h) => !h.remote)) ensureWrk();
  if (latencyWorkloads.length && !HOSTS.loadgen.remote) ensureOha();
  if (chat) await installChatClient();
  const corpus = profile.workloads.includes('bookings') ? await writeCorpus(join(RUN_DIR, 'bench-corpus'), {}) : null;
  if (nginx && !HOSTS.server.remote) ensureNginx();
  const env = environment({ pinning, javaHome: findJavaHome(), mariadb: await serverVersion(db),
    jmeter: jmeterHome && jmeterVersion(jmeterHome), wrk: wrk ? wrkVersion() : null,
    nginx: nginx ? nginxVersion() : null });
  env.generator = http ? profile.generator : null;
  // Which images of a compose run were built here in place of an official one (none on a VM that pulls them).
  if (RUNTIME === 'compose') env.standins = await standinImages();
  if (hosts) env.hosts = hosts;
  if (latencyWorkloads.length) env.openLoop = `oha ${ohaVersion()}`;
  if (chat) env.chatClient = chatClientVersions();
  env.libraries = Object.fromEntries([...new Set(targets.map((t) => t.stack))]
    .map((stack) => [stack.name, libraryVersions(stack, stacks)]));
  const base = { profile, corpus, loadgenCpus: pinning.loadgen, pinning, progress };
  corpusCsv = corpus;

  // The open-loop generator's ceiling needs nginx even when no ceiling workload is measured.
  if (openLoopCeilings.length && !ceilingWorkloads.length) {
    current = await startNginx(pinning.server).catch((error) => { startFailure = error; return null; });
    await measureOpenLoopCeilings(openLoopCeilings);
    await stopCurrent();
  }
  // The ceiling is started and measured like a stack: a failing start or run is recorded as failed, not the end.
  let session = null; // the session whose server is up (or failed to start)
  for (const [i, run] of runs.entries()) {
    const ceiling = isCeiling(run.server);
    const fixups = run.kind === 'latency' ? latencyFixups(run) : null;
    // Every rate measured right after its throughput: no start (or warm-up) for latency in this session.
    if (fixups && !fixups.some((f) => f.missing.length)) {
      for (const f of fixups) latency.push(...f.kept);
      continue;
    }
    announce(run, ceiling ? run.server : run.server.id);
    if (session !== run.session) {
      session = run.session;
      startFailure = null;
      // A new repeat's nginx session: the last repeat's nginx has served its brackets.
      if (ceiling && run.server !== CHAT_CEILING) await stopCeiling();
      const starting = run.server === CHAT_CEILING ? Promise.resolve(null) : ceiling ? startNginx(pinning.server)
        : startStack(run.server, pinning.server, progress.note, (started) => { current = started; });
      current = await starting.catch((error) => { startFailure = error; return null; });
    }
    const last = runs[i + 1]?.session !== run.session;
    try {
      if (run.server === BOOKINGS_CEILING) await bookingsCeilingRun(run, db, base);
      else if (run.server === CHAT_CEILING) await chatCeilingRun(run, base);
      else if (ceiling) await ceilingRun(run, base);
      else if (fixups) await latencyFixupStep(run, fixups, db);
      else await throughputRun(run, db, base);
      // What the open-loop generator can offer on LOADGEN_CPUS: its latency steps ask for at most half of it.
      if (ceiling && run.server !== CHAT_CEILING && last && run.repeat === 1) await measureOpenLoopCeilings(openLoopCeilings);
    } finally {
      // The ceiling stays up for the brackets of this repeat's stacks; they start after it.
      if (last && ceiling && run.server !== CHAT_CEILING && profile.bracket && current) [ceilingUp, current] = [current, null];
      else if (last) await stopCurrent();
    }
  }
  await stopCeiling();
  progress.done();
  await db.end();
  await finish(env);
}

/**
 * Roles on other hosts (SERVER_HOST, DB_HOST, LOADGEN_HOST or LOADGEN_HOSTS): each prepared with the project's own make targets,
 * checked to run this revision, and described as measured there. A role's CPUs not set (SERVER_CPUS…) are all of
 * its host's; the hosts' boot ids tell the bottleneck which roles share a kernel's CPUs.
 */
async function remoteHosts({ http, wrk, chat, nginx }) {
  await prepareHosts({ stacks: [...new Set(targets.map((t) => t.stack.name))], nginx, chat, jmeter: http && !wrk, note: progress.note });
  const revision = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() || null;
  const facts = await hostFacts(revision);
  const variable = { server: 'SERVER_CPUS', db: 'DB_CPUS', loadgen: 'LOADGEN_CPUS' };
  // LOADGEN_CPUS is the same list on every load host: unset, all of the smallest one's.
  const cpusOf = { ...facts, loadgen: { cpus: Math.min(...(facts.loadgens ?? [facts.loadgen]).map((f) => f.cpus)) } };
  for (const role of ROLES) {
    const remote = role === 'loadgen' ? LOADGENS.some((h) => h.remote) : HOSTS[role].remote;
    if (remote && !process.env[variable[role]]) pinning[role] = `0-${cpusOf[role].cpus - 1}`;
  }
  pinning.machines = Object.fromEntries(ROLES.map((role) => [role, facts[role].bootId]));
  return facts;
}

// One measured run of the nginx ceiling, in this repeat's own start of it.
async function ceilingRun(run, base) {
  record(run, current ? await measureSafely({ ...base, server: current, workload: run.workload, step: run.step,
    dir: dirOf(run, 'nginx') }) : failedRun(`nginx did not start: ${startFailure?.message}`));
}

// One measured run of the bookings ceiling in this repeat's ceiling session, the tables emptied first and the
// invariant checked after it as after a stack's; where it cannot run here (the compose runtime, a remote load
// host) or fails, its row says why and no stack's run fails for it.
async function bookingsCeilingRun(run, db, base) {
  const where = RUNTIME === 'compose' ? 'the compose runtime' : LOADGENS.some((h) => h.remote) || HOSTS.db.remote ? 'other hosts' : null;
  if (where) {
    record(run, failedRun(`not measured in ${where}: the client runs natively on one machine so far`));
    return;
  }
  await truncate(db);
  const outcome = await measureBookingsCeiling({ ...base, step: run.step, dir: dirOf(run, 'bookings-ceiling'),
    counters: () => readCounters(db) });
  if (outcome.created != null) {
    outcome.invariant = await checkInvariant(db, { expectedBookings: outcome.created, unanswered: outcome.unanswered ?? 0 });
    if (!outcome.invariant.ok) {
      const violated = `invariant violated: ${outcome.invariant.problems[0]}`;
      Object.assign(outcome, { failed: true, reason: outcome.reason ? `${outcome.reason}; ${violated}` : violated });
    }
  }
  record(run, outcome);
}

// One chat scenario against the chat relay, started for it on the server's CPUs in this repeat's ceiling session and
// stopped after it; where it cannot run here (the compose runtime, a remote server host) or fails, its row says why
// and no stack's run fails for it.
async function chatCeilingRun(run, base) {
  // It listens on loopback: a chat client on another load host could not reach it.
  const where = RUNTIME === 'compose' ? 'the compose runtime' : HOSTS.server.remote || LOADGENS.some((h) => h.remote) ? 'other hosts' : null;
  if (where) {
    record(run, failedChatRun(`not measured in ${where}: the relay runs natively on one machine so far`));
    return;
  }
  try {
    current = await startChatRelay(pinning.server);
    record(run, await measureSafely({ ...base, server: current, workload: 'chat', step: run.step, dir: dirOf(run, 'chat-relay') }));
  } catch (error) {
    record(run, failedChatRun(`the chat relay: ${error.message}`));
  } finally {
    await stopCurrent();
  }
}

async function measureOpenLoopCeilings(workloads) {
  for (const workload of current ? [] : workloads) {
    openLoop.ceiling[workload] = { failed: true, reason: `nginx did not start: ${startFailure?.message}` };
  }
  for (const workload of current ? workloads : []) {
    progress.note(`bench: open-loop generator ceiling (${workload}, nginx)`);
    openLoop.ceiling[workload] = await openLoopCeiling({ workload, host: current.host, port: current.port,
      file: profile.steps[workload][0].file, cpus: pinning.loadgen, seconds: profile.latency.seconds,
      connections: profile.latency.connections }).catch((error) => ({ failed: true, reason: error.message }));
  }
}

// One measured run of a started stack (its throughput, or a chat scenario); on the first repeat, a workload's
// last step is followed by its open-loop latency steps while the stack is warm from it.
async function throughputRun(run, db, base) {
  if (run.workload === 'bookings') await truncate(db);
  let outcome;
  try {
    if (!current) throw startFailure ?? new Error('the stack is not running');
    // A bookings window also reads MariaDB's counters either side of it: what each booking cost the database.
    outcome = await measureSafely({ ...base, server: current, workload: run.workload, step: run.step, bracket: bracketFor(run),
      dir: dirOf(run, run.server.id), ...(run.workload === 'bookings' ? { counters: () => readCounters(db) } : {}) });
  } catch (error) {
    outcome = (run.workload === 'chat' ? failedChatRun : failedRun)(`did not start: ${error.message}`);
  }
  // Always, even after a failure for another reason: both verdicts are reported. The row count must cover
  // the 201s of the whole run (warm-up included), exceed them by no more than its unanswered requests,
  // and be > 0.
  if (run.workload === 'bookings') {
    outcome.invariant = await checkInvariant(db, { expectedBookings: outcome.created ?? 0, unanswered: outcome.unanswered ?? 0 });
    if (!outcome.invariant.ok) {
      const violated = `invariant violated: ${outcome.invariant.problems[0]}`;
      Object.assign(outcome, { failed: true, reason: outcome.reason ? `${outcome.reason}; ${violated}` : violated });
    }
  }
  record(run, outcome);
  const lastStep = run.step === profile.steps[run.workload]?.at(-1);
  if (current && !outcome.failed && run.repeat === 1 && lastStep && latencyWorkloads.includes(run.workload)) {
    const rates = latencyRates(run.server.id, run.workload);
    if (rates) measuredLatency.set(`${run.server.id}|${run.workload}`, await openLoopSteps(run.server.id, run.workload, rates, db, true));
  }
}

async function stopCurrent() {
  progress.phase('stopping');
  if (current) await current.stop();
  current = null;
}

async function stopCeiling() {
  const up = ceilingUp;
  ceilingUp = null;
  if (up) await up.stop();
}

/** The repeat's nginx and the bracket windows' length, where the profile brackets the run's workload. */
const bracketFor = (run) => (ceilingUp && profile.bracket?.workloads.includes(run.workload)
  ? { server: ceilingUp, seconds: profile.bracket.seconds } : null);

// A stack's open-loop rates on a workload from the throughput measured so far: fractions of the slowest stack's
// maximum and of its own, capped at the generator's share of its nginx ceiling. null without a maximum of its own.
function latencyRates(stack, workload) {
  const byStack = maxima([...results.values()].filter((r) => r.workload === workload && !isCeiling(r.server)).map((r) => {
    const ok = r.repeats.filter((x) => !x.failed).map((x) => x.throughput);
    return { stack: r.server, workload, failed: !ok.length, throughput: { median: median(ok) } };
  }), workload);
  const own = byStack.get(stack);
  if (!own) return null;
  const ceiling = openLoop.ceiling[workload === 'static' ? 'static' : 'hello'];
  return offeredRates({ slowest: Math.min(...byStack.values()), own, common: profile.latency.common,
    ownFractions: profile.latency.own, cap: ceiling?.achieved ? ceiling.achieved * GENERATOR_SHARE : Infinity });
}

// After every stack's throughput: per workload, the rates measured warm after the stack's own throughput that are
// still asked for (kept), and those that are not measured yet (missing: the slowest stack ran later).
function latencyFixups(run) {
  return run.workloads.map((workload) => {
    const rates = latencyRates(run.server.id, workload);
    if (!rates) {
      return { workload, missing: [], kept: [{ stack: run.server.id, workload, failed: true,
        reason: 'no throughput of its own to take fractions of' }] };
    }
    const split = reconcile(rates, measuredLatency.get(`${run.server.id}|${workload}`) ?? []);
    superseded.push(...split.superseded);
    return { workload, ...split };
  });
}

// The late session's latency steps: a warm-up and the missing rates on each workload that has any.
async function latencyFixupStep(run, fixups, db) {
  for (const f of fixups) {
    const measured = !f.missing.length ? []
      : current ? await openLoopSteps(run.server.id, f.workload, f.missing, db, false)
        : f.missing.map((step) => failedStep(run.server.id, f.workload, step, `did not start: ${startFailure?.message}`));
    latency.push(...[...f.kept, ...measured].sort((a, b) => (a.rate ?? 0) - (b.rate ?? 0)));
  }
}

// Open-loop steps on the started stack (run/latency.mjs): bookings truncated first and its invariant checked
// after. warm: it has just been measured on this workload, so no warm-up first.
async function openLoopSteps(stack, workload, rates, db, warm) {
  try {
    if (workload === 'bookings') await truncate(db);
    const outcome = await measureLatency({ server: current, workload, rates, settings: profile.latency, profile,
      corpus: corpusCsv, dir: join(runDir, stack, 'latency', '1', workload), pinning, progress,
      connections: profile.latency.connections, warm });
    if (workload === 'bookings') {
      const invariant = await checkInvariant(db, { expectedBookings: outcome.created, unanswered: outcome.unanswered });
      for (const r of outcome.records) {
        r.invariant = invariant.ok ? 'pass' : 'fail';
        if (!invariant.ok) Object.assign(r, { failed: true, reason: `invariant violated: ${invariant.problems[0]}` });
      }
    }
    for (const r of outcome.records.filter((x) => x.failed)) progress.note(`bench: ${stack} ${workload} open loop ${r.rate}/s FAILED: ${r.reason}`);
    return outcome.records;
  } catch (error) {
    return rates.map((step) => failedStep(stack, workload, step, `did not run: ${error.message}`));
  }
}

async function measureSafely(options) {
  const chat = options.workload === 'chat';
  try {
    if (chat) return await measureChat(options);
    return await (profile.generator === 'wrk' ? measureWrk(options) : measure(options));
  } catch (error) {
    return (chat ? failedChatRun : failedRun)(error.message);
  }
}

// A chat row's latencies come from every repeat's deliveries together: their histograms merged.
async function chatRow(r) {
  let merged = null;
  try {
    // Every delivery of the good repeats: a failed one is named in the row, not merged in.
    const good = r.repeats.filter(goodRepeat);
    merged = good.length > 1 ? await mergeHistograms(good.map((x) => x.histograms && join(runDir, x.histograms))) : null;
  } catch (error) {
    console.error(`bench: ${error.message}`);
  }
  return buildChatRow({ ...r, merged });
}

async function finish(env) {
  const chatResults = [...results.values()].filter((r) => r.workload === 'chat');
  const chatRows = [];
  for (const r of chatResults.filter((x) => !isCeiling(x.server))) chatRows.push(await chatRow(r));
  const all = [...results.values()].filter((r) => r.workload !== 'chat');
  const ceiling = Object.fromEntries(all.filter((r) => isCeiling(r.server))
    .map((r) => [r.label, buildRow({ ...r, pinning, ceiling: null })]));
  // The chat relay's rows sit with the ceilings; each stack's chat row gets its ratios to the relay of each repeat.
  for (const r of chatResults.filter((x) => isCeiling(x.server))) ceiling[r.label] = await chatRow(r);
  for (const r of chatRows) r.relay = relayRatios(r, ceiling[r.label]);
  const rows = all.filter((r) => !isCeiling(r.server))
    .map((r) => buildRow({ ...r, pinning, ceiling: ceiling[r.label] && { throughput: ceiling[r.label].throughput.median } }));
  // Summary and tables in the stacks' own order, whatever order their sessions ran in (sort is stable).
  const position = (stack) => targets.findIndex((t) => t.id === stack);
  for (const list of [rows, chatRows, latency]) list.sort((a, b) => position(a.stack) - position(b.stack));
  const ranking = rankRun(rows, Object.values(ceiling));
  rows.push(...chatRows);
  // The bookings ceiling's failure leaves its column empty with the reason, and fails no run of the stacks.
  const failed = [...rows, ...Object.values(ceiling).filter((r) => r.stack === CEILING), ...latency].filter((r) => r.failed).length;
  const summary = { run: stamp, runtime: RUNTIME, topology: topology(), profile: profile.name, generator: profile.generator, profileSettings: { repeat: profile.repeat, warmup: profile.warmup,
    rampUpSeconds: profile.rampUpSeconds, steps: profile.steps, repeatsOf: profile.repeatsOf ?? null, bracket: profile.bracket ?? null },
    // Each repeat's order of the stacks' sessions (rotated by one place per repeat), after its nginx ceiling.
    repeatOrders: Array.from({ length: profile.repeat }, (_, i) => orderOf(i + 1).map((t) => t.id)),
    environment: env,
    ceiling: { server: env.nginx, rows: Object.values(ceiling) }, results: rows, ranking,
    openLoop: { generator: env.openLoop ?? null, ceiling: openLoop.ceiling, settings: profile.latency ?? null, superseded },
    latency,
    failedRuns: failed };
  writeFileSync(join(runDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  const latest = join(resultsRoot, 'latest');
  rmSync(latest, { force: true });
  symlinkSync(stamp, latest);
  const httpRows = [...rows.filter((r) => r.workload !== 'chat'), ...Object.values(ceiling).filter((r) => r.workload !== 'chat')];
  if (httpRows.length) console.log(`\n${formatTable(httpRows)}\n`);
  if (latency.length) console.log(`\n${formatLatencyTable(latency)}\n`);
  if (chatRows.length) {
    console.log(`\n${formatChatTable([...chatRows, ...Object.values(ceiling).filter((r) => r.workload === 'chat')])}\n`);
    console.log('chat: latency in ms from each message\'s scheduled send time to its delivery, over every delivery ' +
      '(HdrHistogram, 3 significant digits); cpu%/RSS are the server\'s process tree; send lag p99 is how late the client sent ' +
      '(schedule or TCP); client cpu% is its CPU, wait% its time runnable but waiting for a CPU (100 = one core)');
    for (const r of chatRows.filter((x) => x.failed)) {
      console.log(`chat FAILED: ${r.stack} ${r.label}: ${r.repeats.filter((x) => x.failed).map((x) => `#${x.repeat} ${x.reason}`).join('; ')}`);
    }
  }
  // A report that cannot be drawn is said, and the run's figures stay valid in summary.json.
  const report = await writeReport(runDir).then(({ report: file }) => file, (error) => {
    console.error(`bench: REPORT.md not written: ${error.message}`);
    return null;
  });
  // In the compose runtime the run folder is a volume: its files go to the invoking user, its path as the host sees it.
  if (process.env.RESULTS_OWNER) {
    const [uid, gid] = process.env.RESULTS_OWNER.split(':').map(Number);
    chownTree(runDir, uid, gid);
    lchownSync(latest, uid, gid);
  }
  const shown = process.env.RESULTS_HOST_DIR ? join(process.env.RESULTS_HOST_DIR, stamp) : runDir;
  console.log(`latencies in ms (nearest rank); profile ${profile.name}; pinning server ${pinning.server} / db ${pinning.db} / ` +
    `load generator ${pinning.loadgen}; ` +
    `results in ${shown}${report ? ` (${relative(runDir, report)})` : ''}${failed ? `; ${failed} FAILED` : ''}`);
  if (failed) process.exitCode = 1;
}

function chownTree(path, uid, gid) {
  chownSync(path, uid, gid);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) chownTree(join(path, entry), uid, gid);
}

// Ctrl-C: stop JMeter and the server (even one still starting), then exit 128 + the signal's number.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    progress.done();
    stopJmeter();
    stopGenerators();
    stopChatClients();
    await Promise.allSettled([current?.stop(), stopCeiling()]);
    process.exit(128 + constants.signals[signal]);
  });
}

main().catch(async (error) => {
  progress.done();
  await Promise.allSettled([current?.stop(), stopCeiling()]);
  console.error(`bench: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
