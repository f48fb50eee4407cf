#!/usr/bin/env node
// The native runtime behind `make build|up|down|test`. Usage: harness/runtimes/native/stacks.mjs <command> [STACKS]
//   list | build | up | down | unit | conformance | java-home
// STACKS is "name" or "name:variant", separated by spaces or commas; empty means all stacks
// (and, for conformance, every declared variant too).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadStacks, select, stackEnv, baseUrl, dbUrl } from '../../lib/stacks.mjs';
import { findJavaHome } from '../../lib/java.mjs';
import { start, stop, waitHealthy, runningPid, portTaken, logFile, tail, exitOf } from '../../lib/processes.mjs';
import { lifecycleProblems, logProblems } from './lifecycle.mjs';
import { holderOf, portAdvice } from './holders.mjs';
import { docker, upService, stopService, stopStackServices } from '../../lib/containers.mjs';

const STARTUP_TIMEOUT_MS = Number(process.env.STARTUP_TIMEOUT || 120) * 1000;
// RUNTIME=compose (make compose-test): each target is its compose service, reached on its published port.
const COMPOSE = process.env.RUNTIME === 'compose';
const [command = 'list', ...rest] = process.argv.slice(2);
const spec = rest.join(' ') || process.env.STACKS || '';

// Variants share their stack's build and unit tests: act once per stack.
function baseTargets(list) {
  const seen = new Set();
  return list.filter((t) => !seen.has(t.stack.name) && seen.add(t.stack.name)).map((t) => ({ ...t, variant: null }));
}

function runtimeEnv(target, env = process.env) {
  return target.stack.runtime === 'java' ? { ...env, JAVA_HOME: findJavaHome(env) } : env;
}

function sh(target, what) {
  const line = target.stack[what];
  console.log(`==> ${target.stack.name}: ${line}`);
  const result = spawnSync('sh', ['-c', line], { cwd: target.stack.dir, stdio: 'inherit', env: runtimeEnv(target) });
  if (result.status !== 0) throw new Error(`${target.stack.name}: \`${line}\` failed (exit ${result.status})`);
}

async function up(target) {
  const running = runningPid(target);
  if (running) {
    if (running.id !== target.id) throw new Error(`${running.id} is running on port ${target.stack.port}; make down first`);
    console.log(`${target.id} already running (pid ${running.pid}) at ${baseUrl(target)}`);
    return null;
  }
  if (await portTaken(target.stack.port)) {
    const holder = holderOf(target.stack.port);
    throw new Error(portAdvice(target.stack.port, holder, 'native')
      ?? `port ${target.stack.port} for ${target.id} is taken by ${holder?.pid ? `${holder.command} (pid ${holder.pid})` : 'another process'}`);
  }
  const pid = start(target, runtimeEnv(target, stackEnv(target)));
  const state = await waitHealthy(baseUrl(target), pid, STARTUP_TIMEOUT_MS);
  if (state !== 'healthy') {
    await stop(pid);
    throw new Error(`${target.id} ${state === 'exited' ? 'exited' : 'was not healthy'} ` +
      `within ${STARTUP_TIMEOUT_MS / 1000} s; last log lines (${logFile(target)}):\n${tail(logFile(target))}`);
  }
  console.log(`${target.id} up at ${baseUrl(target)} (pid ${pid}, log ${logFile(target)})`);
  return pid;
}

async function down(target) {
  const running = runningPid(target);
  if (!running) return;
  const how = await stop(running.pid);
  console.log(`${running.id} ${how}`);
}

/**
 * Runs the suite; resolves with its verdict, the clauses that failed (each with its error's first line) and its
 * count ("331/331": passed of all, deviations counted as not passed).
 */
function conformanceRun(target) {
  const failures = logFile(target).replace(/\.log$/, '.conformance-failures');
  rmSync(failures, { force: true });
  const args = [join(ROOT, 'spec/conformance/run.mjs'), '--base-url', baseUrl(target), '--db-url', dbUrl(),
    '--stack', target.id, '--failures', failures];
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let count = null;
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const m = /conformance: (\d+) passed, (\d+) failed, (\d+) todo/.exec(chunk.toString());
      if (m) count = `${m[1]}/${Number(m[1]) + Number(m[2]) + Number(m[3])}`;
    });
    child.on('close', (code) => {
      const failed = existsSync(failures) ? readFileSync(failures, 'utf8').split('\n').filter(Boolean) : [];
      done({ ok: code === 0, count, failed: code === 0 || failed.length ? failed : [`the suite exited with ${code}`] });
    });
  });
}

/**
 * The compose runtime's part of a conformance run: the target's service started alone (MariaDB and the static
 * tree are up) with its variant's variables; afterwards the same lifecycle clauses as natively, from the
 * container: its log, and `docker compose stop` (SIGTERM through tini) ending it with exit code 0.
 */
async function upContainer(target) {
  const id = await upService(target, stackEnv(target), STARTUP_TIMEOUT_MS / 1000);
  console.log(`${target.id} up at ${baseUrl(target)} (container ${id.slice(0, 12)})`);
  return id;
}

async function containerLifecycleProblems(target, id) {
  const problems = logProblems((await docker(['logs', id])).output, target.stack.name, target.stack.port);
  const began = Date.now();
  const how = await stopService(target);
  const exit = (await docker(['inspect', '--format', '{{.State.ExitCode}}', id])).stdout?.trim();
  if (how !== 'stopped') problems.push(how);
  else if (exit === '137' || Date.now() - began > 15_000) problems.push('did not exit within 15 s of SIGTERM (docker compose stop)');
  else if (exit !== '0') problems.push(`exited with code ${exit} on SIGTERM (docker compose stop, through tini), not 0`);
  return problems;
}

// Each target is started, checked and stopped in turn; one failing stack does not hide the others' results.
async function conformance(list) {
  const results = [];
  // An idle stack service left up (by make up) would share the CPUs with the one under test.
  if (COMPOSE) await stopStackServices(loadStacks());
  for (const target of list) {
    const began = Date.now();
    const why = []; // repeated in the summary: CI shows only the end of a long log
    let count = null;
    let container = null;
    try {
      const pid = COMPOSE ? null : await up(target);
      container = COMPOSE ? await upContainer(target) : null;
      const suite = await conformanceRun(target);
      count = suite.count;
      why.push(...suite.failed);
      // Started here: also the start-up line, a quiet log under the suite's load, and SIGTERM → exit 0.
      const problems = container ? await containerLifecycleProblems(target, container)
        : pid ? await lifecycleProblems(target, pid, { log: logFile(target), stop, exitOf, listenHost: stackEnv(target).LISTEN_HOST }) : [];
      for (const problem of problems) console.error(`${target.id}: ${problem}`);
      why.push(...problems);
    } catch (error) {
      console.error(error.message);
      why.push(error.message);
    } finally {
      if (COMPOSE) await stopService(target);
      else await down(target);
    }
    results.push({ id: target.id, ok: why.length === 0, why, count, seconds: Math.round((Date.now() - began) / 1000) });
  }
  console.log(`\nconformance summary${COMPOSE ? ' (compose: each target in its container)' : ''}`);
  for (const r of results) {
    const label = `${COMPOSE ? 'compose ' : ''}${r.id}: ${r.count ?? 'no count'}`;
    console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${label.padEnd(40)} ${r.seconds} s`);
    // A logged line is printed whole: CI's excerpt of a failed run keeps this summary, and the exception is its end.
    for (const line of r.why) console.log(`          ${line.length > 2000 ? `${line.slice(0, 2000)}…` : line}`);
  }
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

async function main() {
  const stacks = loadStacks();
  switch (command) {
    case 'list':
      for (const t of select(stacks, spec, { withVariants: true })) console.log(`${t.id}\t${t.stack.port}`);
      return;
    case 'java-home':
      console.log(findJavaHome());
      return;
    case 'build':
      for (const t of baseTargets(select(stacks, spec))) sh(t, 'build');
      return;
    case 'unit':
      for (const t of baseTargets(select(stacks, spec))) sh(t, 'test');
      return;
    case 'up':
      for (const t of select(stacks, spec)) await up(t);
      return;
    case 'down':
      for (const t of select(stacks, spec, { withVariants: true })) await down(t);
      return;
    case 'conformance':
      await conformance(select(stacks, spec, { withVariants: true }));
      return;
    default:
      throw new Error(`unknown command "${command}"`);
  }
}

main().catch((error) => {
  console.error(`stacks: ${error.message}`);
  process.exitCode = 1;
});
