#!/usr/bin/env node
// The bookings request bodies: Booking files (spec/booking.proto) from a seeded generator, binary protobuf as the
// seed sent them and, one booking in ten, its proto3 JSON (the contract's other encoding), plus the indexes
// the generators read: the CSV of plan.jmx's CSV Data Set and the Lua table of wrk/bookings.lua (one entry per
// request, recycled, each with its Content-Type), and the TSV of the bookings ceiling (bookings-ceiling/: the same
// bookings with their allocations worked out). Same seed → same bytes, so runs
// compare; the hot products make concurrent requests fight over the same aggregates rows (the FOR UPDATE
// path), the rest spread the load over 5 models × 4 trims and 1 day .. 3 year intervals in 2000-2049.
// Usage: node loadtest/generators/corpus.mjs [dir = .run/corpus] [count = 2000] [seed = 42]
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { ROOT, RUN_DIR } from '../../harness/lib/stacks.mjs';
import { allocate, formatCents, toCents } from '../../spec/lib/allocation.mjs';

export const MODELS = ['Corolla', 'Camry', 'RAV4', 'Prius', 'Yaris'];
export const TRIMS = ['L', 'LE', 'SE', 'XLE'];
export const HOT_KEYS = [['Corolla', 'LE'], ['RAV4', 'XLE']];
const HOT_SHARE = 0.4;
const MAX_DAYS = 1095; // 3 × 365 days, counted inclusively: never longer than three calendar years
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2000, 0, 1) / DAY_MS;
const LAST_DAY = Date.UTC(2049, 11, 31) / DAY_MS;
const HOT_FIRST_DAY = Date.UTC(2024, 0, 1) / DAY_MS; // hot bookings start in 2024-2025: shared periods
const HOT_LAST_START = Date.UTC(2025, 11, 31) / DAY_MS;

export const Booking = protobuf.loadSync(join(ROOT, 'spec/booking.proto')).lookupType('bench.bookings.Booking');

// mulberry32: tiny, fast, and the same sequence on every machine (Math.random is neither seeded nor stable).
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isoDay = (day) => new Date(day * DAY_MS).toISOString().slice(0, 10);

function dollars(random) {
  const cents = 1 + Math.floor(random() * 10_000_000); // 0.01 .. 100000.00: totals stay far below DECIMAL(19,2)
  const style = random();
  if (style < 0.1) return String(Math.max(1, Math.floor(cents / 100))); // "1234"
  const tenths = Math.max(1, Math.floor(cents / 10));
  if (style < 0.2) return `${Math.floor(tenths / 10)}.${tenths % 10}`; // "1234.5"
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function generateBookings({ count = 2000, seed = 42 } = {}) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const bookings = [];
  for (let i = 0; i < count; i++) {
    // The first 20 cover every product once, and the first two the shortest and longest interval.
    const hot = i >= 20 && random() < HOT_SHARE;
    const [model, trim] = i < 20 ? [MODELS[Math.floor(i / 4)], TRIMS[i % 4]] : hot ? pick(HOT_KEYS) : [pick(MODELS), pick(TRIMS)];
    const days = i === 0 ? 1 : i === 1 ? MAX_DAYS : Math.max(1, Math.round(Math.exp(random() * Math.log(MAX_DAYS))));
    const [from, to] = hot ? [HOT_FIRST_DAY, HOT_LAST_START] : [FIRST_DAY, LAST_DAY - days + 1];
    const start = from + Math.floor(random() * (to - from + 1));
    const booking = {
      bookingId: `B${seed}-${String(i).padStart(6, '0')}`,
      dollarValue: dollars(random),
      startDate: isoDay(start),
      endDate: isoDay(start + days - 1),
      originTs: 1_700_000_000_000 + i * 1000 + Math.floor(random() * 1000),
      model,
      trim,
    };
    if (i > 0 && random() < 0.1) booking.parentId = `B${seed}-${String(Math.floor(random() * i)).padStart(6, '0')}`;
    if (random() < 0.3) booking.stage = pick(['quote', 'order', 'delivered']);
    if (random() < 0.3) booking.type = pick(['retail', 'fleet']);
    bookings.push(booking);
  }
  return bookings;
}

export const encodeBooking = (booking) => Buffer.from(Booking.encode(Booking.fromObject(booking)).finish());
// proto3 JSON: lowerCamelCase names, the int64 as a decimal string.
export const jsonBooking = (booking) => Buffer.from(JSON.stringify({ ...booking, originTs: String(booking.originTs) }));
export const PROTOBUF = 'application/x-protobuf';
export const JSON_TYPE = 'application/json';
const isJson = (i) => i % 10 === 9;

// A Lua string literal of any bytes: printable ASCII as itself, everything else as a 3-digit decimal escape.
const luaString = (bytes) => `"${[...bytes].map((b) => (b >= 32 && b < 127 && b !== 34 && b !== 92
  ? String.fromCharCode(b) : `\\${String(b).padStart(3, '0')}`)).join('')}"`;

// One TSV line of the bookings ceiling: the columns of the bookings row in the INSERT's order (origin_ts as epoch
// millis, an absent optional field as \N, as LOAD DATA writes NULL), then the allocations of spec/API.md §6.3 as
// `period:amount` pairs, the amounts a stack computes. The corpus never holds a tab, newline or backslash; a
// booking that did would be written wrong, so it is refused.
const OPTIONAL = new Set(['parentId', 'stage', 'type']);
const TSV_COLUMNS = ['bookingId', 'dollarValue', 'startDate', 'endDate', 'originTs', 'parentId', 'model', 'trim', 'stage', 'type'];
function tsvLine(booking) {
  const fields = TSV_COLUMNS.map((key) => (OPTIONAL.has(key) && booking[key] === undefined ? '\\N' : String(booking[key])));
  const bad = fields.find((field) => field !== '\\N' && /[\t\n\r\\]/.test(field));
  if (bad !== undefined) throw new Error(`a TSV field cannot hold a tab, newline or backslash: ${JSON.stringify(bad)}`);
  const allocations = allocate(toCents(booking.dollarValue), booking.startDate, booking.endDate)
    .map(({ period, cents }) => `${period}:${formatCents(cents)}`);
  return [...fields, allocations.join(',')].join('\t');
}

// Rewrites only what differs, so a second call with the same arguments touches nothing.
function writeIfChanged(file, bytes) {
  if (existsSync(file) && readFileSync(file).equals(bytes)) return;
  writeFileSync(file, bytes);
}

export async function writeCorpus(dir, { count = 2000, seed = 42 } = {}) {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  const names = new Set();
  const rows = ['bookingFile,bookingId,model,trim,contentType'];
  const lua = ['return {'];
  const tsv = [];
  for (const [i, booking] of generateBookings({ count, seed }).entries()) {
    const [type, body, ext] = isJson(i) ? [JSON_TYPE, jsonBooking(booking), 'json'] : [PROTOBUF, encodeBooking(booking), 'bin'];
    const name = `booking-${String(i).padStart(6, '0')}.${ext}`;
    names.add(name);
    writeIfChanged(join(root, name), body);
    // Absolute paths: JMeter resolves relative ones against the plan's directory, not the CSV's.
    rows.push([join(root, name), booking.bookingId, booking.model, booking.trim, type].join(','));
    lua.push(`{ "${type}", ${luaString(body)} },`);
    tsv.push(tsvLine(booking));
  }
  for (const stale of readdirSync(root).filter((n) => /^booking-\d+\.(bin|json)$/.test(n) && !names.has(n))) {
    rmSync(join(root, stale));
  }
  lua.push('}');
  const csv = join(root, 'bookings.csv');
  writeIfChanged(csv, Buffer.from(rows.join('\n') + '\n'));
  writeIfChanged(join(root, 'bookings.lua'), Buffer.from(lua.join('\n') + '\n'));
  writeIfChanged(join(root, 'bookings.tsv'), Buffer.from(tsv.join('\n') + '\n'));
  return csv;
}

/** The Lua index wrk/bookings.lua reads, beside the CSV writeCorpus returns. */
export const luaCorpusOf = (csv) => join(dirname(csv), 'bookings.lua');

/** The TSV index the bookings ceiling (bookings-ceiling/) reads, beside the CSV writeCorpus returns. */
export const tsvCorpusOf = (csv) => join(dirname(csv), 'bookings.tsv');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = join(RUN_DIR, 'corpus'), count = '2000', seed = '42'] = process.argv.slice(2);
  console.log(await writeCorpus(dir, { count: Number(count), seed: Number(seed) }));
}
