// Intervals over repeats, ratios inside a repeat, and ranks only where the intervals separate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRow } from '../reports/summary.mjs';
import { rankLabel, rankRun, rankText, refreshFigures, relayRatios, tiesOf } from '../reports/ranks.mjs';
import { httpFigures } from '../reports/report.mjs';
import { formatTable } from '../reports/table.mjs';
import { precisionTable, formatPrecision } from '../reports/precision.mjs';

const PINNING = { server: '1', db: '0', loadgen: '0' };
const RESOURCES = { cpuMeanPercent: 98, cpuPeakPercent: 100, peakRssBytes: 2 ** 20, threads: 1, processes: 1 };
const good = (repeat, throughput) => ({ repeat, throughput, samples: 100, errors: 0, failed: false, generator: 'wrk',
  latencyMs: { p50: 1, p90: 2, p99: 3 + repeat / 10, 'p99.9': 4, max: 5 }, resources: RESOURCES });
const failed = (repeat, reason) => ({ repeat, throughput: 0, samples: 0, errors: 0, failed: true, reason, resources: {} });
const row = (stack, values, extra = {}) => buildRow({ server: stack, workload: 'hello', label: 'hello', step: { users: 100 },
  pinning: PINNING, repeats: values.map((v, i) => (typeof v === 'number' ? good(i + 1, v) : v)), ...extra });

test('a row carries the median and 95 % t-interval of req/s, req per CPU-second and p99 over its repeats', () => {
  const r = row('a', [100, 102, 98, 101, 99]);
  assert.equal(r.intervals.n, 5);
  assert.equal(r.intervals.throughput.median, 100);
  // mean 100, sample sd √2.5, t(0.975, 4) = 2.776445: half-width 2.776445 × √2.5 / √5 = 1.963227
  assert.ok(Math.abs(r.intervals.throughput.low - (100 - 1.963227)) < 1e-4);
  assert.ok(Math.abs(r.intervals.throughput.high - (100 + 1.963227)) < 1e-4);
  assert.ok(Math.abs(r.intervals.perCpuSecond.median - 100 / 0.98) < 1e-9);
  assert.equal(r.intervals.p99.median, 3.3);
  // p99's interval is Student's t on logarithms (tails are skewed): the geometric mean's, never below zero.
  assert.match(r.intervals.p99.method, /on logarithms/);
  const logs = [3.1, 3.2, 3.3, 3.4, 3.5].map(Math.log);
  const mean = logs.reduce((a, b) => a + b) / 5;
  const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / 4);
  assert.ok(Math.abs(r.intervals.p99.low - Math.exp(mean - 2.776445 * sd / Math.sqrt(5))) < 1e-5);
  assert.ok(Math.abs(r.intervals.p99.high - Math.exp(mean + 2.776445 * sd / Math.sqrt(5))) < 1e-5);
  assert.deepEqual(r.repeats.map((x) => x.p99Ms), [3.1, 3.2, 3.3, 3.4, 3.5]);
});

test("with many pairs Holm's correction asks more of each: a pair apart on its own is a tie among 21", () => {
  // b is ahead of c in every repeat, by 0.5–3.5 %: a paired test alone separates them (p ≈ 0.02); among 21 pairs
  // the smallest p is held to 0.05 / 21 and they tie.
  const spread = [0.98, 1.03, 0.99, 1.01, 0.99];
  const b = row('b', spread.map((f) => 100 * f));
  const c = row('c', spread.map((f, i) => (100 * f) / [1.01, 1.035, 1.02, 1.005, 1.03][i]));
  rankLabel([b, c]);
  assert.deepEqual([b, c].map(rankText), ['1', '2'], 'alone: separated');
  const noisy = [[90, 110, 95, 105, 100], [110, 90, 105, 95, 100], [100, 95, 110, 90, 105], [95, 105, 90, 110, 100], [105, 100, 90, 95, 110]];
  const rows = [b, c, ...noisy.map((values, k) => row(`n${k}`, values))];
  const { ties } = rankLabel(rows);
  assert.deepEqual(rows.map(rankText), Array(7).fill('=1'));
  assert.equal(ties.length, 21);
  assert.match(httpFigures(rows, { links: false, pinning: PINNING }).note, /Holm's correction over the 21 pairs/);
});

test('stacks whose ratio intervals overlap share a rank; a separated one is ranked below both', () => {
  const rows = [row('a', [100, 101, 99, 100, 100]), row('b', [99, 100, 99.5, 99, 98]), row('c', [80, 81, 79, 80, 80.5])];
  const { reference, ties } = rankLabel(rows);
  assert.equal(reference, 'a');
  assert.deepEqual(rows.map(rankText), ['=1', '=1', '3']);
  assert.deepEqual(ties, [['a', 'b']]);
  assert.deepEqual(rows[0].ratios.ofBest, { ...rows[0].ratios.ofBest, median: 1, low: 1, high: 1 });
  assert.ok(rows[2].ratios.ofBest.high < 0.82 && rows[2].ratios.ofBest.low > 0.78);
  const { body, note } = httpFigures(rows, { links: false, pinning: PINNING });
  assert.deepEqual(body.map((cells) => cells[0].text), ['=1', '=1', '3']);
  assert.match(body[2][5].text, /^0\.80 \[0\.\d\d–0\.\d\d\]$/, '× best with its interval');
  assert.match(note, /Not distinguishable at this precision: `a` and `b`\./);
  assert.match(note, /Holm's correction over the 3 pairs/);
  assert.match(note, /Student's t/);
});

test('ratios to the nginx ceiling are taken inside each repeat, so a drift of the host cancels out', () => {
  // The host slows down repeat after repeat; the stack runs at 60 % of nginx in every one of them.
  const drift = [100, 90, 80, 70, 60];
  const ceiling = { ...row('nginx (ceiling)', drift), label: 'hello' };
  const stack = row('a', drift.map((v) => v * 0.6));
  rankRun([stack], [ceiling]);
  assert.ok(stack.intervals.throughput.relativeHalfWidth > 0.2, 'req/s alone is wide');
  assert.ok(Math.abs(stack.ratios.ofCeiling.median - 0.6) < 1e-9);
  assert.ok(stack.ratios.ofCeiling.relativeHalfWidth < 1e-9, 'the same-repeat ratio is exact');
});

test('one run gets no interval and no rank, and says so', () => {
  const rows = [row('a', [100]), row('b', [90])];
  rankLabel(rows);
  assert.deepEqual(rows.map(rankText), ['–', '–']);
  assert.equal(rows[0].unranked, '1 run, no interval');
  assert.deepEqual(tiesOf(rows), []);
  const { body, note } = httpFigures(rows, { links: false, pinning: PINNING });
  assert.equal(body[0][4].text, '1 run, no interval');
  assert.match(note, /No rank, 1 run, no interval: `a`, `b`\./);
  assert.match(formatTable(rows).split('\n')[2], /\s1 run\s+–\s/);
});

test('a failed repeat is named and left out of the interval, never averaged in; under three good ones, no interval', () => {
  const r = row('a', [100, failed(2, 'did not start: exited'), 101, 99, 100]);
  assert.equal(r.intervals.n, 4);
  assert.deepEqual(r.intervals.excluded, [{ repeat: 2, reason: 'did not start: exited' }]);
  assert.equal(r.throughput.median, 100, 'the median of the good repeats');
  assert.ok(r.intervals.throughput.low > 98);
  const rows = [r, row('b', [50, 51, 49, 50, 50])];
  rankLabel(rows);
  assert.equal(rankText(r), '1', 'four good repeats still rank');
  const { body } = httpFigures(rows, { links: false, pinning: PINNING });
  assert.equal(body[0][4].text, '4 (1 left out)');
  assert.match(body[0][19].text, /#2 left out: did not start: exited/);
  const few = row('c', [100, failed(2, 'errors 5 %'), failed(3, 'errors 7 %'), 100]);
  assert.equal(few.intervals.n, 2);
  assert.equal(few.intervals.throughput.low, null);
  rankLabel([few]);
  assert.equal(few.rank, null);
});

test('generator- and database-bound rows are not ranked by req/s', () => {
  const bound = row('a', [200, 201, 199], { ceiling: null });
  bound.bottleneck = { bound: 'database' };
  const rows = [bound, row('b', [100, 101, 99])];
  rankLabel(rows);
  assert.equal(bound.rank, null);
  assert.equal(bound.unranked, 'database-bound');
  assert.equal(rankText(rows[1]), '1');
  assert.match(httpFigures(rows, { links: false, pinning: PINNING }).note, /No rank, database-bound: req\/s is what the database allowed/);
});

test('the precision table: ratio half-widths had the run stopped after 3, 4, 5 repeats', () => {
  const results = [row('a', [100, 110, 95, 105, 100]), row('b', [80, 90, 70, 85, 80])];
  const summary = { run: 'r', profileSettings: { repeat: 5 }, results,
    ceiling: { rows: [{ ...row('nginx (ceiling)', [200, 205, 190, 210, 200]), label: 'hello' }] } };
  const table = precisionTable([summary]);
  assert.deepEqual(table.map((t) => t.repeats), [3, 4, 5]);
  assert.ok(table.every((t) => t.ofBest.rows === 1 && t.ofCeiling.rows === 2 && t.window === null));
  assert.ok(table[2].ofBest.median < table[0].ofBest.median, 'more repeats, a narrower interval');
  assert.match(formatPrecision(table), /^\| \? s \| 3 \| hello \| ±\d+\.\d % \(±\d+\.\d %\) \| ±/m);
  assert.equal(summary.results[0].repeats.length, 5, 'the run itself is left as it was');
});

test('the precision table gives a label no more repeats than it had, and says when its ratios were bracketed', () => {
  const withBracket = (values) => values.map((v, i) => ({ ...good(i + 1, v), bracket: { before: 200, after: 200, throughput: 200 } }));
  const static3 = (stack, values) => ({ ...row(stack, values), workload: 'static', label: 'static' });
  const results = [row('a', withBracket([100, 110, 95, 105, 100])), row('b', withBracket([80, 90, 70, 85, 80])),
    static3('a', [10, 11, 12]), static3('b', [8, 9, 10])];
  const table = precisionTable([{ run: 'r', profileSettings: { repeat: 5, repeatsOf: { static: 3 } }, results, ceiling: { rows: [] } }]);
  assert.deepEqual(table.map((t) => `${t.workload}@${t.repeats}`), ['hello@3', 'static@3', 'hello@4', 'hello@5']);
  assert.equal(table[0].ofCeiling.basis, 'bracket');
  assert.match(formatPrecision(table), /\| 3 \| hello \| ±[\d.]+ % \(±[\d.]+ %, bracketed\) \| ±[\d.]+ % \(±[\d.]+ %, bracketed\) \|/);
});

test('a stored run is re-ranked by the current rules when it is reported', () => {
  const results = [row('a', [200, 201, 199]), row('b', [100, 101, 99])];
  rankRun(results);
  assert.equal(rankText(results[0]), '1');
  results[0].bottleneck = { bound: 'database' }; // as a bench with other rules might have stored it
  const summary = refreshFigures(JSON.parse(JSON.stringify({ results, ceiling: { rows: [] } })));
  assert.equal(summary.results[0].rank, null);
  assert.equal(summary.results[0].unranked, 'database-bound');
  assert.equal(rankText(summary.results[1]), '1');
  assert.equal(summary.results[1].intervals.throughput.median, 100);
});

test('ties need not be transitive: each pair is its own paired test, and every tie is named', () => {
  // a is faster than c in every repeat; b scatters across both.
  const rows = [row('a', [100, 100, 100, 100, 100]), row('b', [85, 110, 90, 108, 95]), row('c', [90, 90, 90, 90, 90])];
  const { ties } = rankLabel(rows);
  assert.deepEqual(rows.map(rankText), ['=1', '=1', '2']);
  assert.deepEqual(ties, [['a', 'b'], ['b', 'c']]);
});

test('bracketed repeats: the ratio to nginx is to the bracket around each window, and stacks compare through their brackets', () => {
  // The host swings by a third between windows; each stack's window and the nginx windows around it swing together.
  const host = [1, 0.7, 1.3, 0.8, 1.2];
  const bracketed = (stack, share, jitter) => row(stack, host.map((h, i) => ({ ...good(i + 1, 100000 * h * share * jitter[i]),
    bracket: { before: 100000 * h, after: 100000 * h, throughput: 100000 * h } })));
  const a = bracketed('a', 0.9, [1, 1.01, 0.99, 1, 1.005]);
  const b = bracketed('b', 0.8, [1.01, 1, 1, 0.99, 1]);
  // The repeat's own ceiling row measured minutes away, on another swing of the host.
  const ceiling = row('nginx (ceiling)', [100000, 100000, 100000, 100000, 100000]);
  rankLabel([a, b], ceiling);
  assert.equal(a.ratios.ofCeiling.basis, 'bracket');
  assert.ok(Math.abs(a.ratios.ofCeiling.median - 0.9) < 0.01);
  assert.ok(a.ratios.ofCeiling.relativeHalfWidth < 0.02, `±${a.ratios.ofCeiling.relativeHalfWidth}`);
  assert.equal(b.ratios.ofBest.basis, 'bracket');
  assert.ok(Math.abs(b.ratios.ofBest.median - 0.8 / 0.9) < 0.02);
  assert.deepEqual([a.rank.position, b.rank.position], [1, 2], 'apart through their brackets');
  // Without the brackets the same req/s swing with the host: the ratio to the repeat's ceiling is as wide as the swing.
  const plain = (r) => row(r.stack, r.repeats.map((x) => x.throughput));
  const [pa, pb] = [plain(a), plain(b)];
  rankLabel([pa, pb], ceiling);
  assert.equal(pa.ratios.ofCeiling.basis, 'repeat');
  assert.ok(pa.ratios.ofCeiling.relativeHalfWidth > 0.2, `±${pa.ratios.ofCeiling.relativeHalfWidth}`);
});

test('a label compares by req/s when one of its rows lacks enough bracketed repeats', () => {
  const withBracket = (r, ok) => ({ ...good(r, 1000 * r), ...(ok ? { bracket: { before: 2000, after: 2000, throughput: 2000 } } : {}) });
  const a = row('a', [1, 2, 3].map((r) => withBracket(r, true)));
  const b = row('b', [1, 2, 3].map((r) => withBracket(r, r !== 2)));
  rankLabel([a, b], row('nginx (ceiling)', [4000, 4000, 4000]));
  assert.equal(a.ratios.ofBest.basis, 'repeat');
  assert.equal(a.ratios.ofCeiling.basis, 'bracket');
  // Two bracketed repeats of three are too few to stand for the row: its × nginx is to the repeat's ceiling row.
  assert.equal(b.ratios.ofCeiling.basis, 'repeat');
  assert.equal(b.ratios.ofCeiling.n, 3);
  assert.equal(b.ratios.ofCeiling.median, 0.5);
});

test('a chat row against the chat relay: per-repeat ratios of deliveries/s and of p99, with their intervals', () => {
  const chat = (stack, rates, p99s) => ({ stack, workload: 'chat', label: 'chat', repeats: rates.map((throughput, i) => ({
    repeat: i + 1, throughput, samples: 1, errors: 0, failed: false, latencyMs: { p99: p99s[i] } })) });
  const relay = chat('chat ceiling (relay)', [20000, 20000, 20000], [2, 4, 2]);
  const ratios = relayRatios(chat('a', [19000, 19000, 19000], [6, 12, 6]), relay);
  assert.equal(ratios.deliveries.median, 0.95);
  assert.equal(ratios.p99.median, 3);
  assert.equal(ratios.p99.low, 3, 'three times the relay\'s p99 in every repeat: no spread');
  assert.equal(relayRatios(chat('a', [1], [1]), null), null);
  assert.equal(relayRatios(chat('a', [1], [1]), { repeats: [{ repeat: 1, failed: true, throughput: 0 }] }), null);
});
