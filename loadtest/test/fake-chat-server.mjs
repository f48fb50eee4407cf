// A tiny WebSocket chat server for the chat client's tests: §7's relay (register, then every frame to every
// member of the room, the sender included), written on node:http alone, with faults injected on purpose.
// faults: { drop, duplicate, delay } — sets of "<sender>><recipient>#<seq>" (user indexes from the client's
// "<prefix>-u<i>" names): drop never delivers that frame, duplicate delivers it twice, delay holds it until the
// next frame of the same sender to the same recipient has gone (so it arrives out of order). Not a conformant server: tests only.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

function frame(opcode, payload) {
  const len = payload.length;
  const head = len < 126 ? Buffer.from([0x80 | opcode, len])
    : len < 65536 ? Buffer.from([0x80 | opcode, 126, len >> 8, len & 255])
      : (() => { const b = Buffer.alloc(10); b[0] = 0x80 | opcode; b[1] = 127; b.writeBigUInt64BE(BigInt(len), 2); return b; })();
  return Buffer.concat([head, payload]);
}

// Complete client frames out of `buffer`: [{ opcode, payload }], and the unread rest.
function readFrames(buffer) {
  const frames = [];
  let at = 0;
  while (buffer.length - at >= 2) {
    const opcode = buffer[at] & 0x0f;
    let len = buffer[at + 1] & 0x7f;
    let p = at + 2;
    if (len === 126) { if (buffer.length - p < 2) break; len = buffer.readUInt16BE(p); p += 2; }
    else if (len === 127) { if (buffer.length - p < 8) break; len = Number(buffer.readBigUInt64BE(p)); p += 8; }
    if (buffer.length - p < 4 + len) break;
    const mask = buffer.subarray(p, p + 4);
    const payload = Buffer.from(buffer.subarray(p + 4, p + 4 + len));
    for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i % 4];
    frames.push({ opcode, payload });
    at = p + 4 + len;
  }
  return { frames, rest: buffer.subarray(at) };
}

export function startFakeChatServer({ drop = [], duplicate = [], delay = [] } = {}) {
  const faults = { drop: new Set(drop), duplicate: new Set(duplicate), delay: new Set(delay) };
  const rooms = new Map(); // room → Set of members
  const server = createServer((req, res) => { res.writeHead(426); res.end(); });
  const sockets = new Set();
  server.on('upgrade', (req, socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const accept = createHash('sha1').update(req.headers['sec-websocket-key'] + GUID).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    const member = { socket, user: null, index: -1, held: new Map() }; // sender → frames held back
    const send = (text, senderIndex) => {
      socket.write(frame(1, Buffer.from(text)));
      const held = member.held.get(senderIndex) ?? [];
      member.held.delete(senderIndex);
      for (const h of held) socket.write(frame(1, Buffer.from(h)));
    };
    member.deliver = (text, senderIndex, seq) => {
      const key = `${senderIndex}>${member.index}#${seq}`;
      if (faults.drop.has(key)) return;
      if (faults.delay.has(key)) { member.held.set(senderIndex, [...(member.held.get(senderIndex) ?? []), text]); return; }
      send(text, senderIndex);
      if (faults.duplicate.has(key)) send(text, senderIndex);
    };
    let pending = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      const { frames, rest } = readFrames(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const { opcode, payload } of frames) {
        if (opcode === 8) { socket.end(frame(8, payload.subarray(0, 2))); continue; }
        if (opcode !== 1) continue;
        const text = payload.toString('utf8');
        const msg = JSON.parse(text);
        if (!member.user) {
          member.user = msg;
          member.index = Number(/-u(\d+)$/.exec(msg.name)[1]);
          if (!rooms.has(msg.chat)) rooms.set(msg.chat, new Set());
          rooms.get(msg.chat).add(member);
          continue;
        }
        const [senderIndex, seq] = msg.message.split(' ');
        for (const m of rooms.get(member.user.chat)) m.deliver(text, senderIndex, seq);
      }
    });
    socket.on('close', () => { if (member.user) rooms.get(member.user.chat)?.delete(member); });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    port: server.address().port,
    close: () => new Promise((done) => { for (const s of sockets) s.destroy(); server.close(done); }),
  })));
}
