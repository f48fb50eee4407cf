// Reads a JMeter CSV JTL (with its header line) as a stream: only what the summary needs is kept, so a
// million-sample file costs one number per sample. Fields are RFC 4180: a quoted field may hold commas,
// doubled quotes and line breaks (labels, thread names and response messages can contain any of them).
import { createReadStream } from 'node:fs';

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

/**
 * Summarises a JTL: samples, errors (success != "true"), elapsed values, first start and last end
 * (timeStamp is the sample's start in epoch ms, JMeter's default), and the response codes of failures.
 */
export async function readJtl(path) {
  const result = { samples: 0, errors: 0, elapsed: [], firstStart: Infinity, lastEnd: -Infinity, errorCodes: {} };
  let columns = null;
  const parser = csvParser((fields) => {
    if (!columns) {
      columns = Object.fromEntries(fields.map((name, i) => [name, i]));
      for (const need of ['timeStamp', 'elapsed', 'success']) {
        if (columns[need] === undefined) throw new Error(`${path}: JTL header lacks "${need}"`);
      }
      return;
    }
    const start = Number(fields[columns.timeStamp]);
    const elapsed = Number(fields[columns.elapsed]);
    result.samples++;
    result.elapsed.push(elapsed);
    if (start < result.firstStart) result.firstStart = start;
    if (start + elapsed > result.lastEnd) result.lastEnd = start + elapsed;
    if (fields[columns.success] !== 'true') {
      result.errors++;
      const code = columns.responseCode === undefined ? '?' : fields[columns.responseCode];
      result.errorCodes[code] = (result.errorCodes[code] || 0) + 1;
    }
  });
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) parser.feed(chunk);
  parser.end();
  if (!columns) throw new Error(`${path}: empty JTL`);
  return result;
}
