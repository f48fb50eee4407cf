import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchTargets, startStack } from '../run/servers.mjs';
import { startSampler, resourceSummary } from '../sampling/sampler.mjs';
import { processDied } from '../run/run.mjs';
import { stopStackServices } from '../../harness/lib/containers.mjs';
import { loadStacks } from '../../harness/lib/stacks.mjs';
import { environment } from '../reports/summary.mjs';
import { startNginx } from '../ceilings/ceiling.mjs';
import { ROOT } from '../../harness/lib/stacks.mjs';
import { readCompose } from '../../harness/runtimes/compose/compose.mjs';

// No Docker engine runs here: a fake `docker` on PATH plays the compose runtime. It logs every call (arguments
// and the variables a compose file would interpolate), keeps a container "running" from `compose up` to
// `compose stop`, answers `wait` when it stops, streams `stats` lines as the real client does (a terminal
// control sequence, then one JSON object per reading), and fails `compose up` for FAKE_DOCKER_UNHEALTHY.
const FAKE = `#!/usr/bin/env node
const fs = require('node:fs');
const path = require('node:path');
const dir = process.env.FAKE_DOCKER_DIR;
const args = process.argv.slice(2);
const env = Object.fromEntries(['CHAT_FANOUT', 'JAVA_OPTS', 'DB_HOST'].map((k) => [k, process.env[k] ?? null]));
fs.appendFileSync(path.join(dir, 'calls.log'), JSON.stringify({ args, env }) + '\\n');
const service = args[args.length - 1];
const running = (name) => path.join(dir, 'running-' + name);
if (args[0] === 'compose' && args[1] === 'up') {
  if (service === process.env.FAKE_DOCKER_UNHEALTHY) { console.error('container ' + service + ' is unhealthy'); process.exit(1); }
  fs.writeFileSync(running(service), '');
} else if (args[0] === 'compose' && args[1] === 'ps') {
  console.log('cid-' + service);
} else if (args[0] === 'compose' && args[1] === 'logs') {
  console.log(service + '  | boom: cannot connect to db:3306');
} else if (args[0] === 'compose' && args[1] === 'stop') {
  fs.rmSync(running(service), { force: true });
} else if (args[0] === 'wait') {
  const name = service.replace(/^cid-/, '');
  const poll = setInterval(() => { if (!fs.existsSync(running(name))) { clearInterval(poll); console.log('0'); } }, 20);
} else if (args[0] === 'stats') {
  const name = service.replace(/^cid-/, '');
  const line = () => process.stdout.write('\\u001b[2J\\u001b[H' + JSON.stringify({ Name: 'refservers-' + name + '-1',
    CPUPerc: '150.00%', MemUsage: '256MiB / 3.8GiB', PIDs: '42' }) + '\\n');
  line();
  setInterval(line, 100);
} else {
  console.error('fake docker: unexpected ' + args.join(' '));
  process.exit(2);
}
`;

let dir;
const saved = {};
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'fake-docker-'));
  writeFileSync(join(dir, 'docker'), FAKE);
  chmodSync(join(dir, 'docker'), 0o755);
  for (const key of ['PATH', 'RUNTIME', 'COMPOSE_NETWORK', 'FAKE_DOCKER_DIR', 'FAKE_DOCKER_UNHEALTHY', 'DB_HOST']) saved[key] = process.env[key];
  // The bench as it runs in the loadtest container: on the compose network.
  Object.assign(process.env, { PATH: `${dir}:${process.env.PATH}`, RUNTIME: 'compose', COMPOSE_NETWORK: 'bench', FAKE_DOCKER_DIR: dir,
    FAKE_DOCKER_UNHEALTHY: 'java-reactor', DB_HOST: 'db' });
});
after(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const calls = () => readFileSync(join(dir, 'calls.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const target = (id) => benchTargets(id)[0];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('compose: a stack is its service, brought up alone and waited on, reached by service name on its port', async () => {
  const started = [];
  const server = await startStack(target('node-express'), '0-1', () => {}, (s) => started.push(s));
  try {
    assert.equal(server.host, 'node-express');
    assert.equal(server.port, 8085);
    assert.equal(server.container, 'cid-node-express');
    assert.equal(started.at(-1).pid, server.pid, 'the bench can stop it from the moment it exists');
    const up = calls().find((c) => c.args[1] === 'up');
    assert.deepEqual(up.args, ['compose', 'up', '--detach', '--no-deps', '--no-build', '--force-recreate', '--wait',
      '--wait-timeout', '120', 'node-express']);
    assert.equal(up.env.DB_HOST, 'db');
    assert.equal(await processDied(server.pid), false);
  } finally {
    assert.equal(await server.stop(), 'stopped');
  }
  assert.ok(calls().some((c) => c.args.join(' ') === 'compose stop --timeout 15 node-express'));
  await sleep(200);
  assert.equal(await processDied(server.pid), true, 'the container stopped, so its stand-in exited');
});

test('compose: before the first stack starts, every stack service is stopped, so none idles on the server CPUs', async () => {
  await stopStackServices(loadStacks());
  const services = loadStacks().map((s) => s.name);
  assert.ok(services.length >= 7, services.join(' '));
  assert.deepEqual(calls().at(-1).args, ['compose', 'stop', '--timeout', '15', ...services]);
});

test('compose: the sampler reads the container (docker stats), not /proc; CPU mean stays total over time', async () => {
  const server = await startStack(target('node-express'), '0-1', () => {});
  try {
    const sampler = startSampler(server.pid);
    await sleep(550);
    const samples = sampler.stop();
    assert.ok(samples.length >= 3, `${samples.length} samples`);
    assert.deepEqual(calls().filter((c) => c.args[0] === 'stats').at(-1).args,
      ['stats', '--no-trunc', '--format', '{{json .}}', 'cid-node-express']);
    const summary = resourceSummary(samples);
    assert.ok(Math.abs(summary.cpuMeanPercent - 150) < 1e-6, `cpu ${summary.cpuMeanPercent}`);
    assert.deepEqual({ ...summary, cpuMeanPercent: 150 }, { cpuMeanPercent: 150, cpuPeakPercent: 150,
      peakRssBytes: 256 * 2 ** 20, threads: 42, processes: null, commands: ['refservers-node-express-1'] });
  } finally {
    await server.stop();
  }
});

test('compose: a variant reaches the container through the compose file variables (java-vertx:eventbus)', async () => {
  const server = await startStack(target('java-vertx:eventbus'), '0-1', () => {});
  await server.stop();
  const up = calls().filter((c) => c.args[1] === 'up').at(-1);
  assert.equal(up.args.at(-1), 'java-vertx');
  assert.equal(up.env.CHAT_FANOUT, 'eventbus');
  assert.equal(up.env.JAVA_OPTS, '-XX:+UseParallelGC -Xms256m -Xmx1g');
});

test('compose: a service that does not become healthy is stopped and reported with its last log lines', async () => {
  const stops = [];
  await assert.rejects(startStack(target('java-reactor'), '0-1', () => {}, (s) => stops.push(s.stop)),
    /java-reactor was not healthy within 120 s \(docker compose up exit 1: container java-reactor is unhealthy\); last log lines:\njava-reactor {2}\| boom/);
  assert.ok(calls().some((c) => c.args.join(' ') === 'compose stop --timeout 15 java-reactor'));
  assert.equal(stops.length, 1);
});

test('compose: the run records the host\'s git state from GIT_SHA and GIT_DIRTY, the image having no .git', () => {
  const saved = { sha: process.env.GIT_SHA, dirty: process.env.GIT_DIRTY };
  Object.assign(process.env, { GIT_SHA: 'ea8c1252a845b28e5cbfdeeb82ec001dbc36aabd', GIT_DIRTY: 'true' });
  try {
    assert.deepEqual(environment({ pinning: {}, javaHome: null }).git,
      { sha: 'ea8c1252a845b28e5cbfdeeb82ec001dbc36aabd', dirty: true });
  } finally {
    for (const [key, value] of [['GIT_SHA', saved.sha], ['GIT_DIRTY', saved.dirty]]) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
});

test('compose: the nginx ceiling is its own service on the server cpuset, reached by name as the stacks are', async () => {
  const ceiling = await startNginx('0-1');
  try {
    assert.equal(ceiling.host, 'ceiling');
    assert.equal(ceiling.port, 8080);
    assert.deepEqual(calls().filter((c) => c.args[1] === 'up').at(-1).args, ['compose', 'up', '--detach', '--no-deps',
      '--no-build', '--force-recreate', '--wait', '--wait-timeout', '60', 'ceiling']);
    assert.equal(await processDied(ceiling.pid), false);
  } finally {
    assert.equal(await ceiling.stop(), 'stopped');
  }
  const service = readCompose(ROOT).services.ceiling;
  assert.equal(service.cpuset, '${SERVER_CPUS:-0-1}');
  assert.deepEqual(service.networks, readCompose(ROOT).services['node-express'].networks);
  assert.equal(readCompose(ROOT).services.loadtest.cpuset, '${LOADGEN_CPUS:-3}', 'the generators only, off the server CPUs');
});
