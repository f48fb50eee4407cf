// REPORT.md, its charts and the seed claims, generated from a fixture summary.json: six stacks, three
// repeats each, one failed run, 29 errors on node-express bookings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, copyFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { writeReport } from '../report.mjs';
import { renderReport, repeatsPerPoint } from '../reports/report.mjs';
import { loadClaims, evaluateClaims } from '../reports/claims.mjs';

const FIXTURE = new URL('./fixtures/summary.json', import.meta.url).pathname;
const summary = JSON.parse(readFileSync(FIXTURE, 'utf8'));
const row = (stack, workload) => summary.results.find((r) => r.stack === stack && r.workload === workload);

/** The Markdown table under "### <label>", as arrays of cells (header and separator dropped). */
function tableUnder(markdown, label) {
  const section = markdown.split(`### ${label}\n`)[1].split('\n### ')[0].split('\n## ')[0];
  return section.split('\n').filter((l) => l.startsWith('| ')).slice(2)
    .map((l) => l.slice(2, -2).split(' | '));
}

test('one table per workload, stacks sorted by throughput with their ratio to the best', () => {
  const md = renderReport(summary, { claims: [] });
  for (const label of ['hello', 'static', 'echo', 'bookings']) assert.match(md, new RegExp(`^### ${label}$`, 'm'));
  const hello = tableUnder(md, 'hello');
  assert.equal(hello.length, 6);
  const medians = hello.map((cells) => Number(cells[3].replace(/,/g, '')));
  assert.deepEqual(medians, [...medians].sort((a, b) => b - a));
  assert.equal(hello[0][5], '1.00');
  const last = row(hello[5][1].replace(/`/g, ''), 'hello');
  const best = row(hello[0][1].replace(/`/g, ''), 'hello');
  assert.equal(hello[5][5], (last.throughput.median / best.throughput.median).toFixed(2));
});

test('generator-bound rows are never ranked by req/s: they follow, ordered by requests per server CPU-second', () => {
  const bound = structuredClone(summary);
  const hello = bound.results.filter((r) => r.workload === 'hello');
  // The two fastest by req/s become generator-bound, the slower of them with the better req per CPU-second.
  const [first, second] = [...hello].sort((a, b) => b.throughput.median - a.throughput.median);
  Object.assign(first, { bottleneck: { bound: 'generator', serverPercent: 40, loadgenBusy: 99 }, perCpuSecond: 1000 });
  Object.assign(second, { bottleneck: { bound: 'generator', serverPercent: 30, loadgenBusy: 98 }, perCpuSecond: 5000 });
  const md = renderReport(bound, { claims: [] });
  const table = tableUnder(md, 'hello');
  assert.deepEqual(table.slice(-2).map((c) => c[1]), [`\`${second.stack}\``, `\`${first.stack}\``]);
  assert.deepEqual(table.slice(-2).map((c) => c[5]), ['–', '–'], 'no ratio to the best');
  assert.equal(table[0][5], '1.00');
  assert.match(table.at(-1)[18], /^generator: CPU 0 99% busy/);
  assert.match(md.split('### hello')[1], /were generator-bound: their req\/s is what the generator could drive, so they are not ranked/);
});

test('rows show spread, percentiles, errors, CPU, RSS, verdicts and dashboard links', () => {
  const md = renderReport(summary, { claims: [] });
  const bookings = tableUnder(md, 'bookings');
  const node = bookings.find((c) => c[1] === '`node-express`');
  const r = row('node-express', 'bookings');
  assert.equal(node[4], `3: ${Math.round(r.throughput.min).toLocaleString('en-US')}–${Math.round(r.throughput.max).toLocaleString('en-US')}`);
  assert.match(node[13], /^29 \(/);
  assert.equal(node[19], 'invariant pass');
  assert.match(node[20], /\[#1\]\(node-express\/bookings\/1\/dashboard\/index\.html\) \[#2\]/);
  const failed = tableUnder(md, 'static').find((c) => c[1] === '`java-spring5`');
  assert.match(failed[19], /^FAILED: did not start/);
  const unsteady = { ...summary, results: summary.results.map((r) => (r.stack === 'node-express' && r.workload === 'bookings'
    ? { ...r, steady: false, repeats: r.repeats.map((x) => ({ ...x, warmup: { seconds: 60, steady: false } })) } : r)) };
  const flagged = tableUnder(renderReport(unsteady, { claims: [] }), 'bookings').find((c) => c[1] === '`node-express`');
  assert.match(flagged[19], /^invariant pass; NOT STEADY: the warm-up ran out \(60 s\) still changing/);
});

test('the environment block names the machine, pinning, versions, git sha and generator headroom', () => {
  const md = renderReport(summary, { claims: [] });
  const env = md.split('## Environment')[1].split('## Charts')[0];
  for (const expected of ['AMD EPYC', 'server CPUs 1', 'database 0', '25.0.3', 'v20.20.2', 'MariaDB', '5.6.3',
    '0123456789ab', 'nginx/1.22.1 on the server\'s CPUs, driven by the same generator']) assert.ok(env.includes(expected), expected);
});

test('the environment block names the hosts each role ran on, and the load hosts when there are several', () => {
  const topology = { server: '198.18.0.1', db: '198.18.0.2:3307', loadgen: '198.18.0.3 198.18.0.4' };
  const environment = { ...summary.environment, hosts: { loadgens: [{ address: '198.18.0.3' }, { address: '198.18.0.4' }] } };
  const md = renderReport({ ...summary, runtime: 'native', topology, environment }, { claims: [] });
  assert.match(md, /\| hosts \| server 198\.18\.0\.1, database 198\.18\.0\.2:3307, load 198\.18\.0\.3 198\.18\.0\.4 \(native runtime\) \|/);
  assert.match(md, /load generator 0 \(on each load host\)/);
});

test('the environment block gives each stack\'s libraries at the versions its build resolved', () => {
  const libraries = { 'java-vertx': { 'io.vertx:vertx-core': '5.2.3', 'io.netty:netty-codec-http': null },
    'node-express': { express: '5.2.1' } };
  const md = renderReport({ ...summary, environment: { ...summary.environment, libraries } }, { claims: [] });
  const env = md.split('## Environment')[1].split('## Charts')[0];
  assert.match(env, /^\| `java-vertx` \| vertx-core 5\.2\.3, netty-codec-http \? \|$/m);
  assert.match(env, /^\| `node-express` \| express 5\.2\.1 \|$/m);
});

test('seed claims are evaluated on this run\'s rows, and unmeasured ones say what is missing', () => {
  const evaluated = evaluateClaims(loadClaims(), summary.results);
  const byId = Object.fromEntries(evaluated.map((e) => [e.claim.id, e]));
  const reactor = row('java-reactor', 'static').throughput.median;
  const node = row('node-express', 'static').throughput.median;
  assert.equal(byId['static-reactor-vs-node'].ratio, reactor / node);
  assert.equal(byId['static-reactor-vs-node'].verdict, 'same direction');
  assert.equal(byId['bookings-node-vs-mvc'].verdict, 'reversed');
  assert.match(byId['bookings-node-vs-mvc'].detail, /errors node-express 29, java-mvc-jpa 0/);
  const bound = structuredClone(summary.results);
  const nodeHello = bound.find((r) => r.stack === 'node-express' && r.workload === 'hello');
  nodeHello.bottleneck = { bound: 'generator' };
  const hello = () => evaluateClaims(loadClaims(), bound).find((e) => e.claim.id === 'hello-nio2-vs-node');
  assert.match(hello().detail, /generator-bound: node-express$/);
  assert.equal(hello().verdict, 'undecided (generator-bound)', 'node-express could be faster than its bound row says');
  const other = bound.find((r) => r.stack === hello().detail.split(' ')[0] && r.workload === 'hello');
  Object.assign(other, { bottleneck: { bound: 'generator' }, perCpuSecond: 3 * (nodeHello.perCpuSecond = 1000) });
  assert.match(hello().detail, /3\.00× node-express per server CPU-second/, 'two bound rows: by requests per CPU-second');
  assert.equal(hello().verdict, 'same direction');
  // Bookings rows both bound by MariaDB: decided by what each booking cost it, the cheaper ahead.
  const bookings = () => evaluateClaims(loadClaims(), bound).find((e) => e.claim.id === 'bookings-node-vs-mvc');
  const [nodeBookings, mvcBookings] = ['node-express', 'java-mvc-jpa'].map((s) => bound.find((r) => r.stack === s && r.workload === 'bookings'));
  nodeBookings.bottleneck = { bound: 'database' };
  assert.equal(bookings().verdict, 'undecided (database-bound)', 'one row bound by MariaDB and behind: it could do more');
  mvcBookings.bottleneck = { bound: 'database' };
  assert.equal(bookings().verdict, 'not measured', 'no MariaDB figures to decide by');
  nodeBookings.database = { perBooking: { cpuMicros: 300 } };
  mvcBookings.database = { perBooking: { cpuMicros: 450 } };
  assert.equal(bookings().verdict, 'same direction');
  assert.equal(bookings().ratio, 1.5);
  assert.match(bookings().detail, /1\.50× java-mvc-jpa per MariaDB CPU-second \(300 MariaDB CPU-µs per booking against 450/);
  assert.match(bookings().detail, /database-bound: node-express, java-mvc-jpa$/);
  mvcBookings.bottleneck = { bound: 'generator' };
  assert.equal(bookings().verdict, 'undecided (database- and generator-bound)', 'bound by two different things: no ratio reads as a ranking');
  const withoutChat = evaluateClaims(loadClaims(), summary.results.filter((r) => r.workload !== 'chat'));
  const chat = withoutChat.find((e) => e.claim.id === 'chat-latency-order');
  assert.equal(chat.verdict, 'not measured');
  assert.match(chat.detail, /fewer than two of java-mvc-jpa, .* measured/);
  const md = renderReport(summary, { claims: evaluated });
  const section = md.split('## Seed claims')[1];
  for (const e of evaluated) assert.ok(section.includes(e.claim.source), e.claim.id);
  assert.match(section, /2\.02×/);
});

test('an order claim reports the measured order and whether it matches', () => {
  const rows = ['a', 'b', 'c'].map((stack, i) => ({ stack, workload: 'chat', label: 'chat', latencyMs: { p50: [5, 1, 9][i] } }));
  const claim = { id: 'x', kind: 'order', workload: 'chat', metric: 'latencyMs.p50', sort: 'ascending', stacks: ['a', 'b', 'c'] };
  const [got] = evaluateClaims([claim], rows);
  assert.equal(got.verdict, 'different order');
  assert.deepEqual(got.order, ['b', 'a', 'c']);
  const [same] = evaluateClaims([{ ...claim, stacks: ['b', 'a', 'c', 'absent'] }], rows);
  assert.equal(same.verdict, 'same order');
  assert.match(same.detail, /not measured: absent/);
  assert.doesNotMatch(same.detail, /relay/, 'no relay row, no relay column');
  rows[1].relay = { p99: { median: 2.04, low: 1.9, high: 2.2 }, deliveries: { median: 0.8 } };
  const [withRelay] = evaluateClaims([claim], rows);
  assert.match(withRelay.detail, /b 1 ms \(p99 2\.0× relay\) · a 5 ms · c 9 ms; × relay: the p99 over the chat relay's/);
});

test('writeReport writes REPORT.md and at least three themed SVG charts it links to', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  copyFileSync(FIXTURE, join(dir, 'summary.json'));
  const { report, charts } = await writeReport(dir);
  assert.ok(charts.length >= 3);
  const md = readFileSync(report, 'utf8');
  for (const file of readdirSync(join(dir, 'charts'))) {
    assert.ok(md.includes(`](charts/${file})`), `REPORT.md embeds ${file}`);
    const svg = readFileSync(join(dir, 'charts', file), 'utf8');
    assert.match(svg, /^<svg[^>]*><style>/);
    assert.match(svg, /prefers-color-scheme: dark/);
    for (const stack of ['java-vertx', 'node-cluster']) assert.ok(svg.includes(stack), `${file} names ${stack}`);
  }
  for (const link of md.matchAll(/\]\((charts\/[^)]+)\)/g)) assert.ok(existsSync(join(dir, link[1])), link[1]);
});

test('make readme-results replaces only the results section of its page with a real chart and table', async () => {
  const { updateReadme } = await import('../readme-results.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'readme-'));
  copyFileSync(FIXTURE, join(dir, 'summary.json'));
  const page = join(dir, 'results.md');
  const before = '# Title\n\nintro\n\n<!-- results:begin (make readme-results) -->\nold\n<!-- results:end -->\n\n## After\n';
  writeFileSync(page, before);
  await updateReadme(dir, { page, exampleDir: join(dir, 'example') });
  const after = readFileSync(page, 'utf8');
  assert.ok(after.startsWith('# Title\n\nintro\n\n<!-- results:begin'));
  assert.ok(after.endsWith('<!-- results:end -->\n\n## After\n'));
  assert.ok(!after.includes('\nold\n'));
  assert.match(after, /!\[Throughput per workload, with the server's CPU\]\(example\/throughput\.svg\)/);
  assert.ok(existsSync(join(dir, 'example', 'throughput.svg')));
  assert.match(after, /^## hello$/m);
  assert.match(after, /^## bookings$/m);
  assert.equal(after.split('\n').filter((l) => /^\| [^|]+ \| `/.test(l)).length, 18, 'six stacks in each of three tables');
  assert.ok(!after.includes('dashboard/index.html'));
});

test('chat rows get their own table (delivered/expected, violations, client CPU) and feed the order claims', () => {
  const evaluated = evaluateClaims(loadClaims(), summary.results);
  const md = renderReport(summary, { claims: evaluated });
  const chat = tableUnder(md, 'chat');
  assert.equal(chat.length, 4);
  const vertx = chat.find((c) => c[0] === '`java-vertx`');
  // Two columns after delivered / expected: × relay deliveries/s and p99 × relay ('–': this run measured no relay).
  assert.deepEqual([vertx[1], vertx[2], vertx[3], vertx[4], vertx[12], vertx[14]], ['1,800,000 / 1,800,000', '–', '–', '0', '40', 'pass']);
  assert.equal(chat.find((c) => c[0] === '`node-cluster`')[14], 'FAILED');
  assert.match(md, /^1 room × 60 users; each user sends 500 messages, one every 10 ms/m);
  const memory = evaluated.find((e) => e.claim.id === 'chat-memory-order');
  assert.equal(memory.verdict, 'same order');
  assert.deepEqual(memory.order, ['node-express', 'java-vertx', 'java-vertx:eventbus']);
  const latency = evaluated.find((e) => e.claim.id === 'chat-latency-order');
  assert.deepEqual(latency.order, ['java-vertx', 'java-vertx:eventbus', 'node-express'], 'failed node-cluster is left out');
});

test('the latency steps get a table per workload and a latency-against-offered-rate chart', async () => {
  const withLatency = structuredClone(summary);
  const step = (stack, rate, p99, extra = {}) => ({ stack, workload: 'hello', rate, bases: ['50 % of its own maximum'], achieved: rate,
    latencyMs: { p50: 1, p90: 2, p99, 'p99.9': p99 * 2, max: p99 * 3 }, errors: 0, serverCpuPercent: 50, generatorCpuPercent: 20,
    keptUp: true, ...extra });
  withLatency.latency = [step('java-vertx', 5000, 3), step('java-vertx', 9000, 8), step('node-express', 5000, 30),
    step('node-express', 9000, 900, { keptUp: false, capped: true, wanted: 12000, after: 'a warm-up' })];
  withLatency.openLoop = { generator: 'oha 1.16.0', ceiling: { hello: { achieved: 40000 } },
    settings: { common: [0.5, 0.9], own: [0.5, 0.9], seconds: 3, warmup: { minSeconds: 2, maxSeconds: 20 }, connections: 50 } };
  const md = renderReport(withLatency, { claims: [] });
  const rows = tableUnder(md, 'hello latency');
  assert.deepEqual(rows.map((c) => [c[0], c[1]]), [['`java-vertx`', '5,000'], ['`java-vertx`', '9,000'], ['`node-express`', '5,000'], ['`node-express`', '9,000']]);
  assert.equal(rows[3][12], 'a warm-up', 'what the step was measured after');
  assert.equal(rows[3][13], 'fell behind');
  assert.match(rows[3][11], /capped from 12,000/);
  assert.match(md, /The generator offered against nginx: hello 40,000 req\/s; no step asks for more than half of that/);
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(withLatency));
  await writeReport(dir);
  const svg = readFileSync(join(dir, 'charts', 'latency-rate.svg'), 'utf8');
  for (const text of ['offered req/s', 'p99.9', 'node-express']) assert.ok(svg.includes(text), text);
});

test('the repeats per point name the workloads a profile gives fewer', () => {
  assert.equal(repeatsPerPoint({ repeat: 5, repeatsOf: { static: 3, bookings: 3 } }), '5 repeats per point (static 3, bookings 3)');
  assert.equal(repeatsPerPoint({ repeat: 2, repeatsOf: { static: 3 } }), '2 repeats per point');
  assert.equal(repeatsPerPoint(undefined), '1 repeat per point');
});
