// Ranks only where the figures separate. Every ratio is taken inside one repeat (repeat r of a stack against
// repeat r of another, or of the nginx ceiling), because the repeats are interleaved: a slow drift of the host falls
// on both sides of a ratio alike, where it would widen two separate intervals of req/s. Where the profile brackets a
// workload (nginx measured just before and just after each stack's window, run.mjs), the ratio to nginx is to that
// bracket, seconds away rather than minutes, and two stacks are compared through their ratios to their own
// brackets: the host's noise between two stacks' windows then cancels too. Two stacks are separated by
// a paired t test on the logarithm of their per-repeat req/s ratio (symmetric: a over b is b over a turned round),
// with Holm's correction over all the pairs of the table, so that the chance of calling any one pair apart when
// none is stays at 5 % (seven stacks make 21 pairs; uncorrected, one false separation per table would be usual).
// A row's rank is one more than the number of rows separated from it above; rows that end up with the same number
// share it (`=2`), and every pair not separated is named a tie.
import { CONFIDENCE, MIN_REPEATS, figureInterval, holm, ratioPerRepeat, tTest } from './intervals.mjs';
import { goodRepeat, httpIntervals } from './summary.mjs';
import { median } from './stats.mjs';

/** A row's good repeats' req/s as { repeat, value }, for ratios taken repeat by repeat. */
export const perRepeat = (row) => (row?.repeats ?? []).filter(goodRepeat).map((r) => ({ repeat: r.repeat, value: r.throughput }));
const ratioInterval = (row, base, valuesOf = perRepeat) => figureInterval(ratioPerRepeat(valuesOf(row), valuesOf(base)));

/** A row's good repeats as { repeat, value }: their req/s over the nginx bracket around their window, where they have one. */
export const perBracket = (row) => (row?.repeats ?? []).filter(goodRepeat).filter((r) => r.bracket?.throughput > 0)
  .map((r) => ({ repeat: r.repeat, value: r.throughput / r.bracket.throughput }));

/** Enough of a row's good repeats bracketed to stand for it: all of them, or MIN_REPEATS when a bracket failed. */
const bracketed = (row) => {
  const n = perBracket(row).length;
  return n > 0 && (n >= MIN_REPEATS || n === perRepeat(row).length);
};

/**
 * A row's per-repeat ratios to the nginx ceiling: to the bracket around each window where enough of its repeats have
 * one (its repeats without are left out), else to the ceiling row's figure of the same repeat.
 * { values, basis: 'bracket' | 'repeat' } (values empty without either).
 */
export function ceilingRatios(row, ceilingRow) {
  if (bracketed(row)) return { values: perBracket(row).map((r) => r.value), basis: 'bracket' };
  return { values: ceilingRow ? ratioPerRepeat(perRepeat(row), perRepeat(ceilingRow)) : [], basis: 'repeat' };
}

/** What a label's rows are compared by: their bracketed ratios when every one has enough, else their req/s. */
const comparedBy = (rows) => (rows.length && rows.every(bracketed) ? perBracket : perRepeat);

/** Why a row gets no rank, or null when it may get one. */
export function unranked(row) {
  if (row.failed && !(row.intervals?.n >= MIN_REPEATS)) return 'failed';
  if (row.bottleneck?.bound === 'generator') return 'generator-bound';
  if (row.bottleneck?.bound === 'database') return 'database-bound';
  const n = row.intervals?.n ?? row.repeats?.length ?? 0;
  if (n < 2) return `${n} run, no interval`;
  if (n < MIN_REPEATS) return `${n} good repeats, no interval (${MIN_REPEATS} needed)`;
  return null;
}

/**
 * One label's rows (same workload and step, every stack): sets row.ratios { ofBest, ofCeiling } and row.rank
 * ({ position, shared } or null with row.unranked saying why). Returns { reference, ties: [[stack, stack]…] }.
 */
export function rankLabel(rows, ceilingRow = null) {
  const candidates = rows.filter((r) => !unranked(r));
  const valuesOf = comparedBy(candidates);
  const medianOf = (r) => median(valuesOf(r).map((v) => v.value));
  const reference = [...candidates].sort((a, b) => medianOf(b) - medianOf(a))[0] ?? null;
  for (const r of rows) {
    const toCeiling = ceilingRatios(r, ceilingRow);
    r.ratios = {
      // Against the best only where req/s is the stack's own: not for a generator- or database-bound row.
      // A row compared through brackets it does not have gets none (a ratio of req/s to a bracketed ratio means nothing).
      ofBest: reference && !/bound$/.test(unranked(r) ?? '') && (valuesOf === perRepeat || bracketed(r))
        ? { reference: reference.stack, basis: valuesOf === perBracket ? 'bracket' : 'repeat', ...ratioInterval(r, reference, valuesOf) } : null,
      ofCeiling: toCeiling.values.length ? { basis: toCeiling.basis, ...figureInterval(toCeiling.values) } : null,
    };
  }
  const ranked = candidates;
  const { slower } = separations(ranked, valuesOf);
  for (const r of rows) {
    if (!ranked.includes(r)) {
      r.rank = null;
      r.unranked = unranked(r);
      continue;
    }
    // faster: the stacks separated above it; slower: those separated below (the ties are the rest).
    r.rank = { position: 1 + ranked.filter((o) => slower.get(o.stack).has(r.stack)).length,
      faster: ranked.filter((o) => slower.get(o.stack).has(r.stack)).map((o) => o.stack), slower: [...slower.get(r.stack)] };
    delete r.unranked;
  }
  for (const r of ranked) r.rank.shared = ranked.some((o) => o !== r && o.rank.position === r.rank.position);
  return { reference: reference?.stack ?? null, ties: tiesOf(rows) };
}

const logRatios = (a, b, valuesOf) => ratioPerRepeat(valuesOf(a), valuesOf(b)).map(Math.log);

/**
 * Which ranked rows are faster than which beyond doubt: for each pair, a paired t test of mean log(a/b) = 0 over the
 * repeats both have, then Holm's correction over every pair. { slower: Map(stack → Set of stacks it is faster
 * than), pairs: how many were tested }. valuesOf: a row's per-repeat figure, the higher the better (req/s).
 */
export function separations(rows, valuesOf = perRepeat) {
  const pairs = rows.flatMap((a, i) => rows.slice(i + 1).map((b) => ({ a, b, test: tTest(logRatios(a, b, valuesOf)) })));
  const rejected = holm(pairs.map(({ test }) => test?.p ?? 1), 1 - CONFIDENCE);
  const slower = new Map(rows.map((r) => [r.stack, new Set()]));
  pairs.forEach(({ a, b, test }, i) => {
    if (!rejected[i]) return;
    if (test.mean > 0) slower.get(a.stack).add(b.stack);
    else slower.get(b.stack).add(a.stack);
  });
  return { slower, pairs: pairs.length };
}

/**
 * A database-bound row's good repeats as bookings per MariaDB CPU-second (1 / its CPU per booking), for ranks where
 * more is better: the database allowed the row's req/s, so what tells the stacks apart is how little each asks of it.
 */
export const perDatabaseCpu = (row) => (row?.repeats ?? []).filter(goodRepeat)
  .filter((r) => r.database?.perBooking?.cpuMicros > 0).map((r) => ({ repeat: r.repeat, value: 1e6 / r.database.perBooking.cpuMicros }));

/**
 * The database-bound rows of a bookings label, ranked among themselves by MariaDB CPU per booking, the least first,
 * as rankLabel ranks req/s (paired t tests on the per-repeat ratios, Holm's correction): sets row.database.rank
 * ({ position, shared, slower } or null, with row.database.unranked) and row.database.cpuMicros (its interval).
 * Returns the ties, [[stack, stack]…].
 */
export function rankDatabaseBound(rows) {
  const bound = rows.filter((r) => r.bottleneck?.bound === 'database' && r.database);
  for (const r of bound) {
    r.database.cpuMicros = figureInterval((r.repeats ?? []).filter(goodRepeat).map((x) => x.database?.perBooking?.cpuMicros ?? NaN));
  }
  const ranked = bound.filter((r) => r.database.cpuMicros.low != null && perDatabaseCpu(r).length >= MIN_REPEATS);
  const { slower } = separations(ranked, perDatabaseCpu);
  for (const r of bound) {
    r.database.rank = ranked.includes(r)
      ? { position: 1 + ranked.filter((o) => slower.get(o.stack).has(r.stack)).length, slower: [...slower.get(r.stack)] }
      : null;
    if (!r.database.rank) r.database.unranked = `${r.database.cpuMicros.n} repeats with MariaDB's figures, ${MIN_REPEATS} needed`;
  }
  for (const r of ranked) r.database.rank.shared = ranked.some((o) => o !== r && o.database.rank.position === r.database.rank.position);
  return databaseTiesOf(rows);
}

/** The pairs of rows ranked by MariaDB CPU per booking that it does not separate: [[stack, stack]…], least first. */
export function databaseTiesOf(rows) {
  const ranked = rows.filter((r) => r.database?.rank).sort((a, b) => a.database.rank.position - b.database.rank.position);
  const apart = (a, b) => a.database.rank.slower.includes(b.stack) || b.database.rank.slower.includes(a.stack);
  return ranked.flatMap((a, i) => ranked.slice(i + 1).filter((b) => !apart(a, b)).map((b) => [a.stack, b.stack]));
}

const separated = (a, b) => a.rank.slower.includes(b.stack) || b.rank.slower.includes(a.stack);

/** The pairs of ranked rows not separated (see separations): [[stack, stack]…], best first. */
export function tiesOf(rows) {
  const ranked = rows.filter((r) => r.rank?.slower).sort(byRank);
  return ranked.flatMap((a, i) => ranked.slice(i + 1).filter((b) => !separated(a, b)).map((b) => [a.stack, b.stack]));
}

/** Ranked rows first (by position, then median), the others after by req/s. */
export const byRank = (a, b) => (a.rank?.position ?? Infinity) - (b.rank?.position ?? Infinity)
  || (b.throughput?.median ?? -1) - (a.throughput?.median ?? -1);

/** rank as a table shows it: `1`, `=2`, or `–`. */
export const rankText = (row) => (row.rank ? `${row.rank.shared ? '=' : ''}${row.rank.position}` : '–');

/** Every HTTP label of a run: ranks set on its rows; { label: { reference, ties } }. ceilingRows: the nginx rows. */
export function rankRun(rows, ceilingRows = []) {
  const labels = [...new Set(rows.filter((r) => r.workload !== 'chat').map((r) => r.label))];
  return Object.fromEntries(labels.map((label) => {
    const group = rows.filter((r) => r.label === label);
    const ranking = rankLabel(group, ceilingRows.find((c) => c.label === label) ?? null);
    return [label, group[0].workload === 'bookings' ? { ...ranking, databaseTies: rankDatabaseBound(group) } : ranking];
  }));
}

/**
 * A run's intervals and ranks as the current rules make them, from the repeats it stored (in place): what
 * make report, make readme-results and make compare show of a run, whichever bench wrote it. Rows from before
 * repeats carried their own p99 are left as they were.
 */
export function refreshFigures(summary) {
  const rows = (summary.results ?? []).filter((r) => r.workload !== 'chat');
  const ceiling = summary.ceiling?.rows ?? [];
  if (!rows.some((r) => r.intervals)) return summary;
  for (const r of [...rows, ...ceiling]) {
    if (r.repeats?.every((x) => 'p99Ms' in x)) r.intervals = httpIntervals(r.repeats);
  }
  summary.ranking = rankRun(rows, ceiling);
  return summary;
}

/**
 * A stack's chat row against the chat relay's (the chat ceiling, ceilings/chat-relay.mjs) of the same scenario: per repeat,
 * its deliveries/s over the relay's and its p99 over the relay's, each as a median and interval (null without a relay
 * row with good repeats). A p99 ratio of 3 reads "three times the relay's latency" on the same CPUs and schedule.
 */
export function relayRatios(row, relayRow) {
  if (!relayRow || !relayRow.repeats?.some(goodRepeat)) return null;
  const p99s = (r) => (r?.repeats ?? []).filter(goodRepeat).filter((x) => x.latencyMs?.p99 > 0)
    .map((x) => ({ repeat: x.repeat, value: x.latencyMs.p99 }));
  const interval = (values) => (values.length ? figureInterval(values) : null);
  return { deliveries: interval(ratioPerRepeat(perRepeat(row), perRepeat(relayRow))), p99: interval(ratioPerRepeat(p99s(row), p99s(relayRow))) };
}
