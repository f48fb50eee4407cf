// make aio (harness/reproductions/aio/aio.mjs): ab's report read as ab prints it, the write-up's command line, the Node counterpart
// answering as its NIO.2 twin does (the NIO.2 server has its own JUnit tests: harness/reproductions/aio/src/test), a real ab run
// against it, and the write-up's claims and percentile table read from rows shaped as make aio writes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { abArgs, parseAb, runAb, WRITEUP } from '../../loadtest/generators/ab.mjs';
import { freePort } from '../../loadtest/ceilings/ceiling.mjs';
import { loadClaims, evaluateClaims } from '../../loadtest/reports/claims.mjs';
import { abPercentileTable, renderReport } from '../../loadtest/reports/report.mjs';

const NODE_HELLO = fileURLToPath(new URL('../reproductions/aio/node-hello.mjs', import.meta.url));
const hasAb = spawnSync('ab', ['-V']).error === undefined;

// ab 2.3's report, as it printed one here, with failures and non-2xx answers added.
const REPORT = `This is ApacheBench, Version 2.3 <$Revision$>

Server Software:        
Server Hostname:        127.0.0.1
Server Port:            34359

Document Path:          /hello
Document Length:        13 bytes

Concurrency Level:      300
Time taken for tests:   7.594 seconds
Complete requests:      30000
Failed requests:        3
   (Connect: 0, Receive: 0, Length: 3, Exceptions: 0)
Non-2xx responses:      5
Total transferred:      4470000 bytes
HTML transferred:       390000 bytes
Requests per second:    3950.38 [#/sec] (mean)
Time per request:       75.942 [ms] (mean)
Time per request:       0.253 [ms] (mean, across all concurrent requests)
Transfer rate:          574.80 [Kbytes/sec] received

Connection Times (ms)
              min  mean[+/-sd] median   max
Connect:        0   17  11.5     16      77
Processing:     7   58  25.4     52     282
Waiting:        1   45  24.8     39     277
Total:         26   75  24.7     66     296

Percentage of the requests served within a certain time (ms)
  50%     66
  66%     74
  75%     81
  80%     88
  90%    114
  95%    143
  98%    195
  99%    239
 100%    296 (longest request)
`;

test('ab\'s report is read as ab prints it: counts, seconds, rate, bytes per response and the percentile table', () => {
  const r = parseAb(REPORT);
  assert.equal(r.complete, 30000);
  assert.equal(r.failed, 3);
  assert.equal(r.non2xx, 5);
  assert.equal(r.seconds, 7.594);
  assert.equal(r.requestsPerSecond, 3950.38);
  assert.equal(r.bytesPerResponse, 149);
  assert.deepEqual(r.percentilesMs, { 50: 66, 66: 74, 75: 81, 80: 88, 90: 114, 95: 143, 98: 195, 99: 239, 100: 296 });
  assert.equal(parseAb('apr_socket_recv: Connection reset by peer (104)\nTotal of 2812 requests completed\n'), null);
});

test('the write-up\'s command, its flags and nothing else', () => {
  assert.deepEqual(abArgs({ port: 8091 }), ['-n', '30000', '-c', '300', 'http://127.0.0.1:8091/hello']);
  assert.deepEqual(WRITEUP, { requests: 30000, concurrency: 300 });
  assert.throws(() => abArgs({ port: 8091, requests: 10, concurrency: 20 }), /must be ≥ concurrency/);
});

async function startNodeHello(t) {
  const port = await freePort();
  const child = spawn(process.execPath, [NODE_HELLO], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  t.after(() => child.kill('SIGTERM'));
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return port;
}

/** Sends `text` on one connection and collects what comes back until the server closes it or `ms` pass. */
function exchange(port, text, ms = 500) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let got = '';
    socket.on('data', (d) => { got += d; });
    socket.on('error', reject);
    const timer = setTimeout(() => { socket.destroy(); resolve({ got, closed: false }); }, ms);
    socket.on('end', () => { clearTimeout(timer); socket.destroy(); resolve({ got, closed: true }); });
  });
}

test('the Node counterpart answers as the NIO.2 server does: hello, 404, 405 with Allow, HEAD, keep-alive and HTTP/1.0', async (t) => {
  const port = await startNodeHello(t);
  const get = (path) => `GET ${path} HTTP/1.1\r\nHost: t\r\n\r\n`;
  const kept = await exchange(port, `${get('/hello')}${get('/nope')}POST /hello HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\nHEAD /hello HTTP/1.1\r\nHost: t\r\n\r\n`);
  assert.equal(kept.closed, false, 'HTTP/1.1 keeps the connection');
  const answers = kept.got.split(/(?=HTTP\/1\.1 )/);
  assert.deepEqual(answers.map((a) => a.split(' ')[1]), ['200', '404', '405', '200']);
  assert.match(answers[0], /\r\nContent-Type: text\/plain; charset=utf-8\r\n/);
  assert.match(answers[0], /\r\nContent-Length: 13\r\n[\s\S]*\r\n\r\nHello, World!$/);
  assert.match(answers[2], /\r\nAllow: GET, HEAD\r\n/);
  assert.match(answers[3], /\r\n\r\n$/, 'no body after HEAD');
  const ab = await exchange(port, 'GET /hello HTTP/1.0\r\nHost: t\r\nUser-Agent: ApacheBench/2.3\r\nAccept: */*\r\n\r\n');
  assert.equal(ab.closed, true, 'HTTP/1.0 without keep-alive: closed after the answer');
  assert.match(ab.got, /^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: close\r\n[\s\S]*Hello, World!$/);
});

test('ab runs the write-up\'s way against the Node counterpart, every request answered', { skip: !hasAb && 'ab is not installed (make loadgen)' }, async (t) => {
  const port = await startNodeHello(t);
  let pid = null;
  const run = await runAb({ port, requests: 600, concurrency: 30, onSpawn: (p) => { pid = p; } });
  assert.equal(run.exitCode, 0, run.output);
  assert.ok(pid > 0);
  assert.equal(run.result.complete, 600);
  assert.equal(run.result.failed, 0);
  assert.equal(run.result.non2xx, 0);
  assert.ok(run.result.percentilesMs['100'] >= run.result.percentilesMs['50']);
});

// Rows as make aio writes them: each server's wrk row first, then ab right after the start, then ab warm.
function rowsOf(figures) {
  const rows = [];
  for (const [stack, f] of Object.entries(figures)) {
    for (const [label, step, rate, p99] of [
      ['hello@wrk', { users: 300, durationSeconds: 10, generator: 'wrk' }, f.wrk, 5],
      ['hello@ab-fresh', { users: 300, requests: 30000, generator: 'ab', warm: false, note: 'ab right after the start' }, f.fresh, f.p99],
      ['hello@ab-warm', { users: 300, requests: 30000, generator: 'ab', warm: true }, f.warm, f.p99 / 2],
    ]) {
      const percentilesMs = { 50: 1, 66: 2, 75: 3, 80: 4, 90: 5, 95: 6, 98: 7, 99: p99, 100: 2 * p99 };
      rows.push({ stack, workload: 'hello', label, step, generator: step.generator, throughput: { median: rate, min: rate, max: rate },
        latencyMs: { p50: 1, p90: 5, p99, 'p99.9': null, max: 2 * p99 }, samples: 30000, errors: 0, errorRate: 0, cpuPercent: { mean: 95 },
        perCpuSecond: rate / 0.95, bottleneck: { bound: 'server', serverPercent: 95 },
        repeats: [{ repeat: 1, throughput: rate, ...(step.generator === 'ab' ? { percentilesMs, bytesPerResponse: 149 } : {}) }] });
    }
  }
  return rows;
}

test('the write-up\'s claims read their own step: ab right after the start, ab warm, wrk; the p99 claim compares tails', () => {
  const rows = rowsOf({ 'aio-nio2': { fresh: 4000, warm: 9000, wrk: 30000, p99: 40 }, 'aio-node': { fresh: 5000, warm: 6000, wrk: 15000, p99: 20 } });
  const byId = Object.fromEntries(evaluateClaims(loadClaims(), rows).map((e) => [e.claim.id, e]));
  assert.equal(byId['hello-aio-ab'].verdict, 'reversed');
  assert.equal(byId['hello-aio-ab'].ratio, 4000 / 5000);
  assert.match(byId['hello-aio-ab'].detail, /^aio-nio2 0\.80× aio-node \(4000 against 5000; users 300, requests 30000, generator ab, warm false\)$/);
  assert.equal(byId['hello-aio-ab-warm'].ratio, 9000 / 6000);
  assert.equal(byId['hello-aio-ab-warm'].verdict, 'same direction');
  assert.equal(byId['hello-aio-wrk'].ratio, 2);
  assert.equal(byId['hello-aio-ab-p99'].ratio, 20 / 40);
  assert.equal(byId['hello-aio-ab-p99'].verdict, 'reversed', 'Node\'s tail shorter than the NIO.2 server\'s, against the write-up');
  assert.equal(byId['hello-nio2-vs-node'].verdict, 'not measured', 'the bench\'s claim names the stacks, not the baselines');
});

test('REPORT.md shows ab\'s percentile table of each ab step beside the write-up\'s, and the write-up\'s figures in its claims', () => {
  const rows = rowsOf({ 'aio-nio2': { fresh: 4000, warm: 9000, wrk: 30000, p99: 40 }, 'aio-node': { fresh: 5000, warm: 6000, wrk: 15000, p99: 20 } });
  const claims = loadClaims();
  const table = abPercentileTable(rows, 'hello@ab-fresh', claims).split('\n');
  assert.equal(table[0], '| server | 50% | 66% | 75% | 80% | 90% | 95% | 98% | 99% | 100% | req/s | bytes per response |');
  assert.equal(table[2], '| `aio-nio2` | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 40 | 80 | 4,000 | 149 |');
  assert.equal(table[4], '| `aio-nio2` in the write-up (2011) | 8 | 8 | 9 | 11 | 12 | 13 | 14 | 18 | 4,553 | 6,113 | 95 |');
  assert.equal(table[5], '| `aio-node` in the write-up (2011) | 35 | 44 | 50 | 53 | 60 | 65 | 75 | 86 | 3,285 | 3,686 | 76 |');
  assert.equal(abPercentileTable(rows, 'hello@wrk', claims), '', 'wrk has no such table');
  const md = renderReport({ run: 'x', profile: 'aio', results: rows, environment: {} }, { claims: evaluateClaims(claims, rows) });
  const fresh = md.split('### hello@ab-fresh')[1].split('### ')[0];
  assert.match(fresh, /ab right after the start/);
  assert.match(fresh, /ab's percentile table/);
  assert.doesNotMatch(md.split('### hello@wrk')[1].split('## ')[0], /percentile table/);
  assert.match(md.split('## Seed claims')[1], /\| 1\.66× \(6,113 against 3,686\) \| aio-nio2 0\.80× aio-node/);
});
