// Chat cases (spec/API.md §7): a member registers and sends frames, valid and not; sometimes a second member then
// takes the first one's name. Compared per member: the relayed frames (exact text), the taken-name frame, and the
// close code. Other system frames' text is free, and one before 1003 or 1009 is optional, so those are folded.
// Each member ends with a frame of its own ("sync") whose relay, or the close it causes, says that the server
// has dealt with everything before it.
import fc from 'fast-check';
import WebSocket from 'ws';
import { text } from './json-text.mjs';

const TAKEN = 'A user with that name already exists';

/** The fuzzer's check a stack may name in a deviation (spec/API.md §7.4, §10): its member reads a reset instead. */
export const READS_ON_AFTER_CLOSE = 'After the close frame of a violation the server keeps reading until the peer answers it with its own close frame';

/** Whether `verdict` differs from `reference` only where a member got a reset (1006) instead of its close. */
export const onlyResets = (verdict, reference) => verdict.length === reference.length
  && verdict.every((v, i) => v.close === 1006 ? reference[i].close !== 'open' : JSON.stringify(v) === JSON.stringify(reference[i]));
const WAIT_MS = 5_000;

// Names are made unique per case by the runner (`tag`) without changing whether they fit 64 code points.
const nameKind = fc.oneof({ weight: 10, arbitrary: fc.constant('ok') },
  { weight: 1, arbitrary: fc.constantFrom('64', '65', '64-astral', '65-astral', 'empty', 'number', 'null', 'missing') });
const nameFor = (kind, tag) => {
  const unique = `u${tag}`;
  if (kind === '64' || kind === '65') return unique.padEnd(Number(kind), 'é');
  if (kind === '64-astral' || kind === '65-astral') return unique + '😀'.repeat(Number(kind.slice(0, 2)) - unique.length);
  return { ok: unique, empty: '', number: 42, null: null, missing: undefined }[kind];
};

const registration = fc.record({
  name: nameKind, room: fc.constantFrom('ok', 'ok', 'ok', '64', '65', 'empty', 'number'),
  extra: fc.constantFrom(null, null, null, 'message', 'other'),
  shape: fc.constantFrom('object', 'object', 'object', 'object', 'object', 'object', 'not-json', 'array', 'string', 'binary', 'empty-text'),
});

const frame = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('message'), message: text(20), spaced: fc.boolean(), extra: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constantFrom('wrong-name', 'wrong-room', 'message-number', 'message-null', 'no-message', 'not-json',
    'array', 'binary', 'too-big', 'largest').map((kind) => ({ kind })) },
);

export const chatCase = fc.record({
  first: registration, frames: fc.array(frame, { maxLength: 4 }),
  second: fc.option(fc.constantFrom('takes-name', 'other-room'), { freq: 3 }),
});

function registrationFrame(r, tag) {
  if (r.shape === 'binary') return { binary: Buffer.from('{"name":"x","chat":"y"}') };
  if (r.shape === 'not-json') return { text: 'hello' };
  if (r.shape === 'array') return { text: '[]' };
  if (r.shape === 'string') return { text: '"x"' };
  if (r.shape === 'empty-text') return { text: '' };
  const room = { ok: `room${tag}`, 64: `r${tag}`.padEnd(64, 'ø'), 65: `r${tag}`.padEnd(65, 'ø'), empty: '', number: 7 }[r.room];
  const reg = { name: nameFor(r.name, tag), chat: room };
  if (r.extra === 'message') reg.message = 'hi';
  if (r.extra === 'other') reg.color = 'red';
  return { text: JSON.stringify(reg) };
}

function messageFrame(f, name, room) {
  switch (f.kind) {
    case 'message': {
      const m = { name, chat: room, message: f.message, ...(f.extra ? { at: 1 } : {}) };
      return { text: f.spaced ? JSON.stringify(m, null, 1) : JSON.stringify(m) };
    }
    case 'wrong-name': return { text: JSON.stringify({ name: `${name}x`, chat: room, message: 'm' }) };
    case 'wrong-room': return { text: JSON.stringify({ name, chat: `${room}x`, message: 'm' }) };
    case 'message-number': return { text: JSON.stringify({ name, chat: room, message: 5 }) };
    case 'message-null': return { text: JSON.stringify({ name, chat: room, message: null }) };
    case 'no-message': return { text: JSON.stringify({ name, chat: room }) };
    case 'not-json': return { text: '{"name":' };
    case 'array': return { text: '[1]' };
    case 'binary': return { binary: Buffer.from([1, 2, 3]) };
    case 'too-big': return { text: JSON.stringify({ name, chat: room, message: 'x'.repeat(65_537) }) };
    default: { // the largest frame the contract accepts: exactly 65,536 bytes
      const shell = JSON.stringify({ name, chat: room, message: '' });
      return { text: JSON.stringify({ name, chat: room, message: 'y'.repeat(65_536 - Buffer.byteLength(shell)) }) };
    }
  }
}

/** One member: connect, send its frames until the server closes, then the sync; resolves with what it saw. */
function member(url, frames, sync) {
  return new Promise((resolve) => {
    const seen = [];
    let closeCode = null;
    let error = null;
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/chat`, { perMessageDeflate: false, maxPayload: 1 << 20 });
    const timer = setTimeout(() => { error = `no relay of the sync frame and no close within ${WAIT_MS} ms`; ws.terminate(); }, WAIT_MS);
    const finish = () => { clearTimeout(timer); resolve({ seen, closeCode, error }); };
    ws.on('error', (e) => { error ??= `connection: ${e.message}`; });
    ws.on('close', (code) => { closeCode ??= code; finish(); });
    ws.on('message', (data, isBinary) => {
      const t = isBinary ? `binary(${data.length})` : data.toString('utf8');
      if (t === sync.text) { closeCode = 'open'; ws.close(1000); return; }
      seen.push(t);
    });
    ws.on('open', () => {
      for (const f of [...frames, sync]) {
        if (ws.readyState !== WebSocket.OPEN) break;
        if (f.binary) ws.send(f.binary, { binary: true });
        else ws.send(f.text);
      }
    });
  });
}

/** A member's view reduced to what the contract fixes; a 1008 without a system frame is a problem. */
function view({ seen, closeCode, error }, problems) {
  const frames = seen.map((t) => {
    try {
      const parsed = JSON.parse(t);
      if (parsed?.type === 'system' && typeof parsed.message === 'string' && Object.keys(parsed).length === 2) {
        return parsed.message === TAKEN ? 'system: taken' : 'system';
      }
    } catch { /* a relayed frame need not be JSON the client can read */ }
    return t.length > 200 ? `${t.slice(0, 100)}…(${t.length})` : t;
  });
  if (closeCode === 1003 || closeCode === 1009) while (frames.at(-1) === 'system') frames.pop();
  if (closeCode === 1008 && !frames.at(-1)?.startsWith('system')) problems.push('closed 1008 without a system frame before it');
  if (error) problems.push(error);
  return { frames, close: closeCode };
}

/** A member registered as `name` in `room`, once the relay of its own first message says so. */
function holding(url, name, room) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/chat`, { perMessageDeflate: false });
    const timer = setTimeout(() => resolve(ws), WAIT_MS);
    ws.on('error', () => {});
    ws.on('open', () => {
      ws.send(JSON.stringify({ name, chat: room }));
      ws.send(JSON.stringify({ name, chat: room, message: 'here' }));
    });
    ws.on('message', () => { clearTimeout(timer); resolve(ws); });
  });
}

/** Runs one case against one target: { verdict, problems, shown }. `tag` makes its names and rooms its own. */
export async function runChat(url, c, tag) {
  const problems = [];
  const first = registrationFrame(c.first, tag);
  const name = nameFor(c.first.name, tag);
  const room = `room${tag}`; // rooms of its own too: members of other cases may not have left theirs yet
  const frames = [first, ...c.frames.map((f) => messageFrame(f, name, room))];
  const sync = { text: JSON.stringify({ name, chat: room, message: `sync ${tag}` }) };
  const views = [view(await member(url, frames, sync), problems)];
  if (c.second) {
    // The first member is gone by now; the second takes its name while a third holds it again.
    const holder = nameFor('ok', `${tag}h`);
    const hold = await holding(url, holder, `hold${tag}`);
    const asName = c.second === 'takes-name' ? holder : `${holder}b`;
    const secondRoom = c.second === 'other-room' ? `other${tag}` : `hold${tag}`;
    views.push(view(await member(url, [{ text: JSON.stringify({ name: asName, chat: secondRoom }) }],
      { text: JSON.stringify({ name: asName, chat: secondRoom, message: `sync ${tag}` }) }), problems));
    hold.close(1000);
  }
  const verdict = views.map((v) => ({ ...v, frames: v.frames.map((f) => f.replaceAll(tag, '<tag>')) }));
  return { verdict, problems, shown: JSON.stringify(verdict).slice(0, 400) };
}
