import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { csvParser, readJtl, firstStartOf } from '../generators/jtl.mjs';

const HEADER = 'timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect';

function jtlFile(lines) {
  const path = join(mkdtempSync(join(tmpdir(), 'jtl-')), 'results.jtl');
  writeFileSync(path, `${[HEADER, ...lines].join('\n')}\n`);
  return path;
}

const parse = (text, chunk = text.length) => {
  const records = [];
  const parser = csvParser((r) => records.push(r));
  for (let i = 0; i < text.length; i += chunk) parser.feed(text.slice(i, i + chunk));
  parser.end();
  return records;
};

test('CSV: quoted fields keep commas, doubled quotes and line breaks; CRLF and a missing last newline', () => {
  const text = 'a,"b,c","say ""hi""","two\nlines",\r\nx,"",z';
  const expected = [['a', 'b,c', 'say "hi"', 'two\nlines', ''], ['x', '', 'z']];
  assert.deepEqual(parse(text), expected);
  // Fed one character at a time, an escaped quote or a CRLF split across chunks reads the same.
  assert.deepEqual(parse(text, 1), expected);
  assert.deepEqual(parse(text, 3), expected);
});

test('a JTL with a comma in its label, a quoted thread name and failures', async () => {
  const path = jtlFile([
    '1700000000000,12,"hello, world",200,OK,"hello 1-1",text,true,,180,120,1,1,http://127.0.0.1:8085/hello,12,0,1',
    '1700000000005,30,"POST /bookings ""hot""",503,Service Unavailable,bookings 1-2,text,false,"Test failed: code, expected 201",90,300,2,2,http://x/bookings,30,0,0',
    '1700000001000,7,hello,200,OK,hello 1-1,text,true,,180,120,1,1,http://127.0.0.1:8085/hello,7,0,0',
    '1700000000900,1000,static,Non HTTP response code: java.net.SocketException,"Connection reset",static 1-3,text,false,,0,0,1,1,http://x/static/1mb.bin,0,0,0',
  ]);
  const jtl = await readJtl(path);
  assert.equal(jtl.samples, 4);
  assert.equal(jtl.successes, 2);
  assert.equal(jtl.errors, 2);
  assert.deepEqual(jtl.errorCodes, { 503: 1, 'Non HTTP response code: java.net.SocketException': 1 });
  assert.deepEqual(jtl.elapsed, [12, 7], 'latencies of successful samples only');
  assert.equal(jtl.firstStart, 1700000000000);
  assert.equal(jtl.lastEnd, 1700000001900); // the slow sample ends last though it started earlier
});

test('a JTL without samples or without the needed columns', async () => {
  const empty = await readJtl(jtlFile([]));
  assert.equal(empty.samples, 0);
  const path = join(mkdtempSync(join(tmpdir(), 'jtl-')), 'bad.jtl');
  writeFileSync(path, 'label,elapsed\nhello,1\n');
  await assert.rejects(readJtl(path), /lacks "timeStamp"/);
});

const ok = (start, elapsed, code = 200, bytes = 180) =>
  `${start},${elapsed},hello,${code},OK,hello 1-1,text,${code < 400},,${bytes},120,1,1,http://x/hello,${elapsed},0,0`;

test('a truncated last line and non-numeric fields are skipped and counted, not read as samples', async () => {
  const path = jtlFile([ok(1000, 5), '17000000,abc,hello,200,OK,hello 1-1,text,true,,180,120,1,1,http://x,1,0,0', ok(2000, 6), '1700000003000,4,hel']);
  const jtl = await readJtl(path);
  assert.equal(jtl.samples, 2);
  assert.equal(jtl.malformed, 2);
  assert.deepEqual(jtl.elapsed, [5, 6]);
});

test('the window keeps samples that start in [from, to), writes them to the trimmed JTL, counts every code', async () => {
  const path = jtlFile([ok(1000, 5, 201), ok(1500, 900, 201), ok(2000, 5, 201), ok(2999, 5, 500), ok(3000, 5, 201)]);
  assert.equal(await firstStartOf(path), 1000);
  const trimmed = `${path}.trimmed`;
  const jtl = await readJtl(path, { from: 2000, to: 3000, trimmed });
  assert.deepEqual({ samples: jtl.samples, successes: jtl.successes, errors: jtl.errors, before: jtl.before, after: jtl.after },
    { samples: 2, successes: 1, errors: 1, before: 2, after: 1 });
  assert.deepEqual(jtl.codes, { 201: 4, 500: 1 }, 'codes of the whole file: warm-up 201s count for the invariant');
  const lines = readFileSync(trimmed, 'utf8').trim().split('\n');
  assert.equal(lines[0], HEADER);
  assert.deepEqual(lines.slice(1).map((l) => l.split(',')[0]), ['2000', '2999']);
});

test('a successful sample shorter than minBytes is an error (a short static body)', async () => {
  const jtl = await readJtl(jtlFile([ok(1000, 5, 200, 1048576 + 200), ok(1001, 5, 200, 4096)]), { minBytes: 1048576 });
  assert.equal(jtl.successes, 1);
  assert.deepEqual(jtl.errorCodes, { 'short body (< 1048576 bytes)': 1 });
});

test('unanswered counts the samples that ended without an HTTP status', async () => {
  const { unanswered } = await import('../generators/jtl.mjs');
  assert.equal(unanswered({ 201: 40, 503: 2, 'Non HTTP response code: java.io.InterruptedIOException': 1, '?': 1 }), 2);
  assert.equal(unanswered({ 201: 3 }), 0);
});
