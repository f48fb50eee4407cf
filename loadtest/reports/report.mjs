// REPORT.md of one run, from its summary.json alone: the environment, the charts, one table per workload
// (ranked only where the repeats separate the stacks, reports/ranks.mjs), links to JMeter's dashboards and the seed claims.
import { join } from 'node:path';
import { describeBound, rankRows } from './bottleneck.mjs';
import { CONFIDENCE, METHOD, MIN_REPEATS } from './intervals.mjs';
import { byRank, databaseTiesOf, rankText, tiesOf } from './ranks.mjs';
import { BOOKINGS_CEILING } from './ceiling-names.mjs';
import { LOG_T } from './summary.mjs';
import { MAX_STEAL_PERCENT, NOISY_RETRIES } from '../sampling/sampler.mjs';

const WORKLOAD_ORDER = ['hello', 'static', 'echo', 'bookings', 'chat'];
const MIB = 2 ** 20;

export const num = (v, digits = 0) => (v === null || v === undefined || Number.isNaN(v) ? '–'
  : Number(v).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
export const ms = (v) => (v === null || v === undefined ? '–' : v >= 100 ? num(v) : String(+Number(v).toFixed(2)));
const escape = (text) => String(text).replace(/\|/g, '\\|');

function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `| ${header.map((h, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(escape).join(' | ')} |`)].join('\n');
}

// Runs from before wrk was the default name only JMeter.
function generatorName(e) {
  const name = e.generator ?? (e.jmeter ? 'jmeter' : null);
  const version = { wrk: e.wrk, jmeter: e.jmeter }[name];
  return [name === 'jmeter' ? 'JMeter' : name ?? '–', version].filter(Boolean).join(' ') +
    (e.openLoop ? `; open-loop latency: ${e.openLoop}` : '');
}

function environmentSection(summary) {
  const e = summary.environment ?? {};
  const p = e.pinning ?? {};
  const ceilingRows = summary.ceiling?.rows ?? [];
  const ceiling = ceilingRows.filter((r) => !r.failed && r.stack !== BOOKINGS_CEILING && r.workload !== 'chat')
    .map((r) => `${r.label} ${num(r.throughput.median)} req/s`).join(', ');
  const bookings = ceilingRows.find((r) => r.stack === BOOKINGS_CEILING);
  const relays = ceilingRows.filter((r) => r.workload === 'chat');
  const lines = [
    ['machine', `${e.cpuModel ?? '?'}, ${e.cores ?? '?'} cores (${e.availableCpus ?? '?'} available to the bench)`],
    ...(summary.topology ? [['hosts', `server ${summary.topology.server}, database ${summary.topology.db}, load ${summary.topology.loadgen}` +
      (summary.runtime ? ` (${summary.runtime} runtime)` : '')]] : []),
    ['pinning', `server CPUs ${p.server ?? '–'}, database ${p.db ?? '–'}, load generator ${p.loadgen ?? '–'}` +
      (e.hosts?.loadgens ? ' (on each load host)' : '')],
    ['JDK', e.jdk ? `${e.jdk.vendor ?? ''} ${e.jdk.version ?? ''}`.trim() : '–'],
    ['Node.js', e.node ?? '–'],
    ['MariaDB', e.mariadb ?? '–'],
    ...Object.entries(e.libraries ?? {}).map(([stack, versions]) => [`\`${stack}\``, Object.entries(versions)
      .map(([name, version]) => `${name.split(':').pop()} ${version ?? '?'}`).join(', ') || '–']),
    ['load generator', generatorName(e)],
    ['git', e.git ? `${e.git.sha?.slice(0, 12) ?? '?'}${e.git.dirty ? ' (uncommitted changes)' : ''}` : '–'],
    ['generator ceiling', ceiling
      ? `${summary.ceiling.server ?? 'nginx'} on the server's CPUs, driven by the same generator: ${ceiling}. Which part ` +
        'limited each row is measured from CPU (the bottleneck column), not read from this ratio.'
      : 'not measured (no ceiling run)'],
    ...(bookings ? [['bookings ceiling', bookings.failed && !bookings.intervals?.n
      ? `not measured: ${bookings.repeats?.find((x) => x.reason)?.reason ?? 'failed'}`
      : `${num(bookings.throughput.median)} bookings/s: the bookings transaction driven straight at MariaDB by a compiled ` +
        `client (loadtest/ceilings/bookings-ceiling) with the stacks' pool size, on the server's CPUs, no HTTP; MariaDB ` +
        `${num(bookings.database?.perBooking?.cpuMicros)} CPU µs per booking`]] : []),
    ...relays.map((r) => [`chat ceiling (${r.label})`, r.failed && !r.intervals?.n
      ? `not measured: ${r.repeats?.find((x) => x.reason)?.reason ?? 'failed'}`
      : `${num(r.throughput.median)} deliveries/s, p99 ${r.latencyMs?.p99 ?? '–'} ms: the chat protocol relayed by a compiled server ` +
        '(loadtest/ceilings/chat-relay) on the server\'s CPUs, driven by the same client and scenario']),
  ];
  return ['## Environment', '', table(['', ''], lines)].join('\n');
}

function dashboards(row) {
  const links = (row.repeats ?? []).filter((r) => r.dashboard)
    .map((r) => `[#${r.repeat}](${join(r.dashboard, 'index.html')})`);
  return links.join(' ') || '–';
}

export function verdict(row) {
  const left = (row.intervals?.excluded ?? []).map((x) => `#${x.repeat} left out: ${x.reason}`);
  // Failed outright, or in some repeats: those are named, and the figures (of the good ones) judged as usual.
  if (row.failed && !row.intervals?.n) return `FAILED${row.repeats?.find((r) => r.reason)?.reason ? `: ${row.repeats.find((r) => r.reason).reason}` : ''}`;
  const notes = row.failed ? [`${left.length} of ${row.repeats.length} repeats FAILED`, ...left] : [];
  if (row.invariant && row.invariant !== 'n/a') notes.push(`invariant ${row.invariant}`);
  // A row with ratios shows its × nginx column instead.
  if (row.headroom && !row.ratios) notes.push(`${num(row.headroom.ratio * 100)}% of the nginx ceiling`);
  if (row.remeasured) {
    const windows = row.repeats.flatMap((r) => (r.noisy ?? []).map((n) => `#${r.repeat} ${num(n.stealPercent, 1)} %`));
    notes.push(`${row.remeasured} window${row.remeasured > 1 ? 's' : ''} measured again, the host having taken CPU (steal: ${windows.join(', ')})`);
    const still = row.repeats.filter((r) => r.stillNoisy).map((r) => `#${r.repeat}`);
    if (still.length) notes.push(`HOST BUSY: ${still.join(', ')} kept a window the host still took CPU from`);
  }
  if (row.steady === false) {
    const warm = row.repeats?.find((r) => r.warmup?.steady === false)?.warmup;
    notes.push(`NOT STEADY: the warm-up ran out (${warm?.seconds ?? '?'} s) still changing, so this may be a half-compiled server`);
  }
  return notes.join('; ') || 'ok';
}

const generatorBound = (r) => r.bottleneck?.bound === 'generator';

// A figure: its text in a table and, where it is a number, the number behind it and its summary field. Markdown shows
// the text; make site's HTML (site/lib/figures.mjs) carries the number beside it, so the two tables cannot differ.
const figure = (text, value = null, field = null) => ({ text: String(text), value: typeof value === 'number' ? value : null, field });
const percentiles = (l) => ['p50', 'p90', 'p99', 'p99.9', 'max'].map((p) => figure(ms(l?.[p]), l?.[p], p));
const mib = (bytes) => (bytes ? bytes / MIB : null);

/** Markdown of { header, body: rows of figures }: a stack's name as code. */
function figuresTable({ header, body }) {
  return table(header, body.map((row) => row.map((f) => (f.field === 'stack' ? `\`${f.text}\`` : f.text))));
}

// A figure's 95 % interval after it ("[low–high]"), or nothing where it has none.
const bracket = (i, format) => (i?.low != null ? ` [${format(i.low)}–${format(i.high)}]` : '');
const ratio = (v) => v.toFixed(2);
const withInterval = (i, format, field) => figure(i?.median != null ? `${format(i.median)}${bracket(i, format)}` : '–', i?.median ?? null, field);

// The repeats behind a row: how many counted, and which were left out (failed), each named in the verdict.
function repeatsText(r) {
  const i = r.intervals;
  if (!i) return r.repeats?.length > 1 ? `${r.repeats.length}: ${num(r.throughput.min)}–${num(r.throughput.max)}` : '1 run';
  const left = i.excluded.length ? ` (${i.excluded.length} left out)` : '';
  return i.n < 2 ? `${i.n} run, no interval${left}` : i.n < MIN_REPEATS ? `${i.n}, no interval${left}` : `${i.n}${left}`;
}

// Rows without intervals (a run from before them): × best as the ratio of two medians, as it was reported then.
function ofBest(r, best) {
  if (r.ratios) return withInterval(r.ratios.ofBest, ratio, 'ofBest');
  return figure(!generatorBound(r) && best && r.throughput?.median ? (r.throughput.median / best).toFixed(2) : '–');
}

/**
 * One label's throughput rows as REPORT.md ranks and judges them: { header, body, note }, the note saying how the
 * intervals and ranks were made and naming the ties and the unranked rows (Markdown). links: JMeter's dashboards.
 */
export function httpFigures(rows, { links = true, pinning } = {}) {
  const { ranked, bound } = rankRows(rows);
  const ordered = rows.some((r) => r.rank) ? [...rows].sort(byRank) : [...ranked, ...bound];
  const best = ranked[0]?.throughput?.median;
  const header = ['rank', 'stack', 'generator', 'req/s', 'repeats', '× best',
    rows[0]?.workload === 'bookings' ? '× bookings ceiling' : '× nginx', 'req per server CPU-s', 'p50 ms', 'p90',
    'p99', 'p99.9', 'max', 'errors', 'server CPU %', 'generator CPU %', 'MariaDB CPU %', 'peak RSS MiB', 'bottleneck', 'verdict',
    ...(links ? ['dashboard'] : [])];
  const body = ordered.map((r) => [
    figure(rankText(r), r.rank?.position ?? null, 'rank'), figure(r.stack, null, 'stack'), figure(r.generator ?? '–'),
    r.intervals ? withInterval({ ...r.intervals.throughput, median: r.throughput?.median }, num, 'throughput')
      : figure(num(r.throughput?.median), r.throughput?.median, 'throughput'),
    figure(repeatsText(r)), ofBest(r, best), withInterval(r.ratios?.ofCeiling, ratio, 'ofCeiling'),
    r.intervals ? withInterval(r.intervals.perCpuSecond, num, 'perCpuSecond')
      : figure(num(r.perCpuSecond), r.perCpuSecond, 'perCpuSecond'),
    // With an interval, p99 is the median of the repeats' own p99s, the figure the interval is of.
    ...percentiles(r.latencyMs).map((f) => (f.field === 'p99' && r.intervals?.p99?.low != null
      ? withInterval(r.intervals.p99, ms, 'p99') : f)),
    figure(r.samples ? `${num(r.errors)} (${num((r.errorRate ?? 0) * 100, 2)}%)` : '–', r.samples ? r.errors : null, 'errors'),
    figure(num(r.cpuPercent?.mean), r.cpuPercent?.mean, 'serverCpu'),
    figure(num(r.generatorCpuPercent), r.generatorCpuPercent, 'generatorCpu'),
    figure(num(r.databaseCpuPercent), r.databaseCpuPercent, 'databaseCpu'),
    figure(r.peakRssBytes ? num(mib(r.peakRssBytes)) : '–', mib(r.peakRssBytes), 'peakRssMiB'),
    figure(describeBound(r.bottleneck, pinning), null, 'bottleneck'), figure(verdict(r), null, 'verdict'),
    ...(links ? [figure(dashboards(r))] : []),
  ]);
  return { header, body, note: rows.some((r) => r.intervals) ? rankNote(rows) : boundNote(bound) };
}

function boundNote(bound) {
  const names = bound.map((r) => `\`${r.stack}\``).join(', ');
  return !bound.length ? ''
    : bound.length > 1 ? `${names} were generator-bound: their req/s is what the generator could drive, so ` +
      'they are not ranked by it against each other or the rows above; they follow in order of requests per server CPU-second.'
      : `${names} was generator-bound: its req/s is what the generator could drive, a lower bound of the server's, so it is not ranked.`;
}

const stacksText = (list) => list.map((s) => `\`${s}\``).join(', ');

/** How a table with intervals was made, which ranked rows are ties, and why the others have no rank. */
export function rankNote(rows) {
  const n = Math.max(...rows.map((r) => r.intervals?.n ?? 0));
  const reference = rows.find((r) => r.ratios?.ofBest)?.ratios.ofBest.reference;
  const ranked = rows.filter((r) => r.rank).length;
  const bracketed = rows.some((r) => r.ratios?.ofBest?.basis === 'bracket');
  const ceilingBracketed = rows.some((r) => r.ratios?.ofCeiling?.basis === 'bracket');
  const lines = [`Each figure is the median of the good repeats (up to ${n}, each a fresh start of the stack, the stacks' ` +
    `order rotated from one repeat to the next); [low–high] is the ${CONFIDENCE * 100} % confidence interval of its mean ` +
    `(${METHOD}; p99's is of the geometric mean, as latency tails are skewed), given from ${MIN_REPEATS} good repeats on. ` +
    `× best and × nginx are medians and intervals of ratios taken inside each repeat` +
    `${reference ? ` (to \`${reference}\`, the highest median${bracketed ? ' ratio to its bracket' : ''} among the ranked rows, ` +
      `and to the nginx ceiling ${ceilingBracketed ? 'measured on the same CPUs just before and just after each window, the mean ' +
      'of the two (its bracket; where a row has too few, the ceiling measured in the same repeat)' : 'measured in the same repeat'})` : ''}. ` +
    `${bracketed ? 'Stacks are compared through those ratios, each to its own bracket, so the host\'s drift between two stacks\' windows cancels. ' : ''}` +
    'A rank is one more than the number of stacks faster than this one beyond doubt: a paired t test on the logarithm of ' +
    `their ${bracketed ? 'bracketed ratios\' ratio' : 'req/s ratio'}, repeat by repeat${ranked > 2 ? `, with Holm's correction over the ${(ranked * (ranked - 1)) / 2} pairs` : ''}, ` +
    `at ${Math.round((1 - CONFIDENCE) * 100)} % for the whole table; \`=\` marks a rank shared. A window in which the ` +
    `hypervisor took more than ${MAX_STEAL_PERCENT} % of the server's, the generator's or MariaDB's CPUs (steal) was measured ` +
    `again, up to ${NOISY_RETRIES} times; a repeat whose every try was so keeps its last, and its verdict says HOST BUSY.`];
  const ties = tiesOf(rows);
  if (ties.length) {
    lines.push(`Not distinguishable at this precision: ${ties.map(([a, b]) => `\`${a}\` and \`${b}\``).join('; ')}.`);
  } else if (ranked > 1) lines.push('Every ranked pair is separated.');
  const why = new Map();
  for (const r of rows.filter((x) => !x.rank)) why.set(r.unranked ?? 'no interval', [...(why.get(r.unranked ?? 'no interval') ?? []), r.stack]);
  for (const [reason, stacks] of why) {
    const bound = /bound$/.test(reason) ? `: req/s is what the ${reason.split('-')[0]} allowed, not the stack's, so not ranked by it` : '';
    lines.push(`No rank, ${reason}${bound}: ${stacksText(stacks)}.`);
  }
  return lines.join(' ');
}

function httpTable(rows, options) {
  const figures = httpFigures(rows, options);
  return figures.note ? `${figuresTable(figures)}\n\n${figures.note}` : figuresTable(figures);
}

/** One chat scenario's rows, by median latency: { header, body, note }. */
export function chatFigures(rows) {
  const sorted = [...rows].sort((a, b) => (a.latencyMs?.p50 ?? Infinity) - (b.latencyMs?.p50 ?? Infinity));
  const header = ['stack', 'delivered / expected', '× relay deliveries/s', 'p99 × relay', 'violations', 'p50 ms', 'p90', 'p99',
    'p99.9', 'max', 'errors', 'server CPU %', 'client CPU %', 'peak RSS MiB', 'verdict'];
  const relay = (r, field) => (r.relay?.[field]?.median != null
    ? figure(`${ratio(r.relay[field].median)}${r.relay[field].low != null ? bracket(r.relay[field], ratio) : ''}`, r.relay[field].median, `relay.${field}`)
    : figure('–', null, `relay.${field}`));
  const body = sorted.map((r) => [
    figure(r.stack, null, 'stack'), figure(`${num(r.delivered)} / ${num(r.expected)}`, r.delivered, 'delivered'),
    relay(r, 'deliveries'), relay(r, 'p99'),
    figure(num(r.violations?.total ?? r.violations), r.violations?.total ?? r.violations, 'violations'),
    ...percentiles(r.latencyMs).map((f) => (['p50', 'p99'].includes(f.field) && r.intervals?.[f.field]?.low != null
      ? figure(`${f.text}${bracket(r.intervals[f.field], ms)}`, f.value, f.field) : f)),
    figure(num(r.errors), r.errors, 'errors'),
    figure(num(r.cpuPercent?.mean), r.cpuPercent?.mean, 'serverCpu'), figure(num(r.clientCpuPercent), r.clientCpuPercent, 'clientCpu'),
    figure(r.peakRssBytes ? num(mib(r.peakRssBytes)) : '–', mib(r.peakRssBytes), 'peakRssMiB'),
    figure(r.failed ? 'FAILED' : r.delivery ?? 'kept up', null, 'verdict'),
  ]);
  const n = Math.max(0, ...rows.map((r) => r.intervals?.n ?? 0));
  const note = [n >= MIN_REPEATS ? `Percentiles are over every delivery of the ${n} repeats together; the [low–high] beside p50 and ` +
    `p99 is the ${CONFIDENCE * 100} % interval of each repeat's own (${LOG_T}).` : '',
  rows.some((r) => r.relay) ? '× relay and p99 × relay: the row\'s deliveries/s and p99 over the chat relay\'s (the chat ceiling) in ' +
    'the same repeat, median and interval of those per-repeat ratios.' : ''].filter(Boolean).join(' ');
  return { header, body, note };
}

const chatTable = (rows) => {
  const figures = chatFigures(rows);
  return figures.note ? `${figuresTable(figures)}\n\n${figures.note}` : figuresTable(figures);
};

export function describeStep(step) {
  if (!step) return '';
  if (step.rooms) {
    return `${step.rooms} room${step.rooms > 1 ? 's' : ''} × ${step.usersPerRoom} users; each user sends ${step.messages} ` +
      `messages, one every ${step.intervalMs} ms, after a ${step.settleMs / 1000} s settle` +
      `${step.warmupMessages ? ` and ${step.warmupMessages} untimed warm-up messages` : ''}. Latency: scheduled send → delivery, every delivery.`;
  }
  const parts = [`${step.users} users`];
  if (step.durationSeconds) parts.push(`${step.durationSeconds} s measured`);
  if (step.loops) parts.push(`${step.loops} requests each`);
  if (step.requests) parts.push(`${num(step.requests)} requests in all`);
  if (step.file) parts.push(`file ${step.file}`);
  if (step.note) parts.push(step.note);
  return parts.join(', ');
}

const AB_PERCENTILES = ['50', '66', '75', '80', '90', '95', '98', '99', '100'];

// ab's table of a row: its median-throughput repeat's, as a wrk row's latencies are its median repeat's.
function abTableOf(row) {
  const measured = (row.repeats ?? []).filter((r) => r.percentilesMs && !r.failed).sort((a, b) => a.throughput - b.throughput);
  return measured[Math.floor((measured.length - 1) / 2)] ?? null;
}

/**
 * ab's own percentile table (make aio) for a label's rows, in ms as ab prints it, with the bytes each response
 * carried; then the write-up's, from the seed claims that quote it (`seedPercentilesMs`). Empty without ab rows.
 */
export function abPercentileTable(rows, label, claims = []) {
  const ours = rows.filter((r) => r.label === label).map((r) => [r, abTableOf(r)]).filter(([, t]) => t);
  if (!ours.length) return '';
  const quoted = claims.find((c) => c.seedPercentilesMs)?.seedPercentilesMs ?? {};
  const cells = [
    ...ours.map(([r, t]) => [`\`${r.stack}\``, ...AB_PERCENTILES.map((p) => num(t.percentilesMs[p])), num(t.throughput), num(t.bytesPerResponse)]),
    ...Object.entries(quoted).map(([stack, q]) => [`\`${stack}\` in the write-up (2011)`, ...AB_PERCENTILES.map((p) => num(q[p])),
      num(q.requestsPerSecond), num(q.bytesPerResponse)]),
  ];
  return table(['server', ...AB_PERCENTILES.map((p) => `${p}%`), 'req/s', 'bytes per response'], cells);
}

/**
 * What each booking cost MariaDB, per stack (rows with database figures: wrk bookings windows): { header, body, note },
 * stacks by MariaDB CPU per booking, the least first.
 */
export function databaseFigures(rows) {
  const measured = rows.filter((r) => r.database?.perBooking).sort((a, b) =>
    (a.database.rank?.position ?? Infinity) - (b.database.rank?.position ?? Infinity)
    || (a.database.perBooking.cpuMicros ?? Infinity) - (b.database.perBooking.cpuMicros ?? Infinity));
  const rank = (d) => (d.rank ? `${d.rank.shared ? '=' : ''}${d.rank.position}` : '–');
  const ties = databaseTiesOf(measured);
  const header = ['rank by MariaDB CPU', 'stack', 'bookings/s', 'bottleneck', 'statements', 'round trips', 'select', 'insert', 'update', 'begin', 'commit', 'rollback',
    'MariaDB CPU µs', 'rows read by key', 'rows written', 'rows updated', 'lock waits', 'lock wait ms', 'bytes in', 'bytes out'];
  const one = (v, digits = 2) => figure(num(v, digits), v);
  const body = measured.map((r) => {
    const p = r.database.perBooking;
    return [figure(rank(r.database), r.database.rank?.position ?? null, 'databaseRank'), figure(r.stack, null, 'stack'),
      figure(num(r.throughput?.median), r.throughput?.median, 'throughput'),
      figure(r.bottleneck?.bound ?? '–'), one(p.statements), one(p.roundTrips), one(p.select), one(p.insert), one(p.update), one(p.begin),
      one(p.commit), one(p.rollback),
      r.database.cpuMicros?.low != null ? withInterval(r.database.cpuMicros, num, 'databaseCpuMicros')
        : figure(num(p.cpuMicros), p.cpuMicros, 'databaseCpuMicros'), one(p.rowsReadByKey, 1), one(p.rowsWritten, 1), one(p.rowsUpdated, 1),
      one(p.lockWaits, 3), one(p.lockWaitMs, 3), one(p.bytesReceived, 0), one(p.bytesSent, 0)];
  });
  const note = measured.length ? 'Per booking created in the measured window (the median of the repeats): MariaDB\'s own counters ' +
    '(SHOW GLOBAL STATUS) read just before and just after it, and its process CPU sampled over it. Statements are Questions, ' +
    'the kinds beside them Com_* (a prepared statement\'s executions count under both); round trips add the statements ' +
    'prepared on the server, which Questions leaves out (a driver that pipelines makes fewer; pings are not counted). ' +
    'A transaction opened by `SET autocommit=0` has no begin. A database-bound row is what MariaDB ' +
    'allowed: MariaDB CPU per booking says which stack asks less of it, the least first. The database-bound rows are ' +
    `ranked by it among themselves (with its ${CONFIDENCE * 100} % interval over ${MIN_REPEATS} or more repeats), as req/s ranks ` +
    'the others: a paired t test on each repeat\'s ratio, Holm\'s correction over the pairs, a shared rank where two do not ' +
    `separate${ties.length ? ` (${ties.map(([a, b]) => `\`${a}\` and \`${b}\``).join(', ')} tie)` : ''}; the other rows get none.` : '';
  return { header, body, note };
}

/** One label's heading, setting line and table, as in REPORT.md (links: JMeter dashboards, relative to the run). */
export function renderWorkload(rows, label, { links = true, pinning, claims = [] } = {}) {
  const group = rows.filter((r) => r.label === label);
  if (!group.length) throw new Error(`no results for "${label}"`);
  const first = group[0];
  const body = first.workload === 'chat' ? chatTable(group) : httpTable(group, { links, pinning });
  const ab = abPercentileTable(group, label, claims);
  const database = databaseFigures(group);
  return [`### ${label}`, '', `${describeStep(first.step)}`, '', body,
    ...(ab ? ['', 'ab\'s percentile table (ms: each request\'s connect to last byte; the median run\'s):', '', ab] : []),
    ...(database.body.length ? ['', 'What each booking cost the database:', '', figuresTable(database), '', database.note] : [])].join('\n');
}

function workloadSections(rows, pinning, claims) {
  const byLabel = new Map();
  for (const r of rows) {
    if (!byLabel.has(r.label)) byLabel.set(r.label, []);
    byLabel.get(r.label).push(r);
  }
  const rank = (label) => {
    const workload = byLabel.get(label)[0].workload;
    return WORKLOAD_ORDER.indexOf(workload) === -1 ? WORKLOAD_ORDER.length : WORKLOAD_ORDER.indexOf(workload);
  };
  const labels = [...byLabel.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }));
  return labels.map((label) => renderWorkload(rows, label, { pinning, claims }));
}

/** One workload's open-loop steps, stacks in order, each offered rate ascending: { header, body, note }. */
export function latencyFigures(records) {
  const rows = [...records].sort((a, b) => a.stack.localeCompare(b.stack) || (a.rate ?? 0) - (b.rate ?? 0));
  const header = ['stack', 'offered req/s', 'achieved', 'p50 ms', 'p90', 'p99', 'p99.9', 'max', 'errors', 'server CPU %',
    'generator CPU %', 'rate', 'after', 'verdict'];
  const body = rows.map((r) => [
    figure(r.stack, null, 'stack'), figure(num(r.rate), r.rate, 'rate'), figure(num(r.achieved), r.achieved, 'achieved'),
    ...percentiles(r.latencyMs), figure(num(r.errors), r.errors, 'errors'),
    figure(num(r.serverCpuPercent), r.serverCpuPercent, 'serverCpu'), figure(num(r.generatorCpuPercent), r.generatorCpuPercent, 'generatorCpu'),
    figure(`${(r.bases ?? []).join(' = ')}${r.capped ? ` (capped from ${num(r.wanted)})` : ''}`), figure(r.after ?? ''),
    figure(r.failed ? `FAILED: ${r.reason}` : `${r.keptUp ? 'kept up' : 'fell behind'}${r.invariant ? `; invariant ${r.invariant}` : ''}`, null, 'verdict'),
  ]);
  return { header, body, note: '' };
}

/** The open-loop latency steps: one table per workload, stacks in order, each offered rate ascending. */
function latencySection(summary) {
  const records = summary.latency ?? [];
  if (!records.length) return '';
  const open = summary.openLoop ?? {};
  const ceiling = Object.entries(open.ceiling ?? {}).map(([w, c]) => (c?.achieved
    ? `${w} ${num(c.achieved)} req/s` : `${w} not measured${c?.reason ? ` (${c.reason})` : ''}`)).join(', ');
  const settings = open.settings;
  const intro = [`Open loop (${open.generator ?? 'oha'}, \`--latency-correction\`): every request is due at its time, whatever ` +
    'the server does, and its latency counts from then, so a stall shows in the tail instead of being skipped (the throughput ' +
    'tables above are closed-loop and understate tails).',
  settings ? ` Rates: ${settings.common.map((f) => `${f * 100} %`).join(', ')} of the slowest stack's maximum on the ` +
    `workload (the same for every stack) and ${settings.own.map((f) => `${f * 100} %`).join(', ')} of each stack's own, ` +
    `${settings.seconds} s each on ${settings.connections} connections, right after the stack's throughput run on the ` +
    'workload (warm from it); a rate known only once a slower stack had run was measured in a second start of the stack, ' +
    'after a closed-loop warm-up (wrk) until its rate was steady ("after" says which).' : '',
  ceiling ? ` The generator offered against nginx: ${ceiling}; no step asks for more than half of that (a capped rate says so).` : '',
  ' "fell behind": fewer than 97 % of the due requests completed in the step.'].join('');
  const sections = WORKLOAD_ORDER.filter((w) => records.some((r) => r.workload === w))
    .map((w) => [`### ${w} latency`, '', figuresTable(latencyFigures(records.filter((r) => r.workload === w)))].join('\n'));
  return ['## Latency at offered rates', '', intro, '', ...sections.flatMap((x) => [x, ''])].join('\n');
}

function claimsSection(evaluated) {
  const rows = evaluated.map(({ claim, verdict: v, detail }) => [
    `${claim.claim} *(${claim.source}; ${claim.seedSetting})*${claim.note ? ` ${claim.note}` : ''}`,
    claim.kind === 'ratio' ? `${claim.seedRatio}×${claim.seedValues ? ` (${claim.seedValues.map((v) => num(v)).join(' against ')})` : ''}`
      : claim.stacks.join(' → '),
    detail, v,
  ]);
  return ['## Seed claims', '',
    'What the write-ups this project grew from measured, beside this run. A different profile, machine or ' +
    'CPU split changes figures; compare directions and orders before magnitudes.', '',
    table(['claim', 'seed', 'this run', 'verdict'], rows)].join('\n');
}

/** "5 repeats per point", or with a profile's fewer repeats for some workloads, "5 repeats per point (static 3, …)". */
export function repeatsPerPoint(settings) {
  const n = settings?.repeat ?? 1;
  const fewer = Object.entries(settings?.repeatsOf ?? {}).filter(([, k]) => k < n).map(([w, k]) => `${w} ${k}`);
  return `${n} repeat${n === 1 ? '' : 's'} per point${fewer.length ? ` (${fewer.join(', ')})` : ''}`;
}

/**
 * The report's Markdown. `charts`: [{ file, title }] already written under charts/; `claims`: the output of
 * evaluateClaims.
 */
export function renderReport(summary, { charts = [], claims = [] } = {}) {
  const rows = summary.results ?? [];
  const failed = summary.failedRuns ? ` · **${summary.failedRuns} failed**` : '';
  return [
    `# Bench run ${summary.run}`, '',
    `Profile \`${summary.profile}\` · ${repeatsPerPoint(summary.profileSettings)} · ` +
      `${new Set(rows.map((r) => r.stack)).size} stacks · ${rows.length} results${failed}. ` +
      'Throughput counts successful responses only; latencies are nearest-rank over every measured sample; ' +
      'CPU and RSS cover the server\'s whole process tree (100% = one core).', '',
    environmentSection(summary), '',
    '## Charts', '',
    ...charts.map((c) => `![${c.title}](charts/${c.file})\n`),
    '## Results', '',
    ...workloadSections(rows, summary.environment?.pinning, claims.map((c) => c.claim)).flatMap((s) => [s, '']),
    latencySection(summary),
    claimsSection(claims), '',
  ].join('\n');
}
