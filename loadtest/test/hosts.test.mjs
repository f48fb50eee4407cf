// The bench across hosts, for real: `make hosts-test` makes them on this machine (harness/runtimes/hosts/hosts.sh: network
// namespaces joined by veth pairs and a bridge, addresses from 198.18.0.0/15, sshd in each) and runs this with
// HOSTS_TEST=1 and SSH_CONFIG set. One stack, the quick profile: the server and MariaDB each on a host of its own,
// the load from two (LOADGEN_HOSTS: wrk on both at once, merged), reached and sampled over ssh, the bench itself on
// this machine; then the same checks as on one host, and that each part ran where it was told to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, RUN_DIR } from '../../harness/lib/stacks.mjs';
import { WORKLOADS } from '../run/profiles.mjs';
import { BOOKINGS_CEILING, CEILING, CHAT_CEILING } from '../reports/ceiling-names.mjs';

const enabled = process.env.HOSTS_TEST === '1' && process.env.SSH_CONFIG;
const STACK = 'node-express';
const HOSTS = { server: '198.18.0.1', db: '198.18.0.2', loadgen: '198.18.0.3' };
const SECOND_LOADGEN = '198.18.0.4';
const rig = join(RUN_DIR, 'hosts');

// Why the bench failed, the failed runs' own reasons last, where a truncated log still shows them.
function benchFailure(run, resultsDir) {
  const summaryFile = join(resultsDir, 'latest', 'summary.json');
  const summary = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : null;
  const rows = summary ? [...summary.results, ...summary.ceiling.rows, ...summary.latency] : [];
  const reasons = rows.filter((r) => r.failed).map((r) => `${r.stack} ${r.label ?? `${r.workload} at ${r.rate}/s`}: ` +
    (r.reason ?? r.repeats?.filter((x) => x.failed).map((x) => `#${x.repeat} ${x.reason}`).join('; ')));
  return [`bench exited ${run.status}`, run.stdout.slice(-3000), run.stderr.slice(-3000),
    summary ? `failed runs in ${summaryFile}:` : 'no summary.json written', ...reasons].join('\n');
}

test(`PROFILE=quick STACKS=${STACK} with the server, the database and the load on hosts of their own, the load on two`, {
  skip: !enabled && 'run by make hosts-test (HOSTS_TEST=1, SSH_CONFIG from harness/runtimes/hosts/hosts.sh up)', timeout: 900_000,
}, () => {
  const resultsDir = join(rig, 'results');
  // The two cores are shared as on one host: the server alone on CPU 1, MariaDB and the load on CPU 0.
  const run = spawnSync(process.execPath, [join(ROOT, 'loadtest/bench.mjs')], {
    env: { ...process.env, PROFILE: 'quick', STACKS: STACK, WORKLOADS: '', REPEAT: '', RESULTS_DIR: resultsDir,
      SERVER_HOST: HOSTS.server, DB_HOST: HOSTS.db, LOADGEN_HOSTS: `${HOSTS.loadgen} ${SECOND_LOADGEN}`,
      SERVER_CPUS: '1', DB_CPUS: '0', LOADGEN_CPUS: '0' },
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 880_000,
  });
  process.stdout.write(run.stdout.split('\n').filter((l) => !/^\s*$/.test(l)).slice(-40).join('\n') + '\n');
  assert.equal(run.status, 0, benchFailure(run, resultsDir));
  const summary = JSON.parse(readFileSync(join(resultsDir, 'latest', 'summary.json'), 'utf8'));
  assert.equal(summary.failedRuns, 0);

  // Four hosts named, each measured there: its own address, reached over ssh, this revision.
  assert.deepEqual(summary.topology, { server: HOSTS.server, db: `${HOSTS.db}:3307`, loadgen: `${HOSTS.loadgen} ${SECOND_LOADGEN}` });
  const hosts = summary.environment.hosts;
  for (const [role, address] of Object.entries(HOSTS)) assert.equal(hosts[role].address, address, `${role} host`);
  assert.deepEqual(hosts.loadgens.map((h) => h.address), [HOSTS.loadgen, SECOND_LOADGEN]);
  for (const host of [hosts.server, hosts.db, ...hosts.loadgens]) {
    assert.equal(host.remote, true, `${host.address} reached over ssh`);
    assert.equal(host.git, summary.environment.git.sha, `${host.address} runs this revision`);
  }
  // Each part ran on its host: the stack's log and MariaDB's data under that host's own runtime folder.
  assert.match(readFileSync(join(rig, 'server', `${STACK}.log`), 'utf8'), new RegExp(`${STACK} listening on port 8085`));
  assert.ok(existsSync(join(rig, 'db', 'mariadb', 'mysqld.pid')), 'MariaDB runs from the database host\'s folder');

  // The checks of one host: every workload, no errors, the invariant, resources sampled, a bottleneck measured.
  assert.deepEqual(summary.results.map((r) => `${r.stack} ${r.workload}`).filter((r, i, all) => all.indexOf(r) === i),
    WORKLOADS.map((w) => `${STACK} ${w}`));
  for (const row of summary.results) {
    assert.ok(row.throughput.median > 0, `${row.label}: throughput ${row.throughput.median}`);
    // No error but the contract's own 503 for a booking that waited out the 2 s pool acquire (spec/API.md §6.5): 100
    // connections on a 32-connection pool, MariaDB sharing CPU 0 with the load, and a rare one does (1 of 3,800 seen).
    const { 503: busy = 0, ...others } = row.errorCodes ?? {};
    assert.deepEqual(others, {}, `${row.label}: ${JSON.stringify(row.errorCodes)}`);
    assert.ok(!row.failed && (row.workload === 'bookings' || busy === 0) && (row.errorCodes !== undefined || row.errors === 0), `${row.label}: ${row.errors} errors`);
    assert.ok(row.cpuPercent.mean > 0 && row.peakRssBytes > 0, `${row.label}: the server sampled on its host`);
  }
  for (const row of summary.results.filter((r) => r.workload !== 'chat')) {
    assert.ok(row.generatorCpuPercent > 0, `${row.label}: wrk sampled on the load hosts`);
    // Both load hosts drove it at once, each sampled there; the row's rate is theirs together.
    for (const repeat of row.repeats) {
      assert.deepEqual(repeat.loadgens.map((l) => [l.address, l.connections]), [[HOSTS.loadgen, 50], [SECOND_LOADGEN, 50]]);
      assert.ok(repeat.loadgens.every((l) => l.ratePerSecond > 0 && l.generatorCpuPercent > 0), JSON.stringify(repeat.loadgens));
      const sum = repeat.loadgens.reduce((n, l) => n + l.ratePerSecond, 0);
      assert.ok(Math.abs(sum - repeat.samples / repeat.window.seconds) <= 0.02 * sum, `${row.label}: ${sum} req/s from the hosts, ${repeat.samples / repeat.window.seconds} in all`);
    }
    assert.ok(row.busy.loadgen > 0 && row.busy.server > 0, `${row.label}: CPUs read on each host ${JSON.stringify(row.busy)}`);
    assert.ok(['server', 'generator', 'database', 'none'].includes(row.bottleneck.bound), `${row.label}: ${JSON.stringify(row.bottleneck)}`);
  }
  const bookings = summary.results.find((r) => r.workload === 'bookings');
  assert.equal(bookings.invariant, 'pass');
  assert.ok(bookings.databaseCpuPercent > 0, 'MariaDB sampled on the database host');
  assert.ok(summary.results.some((r) => r.bottleneck?.bound === 'server'), 'at least one row is server-bound');
  for (const row of summary.results.filter((r) => r.workload === 'chat')) assert.equal(row.delivery, 'pass', row.label);
  const nginxRows = summary.ceiling.rows.filter((r) => r.stack === CEILING);
  assert.ok(nginxRows.length && nginxRows.every((r) => r.throughput.median > 0), 'the nginx ceiling measured on the server host');
  // The bookings ceiling runs on one machine only so far: its row says so, and fails no run.
  assert.match(summary.ceiling.rows.find((r) => r.stack === BOOKINGS_CEILING).repeats[0].reason, /not measured in other hosts/);
  assert.match(summary.ceiling.rows.find((r) => r.stack === CHAT_CEILING).repeats[0].reason, /not measured in other hosts/);
  assert.ok(summary.latency.length > 0 && summary.latency.every((l) => !l.failed), 'open-loop steps from the load host');
});

test(`GENERATOR=jmeter across the hosts: JMeter's remote engines on both load hosts, a controller here`, {
  skip: !enabled && 'run by make hosts-test (HOSTS_TEST=1, SSH_CONFIG from harness/runtimes/hosts/hosts.sh up)', timeout: 600_000,
}, () => {
  const resultsDir = join(rig, 'results-jmeter');
  const run = spawnSync(process.execPath, [join(ROOT, 'loadtest/bench.mjs')], {
    env: { ...process.env, PROFILE: 'smoke', GENERATOR: 'jmeter', STACKS: STACK, WORKLOADS: 'hello bookings', REPEAT: '',
      RESULTS_DIR: resultsDir, SERVER_HOST: HOSTS.server, DB_HOST: HOSTS.db, LOADGEN_HOSTS: `${HOSTS.loadgen} ${SECOND_LOADGEN}`,
      SERVER_CPUS: '1', DB_CPUS: '0', LOADGEN_CPUS: '0' },
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 580_000,
  });
  process.stdout.write(run.stdout.split('\n').filter((l) => !/^\s*$/.test(l)).slice(-16).join('\n') + '\n');
  assert.equal(run.status, 0, benchFailure(run, resultsDir));
  const summary = JSON.parse(readFileSync(join(resultsDir, 'latest', 'summary.json'), 'utf8'));
  assert.equal(summary.generator, 'jmeter');
  for (const row of summary.results) {
    assert.equal(row.generator, 'jmeter', row.label);
    assert.ok(row.throughput.median > 0 && row.errors === 0, `${row.label}: ${row.throughput.median} req/s, ${row.errors} errors`);
    // An engine on each load host sent the load, each sampled there; the controller here wrote the one JTL.
    for (const repeat of row.repeats) {
      assert.deepEqual(repeat.loadgens.map((l) => l.address), [HOSTS.loadgen, SECOND_LOADGEN]);
      assert.ok(repeat.loadgens.every((l) => l.generatorCpuPercent > 0), JSON.stringify(repeat.loadgens));
      assert.ok(existsSync(join(resultsDir, 'latest', repeat.jtl)), repeat.jtl);
    }
  }
  assert.equal(summary.results.find((r) => r.workload === 'bookings' && r.stack === STACK).invariant, 'pass');
});
