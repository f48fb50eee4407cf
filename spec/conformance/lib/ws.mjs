// WebSocket client for the chat clauses: every wait has a timeout, every received text frame is kept
// in order so tests can count frames (the contract forbids anything but relayed messages).
import WebSocket from 'ws';
import { baseUrl } from './config.mjs';

export const chatUrl = `ws://${baseUrl.host}/chat`;

const live = new Set();

/** Drops every client still open, e.g. after a failed assertion; test files call it in after(). */
export function closeAllClients() {
  for (const client of live) client.close();
}

export class ChatClient {
  constructor(ws) {
    this.ws = ws;
    live.add(this);
    this.frames = [];
    this.waiters = [];
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => {
      live.delete(this);
      this.closeCode = code;
      resolve({ code, reason: reason.toString() });
    }));
    ws.on('error', () => {}); // surfaced as close code 1006 through `closed`
    ws.on('message', (data, isBinary) => {
      // The server never sends binary frames; one is kept as a marker so that frame counts notice it.
      this.frames.push(isBinary ? `<binary frame of ${data.length} bytes>` : data.toString('utf8'));
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static open(url = chatUrl, options = {}) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { handshakeTimeout: 5_000, maxPayload: 256 * 1024 * 1024, ...options });
      const client = new ChatClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with HTTP ${res.statusCode}`)));
    });
  }

  /** A message frame from this registered client. */
  say(message) {
    const text = JSON.stringify({ name: this.name, chat: this.room, message });
    this.send(text);
    return text;
  }

  send(data) {
    this.ws.send(typeof data === 'string' || Buffer.isBuffer(data) ? data : JSON.stringify(data), { binary: Buffer.isBuffer(data) });
  }

  /** Resolves once `count` text frames have arrived in total; rejects after `timeout` ms. */
  async waitFrames(count, timeout = 5_000) {
    const deadline = Date.now() + timeout;
    while (this.frames.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} frames within ${timeout} ms, got ${this.frames.length}`);
      await new Promise((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
    return this.frames.slice(0, count);
  }

  /** The close code and reason the server sent; rejects if the socket is still open after `timeout` ms. */
  waitClose(timeout = 5_000) {
    let timer;
    const expired = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`connection still open after ${timeout} ms`)), timeout); });
    return Promise.race([this.closed, expired]).finally(() => clearTimeout(timer));
  }

  close() {
    live.delete(this);
    if (this.ws.readyState !== WebSocket.CLOSED) this.ws.terminate();
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** How long "nothing else arrives" is watched for. */
export const SETTLE_MS = 300;

/**
 * Registers `name` in `room` and proves it took: the client's own message comes back (the contract has no
 * registration ack). Returns the open client with no frames pending.
 */
export async function join(name, room) {
  const client = await ChatClient.open();
  client.send({ name, chat: room });
  const probe = JSON.stringify({ name, chat: room, message: `hello from ${name}` });
  client.send(probe);
  const [first] = await client.waitFrames(1).catch((err) => { client.close(); throw err; });
  if (first !== probe) {
    client.close();
    throw new Error(`registration of ${name} in ${room} failed, got: ${first.slice(0, 200)}`);
  }
  client.frames.length = 0;
  client.name = name;
  client.room = room;
  return client;
}

/** Joins `names` to `room` one after the other; every member's frame list is empty once it resolves. */
export async function joinRoom(names, room) {
  const clients = [];
  for (const name of names) clients.push(await join(name, room));
  // Earlier members also received the later members' registration probes.
  await Promise.all(clients.map((c, i) => c.waitFrames(names.length - 1 - i)));
  for (const c of clients) c.frames.length = 0;
  return clients;
}

/**
 * True once `name` can be registered again; the server learns of a close a moment after the client. The probe
 * that proved it leaves with a close handshake, so the name is free again when this resolves.
 */
export async function nameIsFree(name, room) {
  const deadline = Date.now() + 1_000;
  for (;;) {
    try {
      const probe = await join(name, room);
      probe.ws.close(1000);
      await probe.waitClose();
      return true;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(50);
    }
  }
}
