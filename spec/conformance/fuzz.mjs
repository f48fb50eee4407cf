#!/usr/bin/env node
// The differential fuzzer: the same generated requests to every running target, and the answers compared on what
// spec/API.md fixes (fuzz/answers.mjs). Six stacks implementing one contract are each other's oracle: any answer
// that differs from the others', any 5xx, dropped connection or hang fails the run, which prints the shrunk request,
// every target's answer and how to replay it. Afterwards each target's own database must hold the same rows.
//   node spec/conformance/fuzz.mjs --target <stack>=http://127.0.0.1:18082,bench_fuzz_1 --target … \
//     --db-url mysql://bench:bench@127.0.0.1:3307 [--cases 3000] [--seed N] [--path P] [--keep-going] [--jobs N]
// Each target needs a database of its own (the bookings' effects depend on what came before). `make fuzz` starts
// every stack and variant that way (harness/runtimes/native/stacks.mjs fuzz).
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { closeAgents, problemsOf, send, summary, verdictOf, warmUp } from './fuzz/answers.mjs';
import { chatCase, onlyResets, READS_ON_AFTER_CLOSE, runChat } from './fuzz/chat.mjs';
import { compareDatabases } from './fuzz/databases.mjs';
import { judge } from './fuzz/judge.mjs';
import { describeRequest, httpRequest } from './fuzz/requests.mjs';
import { describeWire, runWire, WIRE_CHECKS, wireCase } from './fuzz/wire.mjs';
import { deviationsOf } from './lib/manifest.mjs';

const { values: args } = parseArgs({
  options: {
    target: { type: 'string', multiple: true }, 'db-url': { type: 'string' }, cases: { type: 'string', default: '3000' },
    seed: { type: 'string' }, path: { type: 'string' }, 'keep-going': { type: 'boolean', default: false },
    jobs: { type: 'string', default: '1' }, only: { type: 'string' },
  },
});
const targets = (args.target ?? []).map((spec) => {
  const [id, rest] = spec.split(/=(.*)/s);
  const [url, db] = rest.split(',');
  return { id, url, db };
});
if (targets.length < 3 || !args['db-url']) {
  console.error('usage: node spec/conformance/fuzz.mjs --target ID=URL,DB (three or more) --db-url mysql://user:pass@host:port [--cases N] [--seed N] [--path P] [--keep-going] [--only http|chat|wire]');
  process.exit(2);
}
// A target's fuzz deviations (spec/API.md §10) name the fuzzer's checks.
const HEAD_WITHOUT_BODY = 'HEAD and 304 responses have no body';
const CHECKS = [READS_ON_AFTER_CLOSE, HEAD_WITHOUT_BODY, ...Object.keys(WIRE_CHECKS)];
const root = new URL('../../', import.meta.url).pathname;
for (const t of targets) {
  t.deviations = new Set((deviationsOf(root, t.id, 'fuzz') ?? []).map((d) => d.test));
  for (const name of t.deviations) {
    if (!CHECKS.includes(name)) { console.error(`fuzz: ${t.id} declares a deviation from "${name}", which is none of the fuzzer's checks`); process.exit(2); }
  }
}
let deviating = 0;
const began = Date.now();
const cases = Number(args.cases);
const seed = args.seed === undefined ? Date.now() % 2 ** 31 : Number(args.seed);
const jobs = Math.max(1, Number(args.jobs));
const keepGoing = args['keep-going'] || jobs > 1;

function report(what, { problems, ordered }) {
  const lines = [what, ...problems.map((p) => `  ! ${p}`)];
  for (const group of ordered) lines.push(`  ${group.map((a) => a.id).join(', ')}:\n      ${group[0].shown}`);
  return lines.join('\n');
}

const failures = new Map(); // --keep-going: one example per kind of failure
function record(kind, text) {
  const entry = failures.get(kind) ?? { count: 0, text };
  entry.count += 1;
  failures.set(kind, entry);
}

async function httpCase(req) {
  const answers = await Promise.all(targets.map(async (t) => {
    const answer = await send(t.url, req);
    return { id: t.id, answer, verdict: verdictOf(req, answer), problems: problemsOf(req, answer), shown: summary(answer) };
  }));
  if (answers.every((a) => a.answer.unsendable)) return; // a request node:http refuses to write is no case
  // A HEAD answered with a body breaks the connection's framing: node's parser reports it (HPE_…).
  const judged = judge(answers.map((a, i) => ({ ...a, target: targets[i] })), (a) => req.method === 'HEAD'
    && a.target.deviations.has(HEAD_WITHOUT_BODY) && /HPE_/.test(a.answer.error ?? ''));
  if (judged.excused.length) deviating += 1;
  if (!judged.problems.length) return;
  const text = report(describeRequest(req), judged);
  if (!keepGoing) throw new Error(text);
  const dissent = judged.ordered.slice(1).map((g) => `${g.map((a) => a.id).join('+')}=${g[0].verdict.status ?? 'x'}`).join(' ');
  record(`${req.route} ${req.method} ${judged.problems.filter((p) => !/disagree|majority/.test(p)).map((p) => p.replace(/:.*/s, '')).join(',')} ${dissent}`, text);
}

let done = 0;
let lastReport = Date.now();
async function oneCase(c) {
  done += 1;
  if (Date.now() - lastReport > 60_000) {
    lastReport = Date.now();
    console.log(`fuzz: ${done} cases sent, ${failures.size} kinds of failure so far, ${Math.round((Date.now() - began) / 1000)} s`);
  }
  if (c.chat) {
    const tag = `${process.pid}-${done}`; // the same names and rooms on every target, unique to this case
    const answers = await Promise.all(targets.map(async (t) => runChat(t.url, c.chat, tag)));
    const judged = judge(answers.map((a, i) => ({ ...a, id: targets[i].id, target: targets[i] })),
      (a, reference) => a.target.deviations.has(READS_ON_AFTER_CLOSE) && onlyResets(a.verdict, reference));
    if (judged.excused.length) deviating += 1;
    if (!judged.problems.length) return;
    const text = report(`chat: ${JSON.stringify(c.chat)}`, judged);
    if (!keepGoing) throw new Error(text);
    record(`chat ${judged.ordered.slice(1).map((g) => g.map((a) => a.id).join('+')).join(' ')}`, text);
    return;
  }
  if (c.wire) {
    await wireCaseRun(c.wire);
    return;
  }
  await httpCase(c.http);
}

async function wireCaseRun(w) {
  const answers = await Promise.all(targets.map(async (t) => ({ id: t.id, target: t, ...(await runWire(t.url, w)) })));
  // A target that declares a deviation from a wire check is left out of the cases that check covers (several may,
  // so the others are judged without them), except for a desync, which nothing excuses. A HEAD answered with a body
  // (a declared deviation) leaves that body where the canary's answer should start.
  const covered = answers.filter((a) => Object.entries(WIRE_CHECKS).some(([name, covers]) => a.target.deviations.has(name) && covers(w)));
  const judged = judge(answers.filter((a) => !covered.includes(a)), (a) => w.method === 'HEAD' && a.target.deviations.has(HEAD_WITHOUT_BODY));
  judged.problems.push(...covered.flatMap((a) => a.problems.filter((p) => p.startsWith('desync')).map((p) => `${a.id}: ${p}`)));
  if (judged.excused.length || covered.length) deviating += 1;
  if (!judged.problems.length) return;
  const text = report(`wire: ${describeWire(w)}`, judged);
  if (!keepGoing) throw new Error(text);
  const dissent = judged.ordered.slice(1).map((g) => `${g.map((a) => a.id).join('+')}=${g[0].verdict.first?.status ?? 'x'}`).join(' ');
  record(`wire ${w.method} ${w.version} ${w.framing.what} ${dissent}`, text);
}

// --only narrows the cases to one kind: a long run of the wire generator alone, say.
const KINDS = {
  http: { weight: 12, arbitrary: httpRequest.map((http) => ({ http })) },
  chat: { weight: 1, arbitrary: chatCase.map((chat) => ({ chat })) },
  wire: { weight: 3, arbitrary: wireCase.map((wire) => ({ wire })) },
};
if (args.only && !KINDS[args.only]) { console.error(`fuzz: --only ${args.only}: one of ${Object.keys(KINDS).join(', ')}`); process.exit(2); }
const anyCase = args.only ? KINDS[args.only].arbitrary : fc.oneof(KINDS.http, KINDS.chat, KINDS.wire);

/**
 * --jobs N (long runs): the same kind of cases, drawn from the seed up front and sent N at a time, without
 * shrinking. Bookings and aggregates stay in order on one lane, since their answers depend on what came before;
 * the other cases are independent of each other and of them.
 */
async function inParallel() {
  const all = fc.sample(anyCase, { numRuns: cases, seed });
  const stateful = (c) => c.http && /^\/(bookings|aggregates)/.test(c.http.path);
  const ordered = all.filter(stateful);
  const rest = all.filter((c) => !stateful(c));
  let next = 0;
  const lane = async (list) => { for (const c of list) await oneCase(c); };
  const worker = async () => { while (next < rest.length) await oneCase(rest[(next += 1) - 1]); };
  await Promise.all([lane(ordered), ...Array.from({ length: jobs - 1 }, worker)]);
}

// Each target's first requests warm it up (class loading, JIT, the first transaction), sent alike to all so that
// their databases stay alike, and not judged: a cold first answer is slow, not wrong.
for (const req of warmUp()) await Promise.all(targets.map((t) => send(t.url, req)));

console.log(`fuzz: ${cases} ${args.only ? `${args.only} ` : ''}cases against ${targets.map((t) => t.id).join(', ')}; seed ${seed}${jobs > 1 ? `, ${jobs} at a time` : ''}`);
let exit = 0;
try {
  if (jobs > 1) await inParallel();
  else {
    await fc.assert(fc.asyncProperty(anyCase, async (c) => { await oneCase(c); }),
      { numRuns: cases, seed, path: args.path, verbose: 0 });
  }
} catch (error) {
  exit = 1;
  const replay = /seed: (-?\d+), path: "([^"]*)"/.exec(error.message);
  const report = error.message.split('\n').filter((l) => !/^Hint:|^$/.test(l)).slice(0, 12).join('\n');
  console.error(`\nfuzz: FAILED (the request shrunk to its simplest form)\n${report}`);
  if (error.cause?.message) console.error(`\n${error.cause.message}`);
  if (replay) console.error(`\nreplay: make fuzz SEED=${replay[1]} FUZZ_PATH=${replay[2]}   (or CASES=${cases} SEED=${seed} for the whole run)`);
}
closeAgents();
for (const [kind, { count, text }] of failures) {
  exit = 1;
  console.error(`\n[${count}×] ${kind}\n${text}`);
}
const dbProblems = await compareDatabases(targets, args['db-url']);
for (const p of dbProblems) console.error(`fuzz: database: ${p}`);
if (dbProblems.length) exit = 1;
const seconds = Math.round((Date.now() - began) / 1000);
console.log(`fuzz: ${exit ? 'FAILED' : 'passed'}: ${cases} cases, ${targets.length} targets, ${failures.size} kinds of failure kept,`
  + ` ${deviating} cases with a declared deviation, seed ${seed}, ${seconds} s`);
process.exit(exit);
