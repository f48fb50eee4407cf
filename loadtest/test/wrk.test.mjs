// wrk on several load hosts at once (LOADGEN_HOSTS): the connections split, the results merged. The merge is
// checked on made-up distributions whose percentiles are known, and on real wrk runs: two at once against a local
// server, as two load hosts would run them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { shares, mergedPercentile, mergeResults, runWrk, ensureWrk } from '../generators/wrk.mjs';

test('connections are split as evenly as whole numbers allow, the larger shares first', () => {
  assert.deepEqual(shares(100, 2), [50, 50]);
  assert.deepEqual(shares(101, 3), [34, 34, 33]);
  assert.deepEqual(shares(2, 2), [1, 1]);
});

// A host whose latencies are `values` (µs, one request each), as report.lua's grid reads them: every percentile of
// the grid, computed as wrk does (the rank-th smallest, rank = round(p % × count + 0.5)).
function hostOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length, Math.max(1, Math.round((p / 100) * sorted.length + 0.5))) - 1];
  const grid = [];
  for (let q = 0; q <= 1_000_000; q += q < 900_000 ? 5000 : q < 990_000 ? 1000 : q < 999_000 ? 100 : q < 999_900 ? 10 : 5) grid.push([q / 10_000, at(q / 10_000)]);
  grid[grid.length - 1][1] = sorted.at(-1);
  return { count: values.length, quantiles: grid };
}

test('the merged percentile of several hosts is the percentile of all their requests, within the grids\' steps', () => {
  // Host A: 1..1000 µs, host B: 9000 requests at 100 µs and 1000 at 5000 µs. All together: 11,000 requests.
  const a = Array.from({ length: 1000 }, (_, i) => i + 1);
  const b = [...Array(9000).fill(100), ...Array(1000).fill(5000)];
  const truthOf = (values) => {
    const all = [...values].sort((x, y) => x - y);
    return (p) => all[Math.min(all.length, Math.round((p / 100) * all.length + 0.5)) - 1];
  };
  const truth = truthOf([...a, ...b]);
  const hosts = [hostOf(a), hostOf(b)];
  for (const p of [50, 90, 99, 99.9]) {
    const merged = mergedPercentile(hosts, p);
    assert.ok(merged >= truth(p), `p${p}: ${merged} is not below the truth ${truth(p)}`);
    // Each host's requests are placed to within its grid's step at its own percentile, 0.5 % at the coarsest.
    assert.ok(merged <= truth(Math.min(100, p + 0.5)), `p${p}: ${merged} above the truth half a percent up ${truth(p + 0.5)}`);
  }
  assert.equal(mergedPercentile(hosts, 99), 5000, '1000 of 11,000 at 5000 µs: p99 is 5000');
  assert.equal(mergedPercentile(hosts, 50), 100);
  // Hosts alike (one server's answers, the load split evenly): within one grid step of p.
  const c = Array.from({ length: 4000 }, (_, i) => 50 + ((i * 7919) % 3000));
  const d = Array.from({ length: 4000 }, (_, i) => 50 + ((i * 104729 + 13) % 3000));
  const alike = truthOf([...c, ...d]);
  for (const p of [50, 90, 99, 99.9]) {
    const step = p < 90 ? 0.5 : p < 99 ? 0.1 : p < 99.9 ? 0.01 : 0.001;
    const merged = mergedPercentile([hostOf(c), hostOf(d)], p);
    assert.ok(merged >= alike(p) && merged <= alike(Math.min(100, p + step)), `p${p}: ${merged}, truth ${alike(p)}..${alike(p + step)}`);
  }
  // One host: its own percentiles exactly.
  for (const p of [50, 90, 99]) assert.equal(mergedPercentile([hostOf(a)], p), Math.round((p / 100) * 1000 + 0.5));
});

test('merged results: counts and statuses summed, rates added, latency pooled, each host and the start skew kept', () => {
  const part = (requests, durationUs, mean, stdev, statuses) => ({ requests, durationUs, bytes: requests * 10,
    errors: { connect: 0, read: 1, write: 0, status: 0, timeout: 2 }, statuses,
    latencyUs: { min: mean - 10, max: mean * 4, mean, stdev, percentiles: {}, quantiles: hostOf(Array(requests).fill(mean)).quantiles } });
  const merged = mergeResults([
    { address: '198.18.0.3', connections: 50, startedAt: 1000, result: part(1000, 10_000_000, 100, 10, { 201: 990, 503: 10 }) },
    { address: '198.18.0.4', connections: 50, startedAt: 1040, result: part(3000, 10_100_000, 200, 20, { 201: 3000 }) },
  ]);
  assert.equal(merged.requests, 4000);
  assert.equal(merged.bytes, 40_000);
  assert.deepEqual(merged.errors, { connect: 0, read: 2, write: 0, status: 0, timeout: 4 });
  assert.deepEqual(merged.statuses, { 201: 3990, 503: 10 });
  // requests ÷ duration = the sum of the hosts' own rates (100 + 297.03 req/s), within the durations' spread.
  assert.ok(Math.abs(merged.requests / (merged.durationUs / 1e6) - (100 + 3000 / 10.1)) < 1.5);
  assert.equal(merged.latencyUs.mean, 175);
  assert.equal(merged.latencyUs.min, 90);
  assert.equal(merged.latencyUs.max, 800);
  // Pooled: (1000 × (100 + 75²) + 3000 × (400 + 25²)) ÷ 4000.
  assert.equal(merged.latencyUs.stdev, Math.sqrt((1000 * (100 + 75 ** 2) + 3000 * (400 + 25 ** 2)) / 4000));
  assert.deepEqual(merged.latencyUs.percentiles, { p50: 200, p90: 200, p99: 200, 'p99.9': 200 });
  assert.equal(merged.startSkewMs, 40);
  assert.deepEqual(merged.hosts.map((h) => [h.address, h.connections, h.requests]), [['198.18.0.3', 50, 1000], ['198.18.0.4', 50, 3000]]);
});

test('two wrk at once, as two load hosts run them: started together, each with half the connections, results merged', async (t) => {
  ensureWrk();
  const server = createServer((req, res) => res.end('Hello, World!'));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => server.close());
  const here = (address) => ({ role: 'loadgen', address, remote: false });
  const spawned = [];
  const run = await runWrk({ hosts: [here('127.0.0.1'), here('localhost')], workload: 'hello', port: server.address().port,
    connections: 5, threads: 2, durationSeconds: 1, together: true, onSpawn: (pid, host) => spawned.push([pid, host.address]) });
  assert.equal(run.exitCode, 0, run.output);
  const r = run.result;
  assert.deepEqual(spawned.map(([, address]) => address).sort(), ['127.0.0.1', 'localhost']);
  assert.deepEqual(r.hosts.map((h) => h.connections), [3, 2]);
  assert.ok(r.hosts.every((h) => h.requests > 0), JSON.stringify(r.hosts.map((h) => h.requests)));
  assert.equal(r.requests, r.hosts[0].requests + r.hosts[1].requests);
  assert.ok(r.startSkewMs >= 0 && r.startSkewMs < 100, `started together: ${r.startSkewMs} ms apart`);
  const { p50, p90, p99 } = r.latencyUs.percentiles;
  assert.ok(r.latencyUs.min <= p50 && p50 <= p90 && p90 <= p99 && p99 <= r.latencyUs.max, JSON.stringify(r.latencyUs));
  // Each host's grid gives back the percentiles wrk itself printed for it: the grid is read as wrk reads.
  for (const h of r.hosts) {
    for (const p of [50, 90, 99]) {
      assert.equal(mergedPercentile([{ count: h.requests, quantiles: h.latencyUs.quantiles }], p), h.latencyUs.percentiles[`p${p}`], `${h.address} p${p}`);
    }
  }
});
