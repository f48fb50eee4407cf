#!/usr/bin/env node
// Runs the conformance suite against one running stack and exits non-zero on any failure.
//   node spec/conformance/run.mjs --base-url http://127.0.0.1:8085 --db-url mysql://bench:bench@127.0.0.1:3307/bench [--stack <stack>|<stack>:<variant>] [--failures FILE] [file.test.mjs ...]
// --failures writes each failed clause and the first line of its error, one per line, for a summary to repeat.
// The suite knows nothing else about the stack: --stack (a stack, or <stack>:<variant>) only selects the
// deviations in <stack>/stack.json.
import { readdirSync, writeFileSync } from 'node:fs';
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { join } from 'node:path';
import { run } from 'node:test';
import { finished } from 'node:stream/promises';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { conformanceDeviations } from './lib/manifest.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const SUITE_LIMIT_MS = 150_000; // a healthy stack passes in well under a minute; this only stops a stack that hangs

const { values: args, positionals } = parseArgs({
  options: { 'base-url': { type: 'string' }, 'db-url': { type: 'string' }, stack: { type: 'string' }, failures: { type: 'string' } },
  allowPositionals: true,
});
if (!args['base-url'] || !args['db-url']) {
  console.error('usage: node spec/conformance/run.mjs --base-url URL --db-url mysql://user:pass@host:port/db [--stack NAME] [file.test.mjs ...]');
  process.exit(2);
}

function reachable(url) {
  return new Promise((resolve) => {
    const req = http.get(new URL('/health', url), { timeout: 5_000 }, (res) => { res.resume(); resolve(true); });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

function deviationsOf(stack) {
  if (!stack) return [];
  const found = conformanceDeviations(join(HERE, '..', '..'), stack);
  if (!found) {
    console.error(`conformance: --stack ${stack}: no ${stack.split(':')[0]}/stack.json`);
    process.exit(2);
  }
  return found;
}

const deviations = deviationsOf(args.stack);
if (!(await reachable(args['base-url']))) {
  console.error(`conformance: nothing answers at ${args['base-url']}; start the stack first`);
  process.exit(2);
}

process.env.CONFORMANCE_BASE_URL = args['base-url'];
process.env.CONFORMANCE_DB_URL = args['db-url'];
process.env.CONFORMANCE_STACK = args.stack ?? '';

// In the contract's order, so that the report reads like spec/API.md; files of a new area run last.
const AREAS = ['general', 'wire', 'hello', 'health', 'static', 'event', 'bookings', 'aggregates', 'chat', 'browser'];
function rank(file) {
  const i = AREAS.findIndex((area) => file.startsWith(area));
  return i < 0 ? AREAS.length : i;
}
const stem = (file) => file.slice(0, -'.test.mjs'.length);
const all = readdirSync(HERE).filter((f) => f.endsWith('.test.mjs'))
  .sort((a, b) => rank(a) - rank(b) || stem(a).localeCompare(stem(b)));
const unknown = positionals.filter((f) => !all.includes(f));
if (unknown.length) {
  console.error(`conformance: no such test file: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  process.exit(2);
}
const files = (positionals.length ? positionals : all).map((f) => join(HERE, f));

const shownUrl = args['db-url'].replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
console.log(`conformance: ${args.stack ?? 'stack'} at ${args['base-url']}, database ${shownUrl}, ${files.length} files, ${deviations.length} deviations\n`);

const started = Date.now();
const watchdog = new AbortController();
setMaxListeners(files.length + 10, watchdog.signal); // the runner listens once per file
const timer = setTimeout(() => {
  console.error(`\nconformance: still running after ${SUITE_LIMIT_MS / 1000} s, stopping`);
  watchdog.abort();
  process.exitCode = 1;
}, SUITE_LIMIT_MS);

// Files run one at a time: the streaming and backpressure clauses measure the stack, not each other.
const counts = { pass: 0, fail: 0, todo: 0 };
const seen = new Set();
const duplicates = new Set();
const outgrown = [];
const failed = [];
function tally(t, outcome) {
  if (t.details?.type === 'suite') return;
  if (seen.has(t.name)) duplicates.add(t.name); // deviations name tests, so names must be unique
  seen.add(t.name);
  counts[t.todo !== undefined ? 'todo' : outcome] += 1;
  if (t.todo !== undefined && outcome === 'pass') outgrown.push(t.name);
  if (t.todo === undefined && outcome === 'fail') failed.push(`${t.name}: ${firstLine(t.details?.error)}`);
}
function firstLine(error) {
  const cause = error?.cause ?? error;
  return String(cause?.message ?? cause ?? 'failed').split('\n').find((line) => line.trim() !== '')?.trim() ?? 'failed';
}
const stream = run({ files, concurrency: 1, signal: watchdog.signal, forceExit: true });
stream.on('test:pass', (t) => tally(t, 'pass'));
stream.on('test:fail', (t) => tally(t, 'fail'));
const report = stream.compose(new spec());
report.pipe(process.stdout);
await finished(report);
clearTimeout(timer);

// A deviation must name a real test (checked when the whole suite ran); one that passes can go.
const stale = positionals.length ? [] : deviations.filter((d) => !seen.has(d.test));
for (const d of stale) console.error(`conformance: deviation in ${args.stack}/stack.json names no test: "${d.test}"`);
for (const name of duplicates) console.error(`conformance: two tests are named "${name}"`);
for (const name of outgrown) console.log(`conformance: deviation "${name}" passes now: remove it from ${args.stack}/stack.json`);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (args.failures) writeFileSync(args.failures, failed.map((line) => `${line}\n`).join(''));
console.log(`\nconformance: ${counts.pass} passed, ${counts.fail} failed, ${counts.todo} todo (deviations) in ${seconds} s`);
if (counts.fail > 0 || stale.length > 0 || duplicates.size > 0 || (positionals.length === 0 && counts.pass === 0)) process.exitCode = 1;
