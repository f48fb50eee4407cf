import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLAN, WORKLOADS, installJmeter, jmeterVersion, planProperties, runJmeter, generateDashboard, RUN_PROPERTIES } from '../generators/jmeter.mjs';
import { writeCorpus } from '../generators/corpus.mjs';
import { ROOT } from '../../harness/lib/stacks.mjs';

const plan = readFileSync(PLAN, 'utf8');
// Each thread group's XML, from its opening tag to the next group's.
const groups = Object.fromEntries(plan.split('<ThreadGroup ').slice(1).map((xml) => [xml.match(/testname="(\w+)"/)[1], xml]));
const prop = (xml, name) => xml.match(new RegExp(`<(?:string|bool|int)Prop name="${name.replace('.', '\\.')}">([^<]*)<`))?.[1];

test('the plan has one thread group per workload, sized by its own properties with small defaults', () => {
  assert.deepEqual(Object.keys(groups), WORKLOADS);
  for (const name of WORKLOADS) {
    const g = groups[name];
    for (const [field, key] of [['num_threads', 'users'], ['ramp_time', 'rampup'], ['duration', 'duration']]) {
      assert.match(prop(g, `ThreadGroup.${field}`), new RegExp(`^\\$\\{__P\\(${name}\\.${key},[1-9]\\d*\\)\\}$`), `${name} ${field}`);
    }
    assert.match(prop(g, 'LoopController.loops'), new RegExp(`^\\$\\{__P\\(${name}\\.loops,[1-9]\\d*\\)\\}$`));
    assert.equal(prop(g, 'ThreadGroup.scheduler'), 'true');
    assert.equal(prop(g, 'ThreadGroup.same_user_on_next_iteration'), 'true', `${name} keeps its connection across loops`);
    assert.equal(prop(g, 'HTTPSampler.use_keepalive'), 'true', `${name} keep-alive`);
  }
});

test('each workload sends its request and asserts its status code', () => {
  const expect = { hello: ['GET', '/hello', '200'], static: ['GET', '/static/${staticFile}', '200'],
    echo: ['POST', '/event', '200'], bookings: ['POST', '/bookings', '201'] };
  for (const [name, [method, path, code]] of Object.entries(expect)) {
    const g = groups[name];
    assert.deepEqual([prop(g, 'HTTPSampler.method'), prop(g, 'HTTPSampler.path')], [method, path], name);
    assert.match(g, new RegExp(`<ResponseAssertion[^]*<stringProp name="\\d+">${code}</stringProp>[^]*Assertion\\.response_code`), name);
  }
  assert.match(plan, /<stringProp name="Argument\.value">\$\{__P\(file,1mb\.bin\)\}</);
  assert.match(groups.echo, /<stringProp name="Header\.value">application\/json</);
  assert.match(plan, /\$\{__FileToString\(\$\{__P\(payload,[^)]+\)\},UTF-8,\)\}/);
  assert.match(groups.bookings, /<CSVDataSet[^]*\$\{__P\(corpus,[^)]+\)\}/);
  assert.match(groups.bookings, /<stringProp name="File\.paramname"><\/stringProp>/, 'the file is the raw body');
  assert.match(plan, /<stringProp name="HTTPSampler\.implementation">HttpClient4</);
  assert.match(plan, /<stringProp name="HTTPSampler\.domain">\$\{host\}<[^]*<stringProp name="HTTPSampler\.port">\$\{port\}</);
});

test('the plan stores nothing itself: no listener, no Connection header', () => {
  assert.doesNotMatch(plan, /<ResultCollector|<Summariser|<ResultSaver|<BackendListener/);
  assert.doesNotMatch(plan, /<stringProp name="Header\.name">Connection</i);
});

test('a run gives users to its own thread group only, and checks its arguments', () => {
  const props = planProperties({ workload: 'echo', port: 1, users: 7, rampUpSeconds: 2, durationSeconds: 3, loops: -1 });
  assert.deepEqual([props['hello.users'], props['static.users'], props['echo.users'], props['bookings.users']], [0, 0, 7, 0]);
  assert.deepEqual([props['echo.rampup'], props['echo.loops'], props['echo.duration']], [2, -1, 3]);
  assert.ok(planProperties({ workload: 'hello', port: 1, loops: 5 })['hello.duration'] > 3600, 'loops bound it, not time');
  assert.throws(() => planProperties({ workload: 'chat', port: 1, durationSeconds: 1 }), /unknown workload/);
  assert.throws(() => planProperties({ workload: 'hello', port: 1, loops: -1 }), /durationSeconds/);
  assert.throws(() => planProperties({ workload: 'hello', loops: 1 }), /port/);
  assert.throws(() => planProperties({ workload: 'bookings', port: 1, durationSeconds: 1 }), /corpus/);
});

// A real JMeter against a tiny server that records what arrives, byte for byte.
const BIG = Buffer.alloc(1 << 20, 'x');
const seen = { connections: 0, events: [], bookings: [], types: new Set() };
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c)).on('end', () => {
    const body = Buffer.concat(chunks);
    seen.types.add(`${req.method} ${req.url} ${req.headers['content-type'] ?? ''}`);
    if (req.url === '/hello') return res.end('Hello, World!');
    if (req.url === '/static/1mb.bin') return res.end(BIG);
    if (req.url === '/event') { seen.events.push(body); return res.end(body); }
    if (req.url === '/bookings') { seen.bookings.push(body); res.statusCode = 201; return res.end('{}'); }
    res.statusCode = 404;
    res.end();
  });
}).on('connection', () => seen.connections++);
const dir = mkdtempSync(join(tmpdir(), 'jmeter-test-'));
let corpus;
before(async () => {
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  corpus = await writeCorpus(join(dir, 'corpus'), { count: 40 });
});
after(() => { server.close(); rmSync(dir, { recursive: true, force: true }); });

const readJtl = (file) => {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const names = header.split(',');
  return { names, rows: lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v]))) };
};

test('JMeter installs from Maven Central and reports its version', { timeout: 600_000 }, async () => {
  assert.equal(jmeterVersion(await installJmeter()), readFileSync(join(ROOT, 'loadtest/pom.xml'), 'utf8').match(/<jmeter\.version>([^<]+)</)[1]);
});

const taskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
for (const [workload, code] of [['hello', '200'], ['static', '200'], ['echo', '200'], ['bookings', '201']]) {
  test(`JMeter runs ${workload} for 2 s on kept-alive connections; the JTL has every field and no body`, { timeout: 60_000 }, async () => {
    const start = { connections: seen.connections, events: seen.events.length, bookings: seen.bookings.length };
    const summaries = [];
    const jtl = join(dir, `${workload}.jtl`);
    const dashboard = workload === 'hello' ? join(dir, 'dashboard') : null;
    const { exitCode, output } = await runJmeter({ workload, port: server.address().port, users: 2, durationSeconds: 2,
      loops: -1, corpus, jtl, dashboard, cpus: taskset && workload === 'echo' ? '0' : '', onSample: (l) => summaries.push(l) });
    assert.equal(exitCode, 0, output);
    const { names, rows } = readJtl(jtl);
    for (const field of ['timeStamp', 'elapsed', 'label', 'responseCode', 'success', 'bytes', 'sentBytes', 'Latency', 'Connect', 'threadName', 'allThreads']) {
      assert.ok(names.includes(field), field);
    }
    assert.ok(!names.some((n) => /data|header/i.test(n)), `no response data or headers: ${names}`);
    assert.ok(rows.length > 20, `${rows.length} samples`);
    for (const row of rows) assert.deepEqual([row.label, row.responseCode, row.success], [workload, code, 'true']);
    assert.ok(summaries.some((l) => /^summary = +\d+ in/.test(l)), summaries.join('\n'));
    assert.ok(seen.connections - start.connections <= 2, 'one connection per user, kept alive');
    if (dashboard) assert.ok(existsSync(join(dashboard, 'index.html')));
    if (workload === 'static') for (const row of rows) assert.ok(row.bytes >= BIG.length && row.bytes < BIG.length + 1024, row.bytes);
    if (workload === 'echo') {
      const payload = readFileSync(join(ROOT, 'spec/fixtures/events/seed.request.json'));
      assert.equal(seen.events.length - start.events, rows.length);
      for (const body of seen.events.slice(start.events)) assert.ok(body.equals(payload), 'the payload file, byte for byte');
      assert.ok(seen.types.has('POST /event application/json'), [...seen.types].join('\n'));
    }
    if (workload === 'bookings') {
      const files = new Set(readFileSync(corpus, 'utf8').trim().split('\n').slice(1).map((l) => readFileSync(l.split(',')[0]).toString('hex')));
      const bodies = seen.bookings.slice(start.bookings);
      assert.equal(bodies.length, rows.length);
      assert.ok(bodies.every((b) => files.has(b.toString('hex'))), 'every body is one corpus file, byte for byte');
      assert.equal(new Set(bodies.map((b) => b.toString('hex'))).size, Math.min(files.size, bodies.length), 'rows in turn');
      // Each row's own Content-Type: protobuf, and proto3 JSON for one booking in ten (more than ten rows were sent).
      assert.deepEqual([...seen.types].filter((t) => t.startsWith('POST /bookings')).sort(),
        ['POST /bookings application/json', 'POST /bookings application/x-protobuf']);
    }
  });
}

test('report-only mode: a dashboard from an existing JTL, percentiles over every sample', { timeout: 60_000 }, async () => {
  const jtl = join(dir, 'hello.jtl');
  const dashboard = join(dir, 'report-only');
  const { exitCode, output } = await generateDashboard({ jtl, dashboard });
  assert.equal(exitCode, 0, output);
  assert.ok(existsSync(join(dashboard, 'index.html')));
  const log = readFileSync(`${dashboard}.jmeter.log`, 'utf8');
  assert.doesNotMatch(log, /ERROR/, log.slice(-2000));
});

test('every run and report: start timestamps, and dashboard percentiles over all samples', () => {
  assert.equal(RUN_PROPERTIES['sampleresult.timestamp.start'], true);
  assert.equal(RUN_PROPERTIES['jmeter.reportgenerator.statistic_window'], -1);
});

test('JMeter through a remote engine, as on a load host of its own: the engine sends, the controller writes the JTL', { timeout: 120_000 }, async () => {
  const { runJmeterOnEngines, useEngines } = await import('../generators/jmeter-engines.mjs');
  const here = { role: 'loadgen', address: '127.0.0.1', remote: false };
  assert.equal(useEngines([here]), false, 'one load host on this machine: plain JMeter');
  assert.equal(useEngines([{ ...here, address: '198.18.0.3', remote: true }]), true);
  const start = seen.events.length;
  const spawned = [];
  const jtl = join(dir, 'engine.jtl');
  const summaries = [];
  const { exitCode, output } = await runJmeterOnEngines({ hosts: [here], workload: 'echo', port: server.address().port,
    users: 3, loops: 4, jtl, onSpawn: (pid, host) => spawned.push([pid, host.address]), onSample: (l) => summaries.push(l) });
  assert.equal(exitCode, 0, output);
  const { rows } = readJtl(jtl);
  assert.equal(rows.length, 12, 'every user\'s loops, each sample sent back to the controller');
  assert.equal(seen.events.length - start, 12);
  for (const row of rows) assert.deepEqual([row.label, row.responseCode, row.success], ['echo', '200', 'true']);
  assert.ok(summaries.some((l) => /^summary = +12 in/.test(l)), summaries.join('\n'));
  assert.deepEqual(spawned.map(([, address]) => address), ['127.0.0.1']);
  assert.throws(() => process.kill(spawned[0][0], 0), 'the engine is gone once the run is over');
});
