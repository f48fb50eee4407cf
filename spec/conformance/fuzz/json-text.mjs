// JSON text the fuzzer builds itself, because JSON.stringify cannot write what the contract must decide on: a key
// twice in one object, whitespace anywhere, `\u` escapes of any character, numbers spelled exactly as chosen.
// A node is { str }, { num: '<literal>' }, { lit: 'true'|'false'|'null' }, { arr: [node] } or
// { obj: [[key, node]] } (entries in order, keys may repeat).
import fc from 'fast-check';

const HEX = (n) => n.toString(16).padStart(4, '0');

/** A string token: JSON.stringify's escaping, or every non-ASCII and control unit as \uXXXX (upper or lower hex). */
function stringToken(value, style) {
  if (style === 'plain') return JSON.stringify(value);
  let out = '"';
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    const ch = value[i];
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (unit < 0x20 || unit > 0x7e || (style === 'escape-all' && /[a-z]/i.test(ch))) {
      const hex = HEX(unit);
      out += `\\u${style === 'upper' ? hex.toUpperCase() : hex}`;
    } else out += ch;
  }
  return `${out}"`;
}

/** Serialises a node; `ws` is the whitespace put between tokens (the same throughout one text). */
export function render(node, { ws = '', strings = 'plain' } = {}) {
  if ('str' in node) return stringToken(node.str, strings);
  if ('num' in node) return node.num;
  if ('lit' in node) return node.lit;
  if ('arr' in node) return `[${ws}${node.arr.map((n) => render(n, { ws, strings })).join(`${ws},${ws}`)}${ws}]`;
  const entries = node.obj.map(([k, v]) => `${stringToken(k, strings)}${ws}:${ws}${render(v, { ws, strings })}`);
  return `{${ws}${entries.join(`${ws},${ws}`)}${ws}}`;
}

export const str = (s) => ({ str: s });
export const num = (n) => ({ num: String(n) });
export const obj = (entries) => ({ obj: entries });
export const arr = (items) => ({ arr: items });
export const NULL = { lit: 'null' };

// Characters from every class the echo's escaping rules name (spec/API.md §5.2), lone surrogates rarely.
const char = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.constantFrom('"', '\\', '/', '\u007f', '\u2028', '\u2029', '\u00e9', '\ufeff', '\u0000') },
  { weight: 2, arbitrary: fc.integer({ min: 0xa0, max: 0xd7ff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
);
export const text = (maxLength = 12) => fc.array(char, { maxLength }).map((cs) => cs.join(''));

/** A JSON value of any type, shallow: what a wrong-typed field gets. */
export const anyValue = fc.oneof(
  text(6).map(str),
  fc.constantFrom('0', '-1', '42', '1.5', '1e3', '-0', '12345678901234567890').map(num),
  fc.constantFrom('true', 'false', 'null').map((lit) => ({ lit })),
  fc.constant(arr([])),
  text(4).map((s) => arr([str(s)])),
  fc.constant(obj([])),
  text(4).map((s) => obj([['name', str(s)]])),
);

/**
 * The entries of an object that should hold `fields` ({ name: arbitrary of node }): each field present with its
 * own value (mostly), absent, null, of another type, or given twice (the first value anything); unknown keys and
 * case variants of known ones sometimes; the order shuffled.
 */
export function entriesOf(fields) {
  const perField = Object.entries(fields).map(([name, value]) => fc.oneof(
    { weight: 20, arbitrary: value.map((v) => [[name, v]]) },
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.constant([[name, NULL]]) },
    { weight: 1, arbitrary: anyValue.map((v) => [[name, v]]) },
    { weight: 2, arbitrary: fc.tuple(anyValue, value).map(([first, last]) => [[name, first], [name, last]]) },
    { weight: 1, arbitrary: fc.tuple(value, anyValue).map(([first, last]) => [[name, first], [name, last]]) },
  ));
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('extra', 'EventName', 'NAME', 'teams2', '', '__proto__', 'constructor'), anyValue).map((e) => [e]) },
  );
  const messy = fc.tuple(fc.tuple(...perField), extra, fc.nat()).map(([lists, more, seed]) => {
    const entries = [...lists.flat(), ...more];
    if (seed % 3 === 0) return entries; // the contract's order most of the time
    return entries.map((e, i) => [(seed * (i + 7)) % 101, e]).sort((a, b) => a[0] - b[0]).map(([, e]) => e);
  });
  // Half the objects are exactly what they should be, so that valid requests reach the deepest code too.
  const clean = fc.tuple(...Object.entries(fields).map(([name, value]) => value.map((v) => [name, v])));
  return fc.oneof(clean, messy);
}

/** How one text is written: whitespace between tokens and string escaping. */
export const style = fc.record({
  ws: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(' ', '\n', '\t', '\r\n  ') }),
  strings: fc.oneof({ weight: 6, arbitrary: fc.constant('plain') }, { weight: 1, arbitrary: fc.constantFrom('lower', 'upper', 'escape-all') }),
});

/** Byte-level damage to a body, rarely: a BOM, trailing data, truncation, an invalid UTF-8 byte, nothing at all. */
export const damage = fc.oneof(
  { weight: 30, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant({ bom: true }) },
  { weight: 1, arbitrary: fc.constantFrom(' ', '\n', ' x', '{}', ',', '\u0000').map((tail) => ({ tail })) },
  { weight: 1, arbitrary: fc.nat().map((cut) => ({ cut })) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.constantFrom(0x80, 0xc0, 0xc3, 0xe2, 0xed, 0xf4, 0xf5, 0xff)).map(([at, byte]) => ({ at, byte })) },
  { weight: 1, arbitrary: fc.constant({ empty: true }) },
);

export function damaged(textBody, how) {
  let bytes = Buffer.from(textBody, 'utf8');
  if (!how) return bytes;
  if (how.empty) return Buffer.alloc(0);
  if (how.bom) return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
  if (how.tail !== undefined) return Buffer.concat([bytes, Buffer.from(how.tail)]);
  if (how.cut !== undefined) return bytes.subarray(0, how.cut % Math.max(1, bytes.length));
  const at = how.at % Math.max(1, bytes.length);
  bytes = Buffer.from(bytes);
  bytes[at] = how.byte;
  return bytes;
}
