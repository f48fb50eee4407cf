import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvParser, readJtl } from '../lib/jtl.mjs';

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
  assert.equal(jtl.errors, 2);
  assert.deepEqual(jtl.errorCodes, { 503: 1, 'Non HTTP response code: java.net.SocketException': 1 });
  assert.deepEqual(jtl.elapsed, [12, 30, 7, 1000]);
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
