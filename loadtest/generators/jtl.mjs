// Reads a JMeter CSV JTL (with its header line) as a stream: only what the summary needs is kept, so a
// million-sample file costs one number per sample. Fields are RFC 4180: a quoted field may hold commas,
// doubled quotes and line breaks (labels, thread names and response messages can contain any of them).
// One JMeter process runs ramp-up, warm-up and the measured window back to back (a warm JVM on both sides),
// so the reader keeps only samples that START inside [from, to) and can write them to a trimmed JTL.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** Splits CSV text into records; feed() chunks in order, then end(). Calls onRecord(fields) per record. */
export function csvParser(onRecord) {
  let field = '';
  let fields = [];
  let quoted = false;
  let afterQuote = false;
  const endField = () => { fields.push(field); field = ''; afterQuote = false; };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '')) onRecord(fields);
    fields = [];
  };
  return {
    feed(text) {
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (quoted) {
          if (c !== '"') field += c;
          else { quoted = false; afterQuote = true; }
          // A quote right after a closing quote is an escaped one (""): decided on the next character, so an
          // escape split across two chunks reads the same.
        } else if (c === '"' && afterQuote) { field += '"'; quoted = true; afterQuote = false; }
        else if (c === '"' && field === '') quoted = true;
        else if (c === ',') endField();
        else if (c === '\n') endRecord();
        else if (c !== '\r') { field += c; afterQuote = false; }
      }
    },
    end() {
      if (field !== '' || fields.length) endRecord();
    },
  };
}

const csvLine = (fields) => `${fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',')}\n`;

// Calls onSample({ fields, start, elapsed, bytes }) per well-formed record; returns { columns, malformed }.
// A record whose field count differs from the header or whose numbers are not numbers (the half-written last
// line of a JTL cut short) is skipped and counted, never read as a sample.
async function scan(path, onSample) {
  let columns = null;
  let width = 0;
  let malformed = 0;
  const parser = csvParser((fields) => {
    if (!columns) {
      columns = Object.fromEntries(fields.map((name, i) => [name, i]));
      width = fields.length;
      for (const need of ['timeStamp', 'elapsed', 'success']) {
        if (columns[need] === undefined) throw new Error(`${path}: JTL header lacks "${need}"`);
      }
      return;
    }
    const num = (name) => (columns[name] === undefined ? 0 : fields[columns[name]] === '' ? NaN : Number(fields[columns[name]]));
    const sample = { fields, start: num('timeStamp'), elapsed: num('elapsed'), bytes: num('bytes') };
    if (fields.length !== width || [sample.start, sample.elapsed, sample.bytes].some(Number.isNaN)) { malformed++; return; }
    onSample(sample, columns);
  });
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) parser.feed(chunk);
  parser.end();
  if (!columns) throw new Error(`${path}: empty JTL`);
  return { columns, malformed };
}

/** The earliest sample start of a JTL (epoch ms): the moment JMeter's first user began, Infinity if none. */
export async function firstStartOf(path) {
  let first = Infinity;
  await scan(path, (s) => { if (s.start < first) first = s.start; });
  return first;
}

/**
 * Summarises the samples that start in [from, to) (timeStamp is the start, sampleresult.timestamp.start):
 * samples, successes, errors (success != "true", or a body shorter than minBytes) with their response codes,
 * the successful samples' elapsed values, first start and last end. Over the whole file: `before`/`after`
 * (samples outside the window), `malformed` records and `codes` (every response code, for the 201 count of
 * the bookings invariant). `trimmed`: a path to write the header and the window's records to.
 */
export async function readJtl(path, { from = -Infinity, to = Infinity, minBytes = 0, trimmed = null } = {}) {
  const result = { samples: 0, successes: 0, errors: 0, elapsed: [], firstStart: Infinity, lastEnd: -Infinity,
    errorCodes: {}, before: 0, after: 0, malformed: 0, codes: {} };
  const out = trimmed && createWriteStream(trimmed);
  let header = false;
  const { malformed } = await scan(path, ({ fields, start, elapsed, bytes }, columns) => {
    if (out && !header) { out.write(csvLine(Object.keys(columns))); header = true; }
    const code = columns.responseCode === undefined ? '?' : fields[columns.responseCode];
    result.codes[code] = (result.codes[code] || 0) + 1;
    if (start < from) { result.before++; return; }
    if (start >= to) { result.after++; return; }
    if (out) out.write(csvLine(fields));
    result.samples++;
    if (start < result.firstStart) result.firstStart = start;
    if (start + elapsed > result.lastEnd) result.lastEnd = start + elapsed;
    const short = fields[columns.success] === 'true' && bytes < minBytes;
    if (fields[columns.success] === 'true' && !short) {
      result.successes++;
      result.elapsed.push(elapsed);
    } else {
      result.errors++;
      const key = short ? `short body (< ${minBytes} bytes)` : code;
      result.errorCodes[key] = (result.errorCodes[key] || 0) + 1;
    }
  });
  result.malformed = malformed;
  if (out) {
    if (!header) out.write('timeStamp,elapsed,label,responseCode,success,bytes\n');
    out.end();
    await once(out, 'finish');
  }
  return result;
}

/**
 * Samples that ended without an HTTP status (JMeter interrupting the last in-flight requests when its duration
 * ends, a timeout, a reset): the server may or may not have acted on them.
 */
export function unanswered(codes) {
  return Object.entries(codes).filter(([code]) => !/^[1-5]\d\d$/.test(code)).reduce((n, [, count]) => n + count, 0);
}
