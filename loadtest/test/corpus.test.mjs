import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Booking, HOT_KEYS, MODELS, TRIMS, writeCorpus, luaCorpusOf, tsvCorpusOf, PROTOBUF, JSON_TYPE } from '../generators/corpus.mjs';
import { allocate, formatCents, toCents } from '../../spec/lib/allocation.mjs';

const dirs = [];
const temp = () => dirs[dirs.push(mkdtempSync(join(tmpdir(), 'corpus-'))) - 1];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const rows = (csv) => readFileSync(csv, 'utf8').trim().split('\n').slice(1).map((line) => line.split(','));
const bins = (dir) => readdirSync(dir).filter((n) => /^booking-\d+\.(bin|json)$/.test(n)).sort();
// Either encoding back to one shape: proto3 JSON is the same object with originTs as a string.
const decode = (file) => (file.endsWith('.json') ? JSON.parse(readFileSync(file, 'utf8'))
  : Booking.toObject(Booking.decode(readFileSync(file)), { longs: String }));

// spec/API.md §6.2: what a stack answers 422 to. The corpus must never trigger it.
const DAY_RE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const realDate = (s) => DAY_RE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const codePoints = (s) => [...s].length;
function violations(b) {
  const found = [];
  for (const key of ['bookingId', 'model', 'trim']) if (!b[key]) found.push(`${key} empty`);
  if (!/^[0-9]{1,17}(\.[0-9]{1,2})?$/.test(b.dollarValue) || !/[1-9]/.test(b.dollarValue)) found.push('dollarValue');
  if (!realDate(b.startDate) || !realDate(b.endDate)) found.push('dates');
  if (b.endDate < b.startDate) found.push('end before start');
  if (b.startDate < '2000-01-01' || b.endDate > '2049-12-31') found.push('outside 2000-2049');
  if (!(BigInt(b.originTs) > 0n && BigInt(b.originTs) < 253402300800000n)) found.push('originTs');
  for (const key of ['bookingId', 'model', 'trim', 'parentId', 'stage', 'type']) {
    if (b[key] !== undefined && codePoints(b[key]) > 255) found.push(`${key} too long`);
  }
  return found;
}

test('the same seed writes the same bytes; another seed writes others', async () => {
  const [a, b, c] = [temp(), temp(), temp()];
  await writeCorpus(a, { count: 300, seed: 7 });
  await writeCorpus(b, { count: 300, seed: 7 });
  await writeCorpus(c, { count: 300, seed: 8 });
  assert.deepEqual(bins(a), bins(b));
  for (const name of bins(a)) assert.ok(readFileSync(join(a, name)).equals(readFileSync(join(b, name))), name);
  const relative = (dir) => rows(join(dir, 'bookings.csv')).map(([file, ...rest]) => [basename(file), ...rest]);
  assert.deepEqual(relative(a), relative(b));
  assert.ok(bins(a).some((name) => !readFileSync(join(a, name)).equals(readFileSync(join(c, name)))));
});

test('writing again rewrites nothing, and a smaller corpus drops the files it no longer lists', async () => {
  const dir = temp();
  const csv = await writeCorpus(dir, { count: 50 });
  const before = Object.fromEntries(bins(dir).map((n) => [n, statSync(join(dir, n)).mtimeMs]));
  writeFileSync(join(dir, 'booking-000003.bin'), 'tampered');
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(await writeCorpus(dir, { count: 50 }), csv);
  for (const [name, mtime] of Object.entries(before)) {
    if (name !== 'booking-000003.bin') assert.equal(statSync(join(dir, name)).mtimeMs, mtime, name);
  }
  assert.notEqual(readFileSync(join(dir, 'booking-000003.bin'), 'utf8'), 'tampered');
  await writeCorpus(dir, { count: 30 });
  assert.equal(bins(dir).length, 30);
  assert.equal(rows(csv).length, 30);
});

test('the default corpus is 2000 valid bookings over 5 models × 4 trims, hot keys and 1 day .. 3 year intervals', async () => {
  const dir = temp();
  const started = Date.now();
  const csv = await writeCorpus(dir);
  assert.ok(Date.now() - started < 5000, 'fast enough to write before every bench');
  const listed = rows(csv);
  assert.equal(listed.length, 2000);
  const products = new Map();
  const days = [];
  for (const [file, bookingId, model, trim, type] of listed) {
    assert.equal(type, file.endsWith('.json') ? JSON_TYPE : PROTOBUF, `${file}: its Content-Type`);
    const b = decode(file);
    assert.deepEqual(violations(b), [], `${file}: ${JSON.stringify(b)}`);
    assert.deepEqual([b.bookingId, b.model, b.trim], [bookingId, model, trim], `${file} matches its CSV row`);
    products.set(`${model}/${trim}`, (products.get(`${model}/${trim}`) ?? 0) + 1);
    const [start, end] = [Date.parse(b.startDate), Date.parse(b.endDate)];
    const threeYears = new Date(start);
    threeYears.setUTCFullYear(threeYears.getUTCFullYear() + 3);
    assert.ok(end < threeYears.getTime(), `${file}: ${b.startDate}..${b.endDate} is at most three years`);
    days.push((end - start) / 86_400_000 + 1);
  }
  assert.equal(products.size, MODELS.length * TRIMS.length);
  for (const m of MODELS) for (const t of TRIMS) assert.ok(products.has(`${m}/${t}`), `${m}/${t}`);
  for (const [m, t] of HOT_KEYS) assert.ok(products.get(`${m}/${t}`) > 2000 * 0.1, `hot key ${m}/${t}`);
  assert.equal(Math.min(...days), 1);
  assert.ok(Math.max(...days) >= 1095, 'some interval spans three years');
  assert.ok(days.filter((d) => d < 30).length > 100 && days.filter((d) => d > 365).length > 100, 'short and long spread');
  assert.equal(listed.filter((r) => r[4] === JSON_TYPE).length, 200, 'one booking in ten as proto3 JSON');
});

test('the Lua index for wrk lists the same bodies byte for byte, with their Content-Types', async () => {
  const dir = temp();
  const csv = await writeCorpus(dir, { count: 40 });
  // Lua's decimal escapes (\ddd) back to bytes; the file is `return { { "type", "body" }, … }`.
  const entries = [...readFileSync(luaCorpusOf(csv), 'latin1').matchAll(/\{ "([^"]+)", "((?:[^"\\]|\\\d{3})*)" \}/g)]
    .map(([, type, body]) => [type, Buffer.from(body.replace(/\\(\d{3})/g, (_, d) => String.fromCharCode(Number(d))), 'latin1')]);
  assert.equal(entries.length, 40);
  for (const [i, [file, , , , type]] of rows(csv).entries()) {
    assert.equal(entries[i][0], type);
    assert.ok(entries[i][1].equals(readFileSync(file)), `${file} as in the Lua index`);
  }
});

test('the TSV index for the bookings ceiling holds the same bookings in order, absent fields as \\N, and their allocations', async () => {
  const dir = temp();
  const csv = await writeCorpus(dir, { count: 300 });
  const lines = readFileSync(tsvCorpusOf(csv), 'utf8').split('\n');
  assert.equal(lines.pop(), '', 'ends with a newline');
  assert.equal(lines.length, 300);
  let absent = 0;
  for (const [i, [file]] of rows(csv).entries()) {
    const b = decode(file);
    const fields = lines[i].split('\t');
    assert.equal(fields.length, 11, lines[i]);
    const [bookingId, dollarValue, startDate, endDate, originTs, parentId, model, trim, stage, type, allocations] = fields;
    assert.deepEqual([bookingId, dollarValue, startDate, endDate, originTs, model, trim],
      [b.bookingId, b.dollarValue, b.startDate, b.endDate, String(b.originTs), b.model, b.trim], `${file} as in the TSV`);
    for (const [value, given] of [[parentId, b.parentId], [stage, b.stage], [type, b.type]]) {
      assert.equal(value, given ?? '\\N');
      if (given === undefined) absent++;
    }
    const pairs = allocations.split(',').map((pair) => /^(\d{5}):(\d+\.\d{2})$/.exec(pair));
    assert.ok(pairs.every(Boolean), `${file}: ${allocations}`);
    const periods = pairs.map(([, period]) => Number(period));
    assert.deepEqual(periods, [...periods].sort((x, y) => x - y), 'ascending periods: the lock order');
    assert.equal(pairs.reduce((sum, [, , amount]) => sum + toCents(amount), 0n), toCents(b.dollarValue), `${file}: the allocations sum to the value`);
    assert.deepEqual(pairs.map(([, period, amount]) => ({ period: Number(period), cents: toCents(amount) })),
      allocate(toCents(b.dollarValue), b.startDate, b.endDate));
  }
  assert.ok(absent > 300, 'many optional fields are absent');
  const [, value, , , , , , , , , only] = lines[0].split('\t');
  assert.equal(only, `${only.split(':')[0]}:${formatCents(toCents(value))}`, 'the one-day first booking: its whole value in one period');
});
