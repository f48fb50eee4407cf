'use strict';

// The real cluster (node src/primary.js, 2 workers, the database on 127.0.0.1:3307): chat members on
// different worker processes share names and rooms through the primary. Needs `ss` and the static tree.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const WebSocket = require(require.resolve('ws', { paths: [path.join(__dirname, '../../node-express')] }));

const PORT = 18086;
const URL = `ws://127.0.0.1:${PORT}/chat`;
const TAKEN = '{"type":"system","message":"A user with that name already exists"}';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const run = Date.now().toString(36);
const unique = (prefix) => `${prefix}-${run}-${Math.random().toString(36).slice(2, 8)}`;

let primary;
let exited;
const clients = new Set();

function withTimeout(promise, ms, what) {
  let timer;
  const expired = new Promise(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms)),
  );
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

function workerPids() {
  try {
    return execFileSync('ps', ['--ppid', String(primary.pid), '-o', 'pid='], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
}

before(async () => {
  primary = spawn(process.execPath, ['src/primary.js'], {
    cwd: path.join(__dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      WORKERS: '2',
      DB_POOL_SIZE: '4',
      STATIC_ROOT: '/work/main/.run/static',
      DB_HOST: '127.0.0.1',
      DB_PORT: '3307',
      DB_NAME: 'bench',
      DB_USER: 'bench',
      DB_PASSWORD: 'bench',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => primary.once('exit', (code, signal) => resolve({ code, signal })));
  let out = '';
  primary.stderr.on('data', (d) => (out += d));
  const line = await withTimeout(
    new Promise((resolve, reject) => {
      primary.stdout.on('data', (d) => {
        out += d;
        const first = out.split('\n')[0];
        if (out.includes('\n')) resolve(first);
      });
      exited.then(({ code }) => reject(new Error(`cluster exited with ${code}: ${out}`)));
    }),
    10_000,
    'start-up line',
  );
  assert.match(
    line,
    new RegExp(`^node-cluster listening on port ${PORT}, workers=2, db pool=4, node v\\d+\\.\\d+\\.\\d+$`),
  );
});

after(async () => {
  for (const c of clients) c.ws.terminate();
  if (primary.exitCode === null && primary.signalCode === null) {
    for (const pid of workerPids())
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    primary.kill('SIGKILL');
  }
});

class Client {
  static async open() {
    const ws = new WebSocket(URL, { handshakeTimeout: 5_000 });
    const client = new Client(ws);
    await withTimeout(
      new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      }),
      5_000,
      'open',
    );
    return client;
  }

  constructor(ws) {
    this.ws = ws;
    this.frames = [];
    this.waiters = [];
    clients.add(this);
    ws.on('error', () => {});
    ws.on('message', (data) => {
      this.frames.push(data.toString('utf8'));
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code) => {
        clients.delete(this);
        resolve(code);
      }),
    );
  }

  // The worker serving this connection: the pid that owns the server side of its TCP connection.
  pid() {
    const port = this.ws._socket.localPort;
    const out = execFileSync(
      'ss',
      ['-tnpH', 'state', 'established', `( dport = :${port} or sport = :${PORT} )`],
      { encoding: 'utf8' },
    );
    const line = out.split('\n').find((l) => l.includes(`:${PORT} `) && l.includes(`:${port} `));
    const pid = Number(/pid=(\d+)/.exec(line ?? '')?.[1]);
    assert.ok(pid, `no server-side owner for client port ${port} in:\n${out}`);
    return pid;
  }

  send(text) {
    this.ws.send(text);
    return text;
  }

  say(message) {
    return this.send(JSON.stringify({ name: this.name, chat: this.room, message }));
  }

  async waitFrames(count, timeout = 5_000) {
    const deadline = Date.now() + timeout;
    while (this.frames.length < count) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`expected ${count} frames within ${timeout} ms, got ${this.frames.length}`);
      await new Promise((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.frames.slice(0, count);
  }

  waitClose(timeout = 5_000) {
    return withTimeout(this.closed, timeout, 'close');
  }
}

// Registers and proves it took: the client's own probe comes back (the protocol has no ack).
async function join(name, room, client) {
  client ??= await Client.open();
  client.send(JSON.stringify({ name, chat: room }));
  const probe = client.send(JSON.stringify({ name, chat: room, message: `hello from ${name}` }));
  const [first] = await client.waitFrames(1);
  assert.equal(first, probe, `registration of ${name}`);
  client.frames.length = 0;
  Object.assign(client, { name, room });
  return client;
}

// A connection served by a worker other than `pid` (round-robin alternates; a few tries at most).
async function openElsewhere(pid) {
  for (let i = 0; i < 8; i++) {
    const client = await Client.open();
    if (client.pid() !== pid) return client;
    client.ws.terminate();
  }
  throw new Error(`every connection landed on worker ${pid}`);
}

let room;
let members;

test('room members are served by different worker processes', async () => {
  room = unique('room');
  members = [];
  for (let i = 0; i < 4; i++) {
    members.push(await join(unique(`m${i}`), room));
    await Promise.all(members.map((m, j) => m.waitFrames(i - j))); // earlier members got the later probes
  }
  for (const m of members) m.frames.length = 0;
  const pids = members.map((m) => m.pid());
  const workers = workerPids();
  assert.equal(workers.length, 2);
  for (const pid of pids) assert.ok(workers.includes(pid), `pid ${pid} is not a worker (${workers})`);
  assert.ok(new Set(pids).size >= 2, `members all on one worker: ${pids}`);
});

test('a frame is relayed as the exact text to every member, across workers, once', async () => {
  const text = members[0].send(
    `{ "message" : "h\\u00e9llo wörld 👋 \\u2028", "chat":"${room}",  "name":"${members[0].name}" ,"x":[1, 2.50] }`,
  );
  for (const m of members) assert.deepEqual(await m.waitFrames(1), [text]);
  await sleep(200);
  for (const m of members) assert.equal(m.frames.length, 1);
  for (const m of members) m.frames.length = 0;
});

test('a name held on one worker is taken on the other: system frame, then 1008', async () => {
  const holder = members[0];
  const intruder = await openElsewhere(holder.pid());
  intruder.send(JSON.stringify({ name: holder.name, chat: unique('room') }));
  assert.equal(await intruder.waitClose(), 1008);
  assert.deepEqual(intruder.frames, [TAKEN]);
});

test('per-sender order and exactly-once, senders on different workers', async () => {
  const PER_SENDER = 150;
  const sent = members.map((m) =>
    Array.from({ length: PER_SENDER }, (_, i) =>
      JSON.stringify({ name: m.name, chat: room, message: `${i}` }),
    ),
  );
  for (let i = 0; i < PER_SENDER; i++) for (const [k, m] of members.entries()) m.send(sent[k][i]);
  const total = PER_SENDER * members.length;
  for (const m of members) await m.waitFrames(total, 10_000);
  await sleep(200);
  for (const m of members) {
    assert.equal(m.frames.length, total, 'nothing twice, nothing extra');
    for (const [k, sender] of members.entries()) {
      assert.deepEqual(
        m.frames.filter((f) => JSON.parse(f).name === sender.name),
        sent[k],
        `${sender.name} → ${m.name}`,
      );
    }
    m.frames.length = 0;
  }
});

test("a member's own message comes back before the system frame of its next, violating frame", async () => {
  const witness = await join(unique('witness'), unique('room'));
  const client = await openElsewhere(witness.pid());
  const name = unique('order');
  // All at once: the registration's claim is an IPC round trip, the rest waits behind it.
  client.send(JSON.stringify({ name, chat: witness.room }));
  const hi = client.send(JSON.stringify({ name, chat: witness.room, message: 'hi', at: 1 }));
  client.send('{"name":');
  assert.equal(await client.waitClose(), 1008);
  assert.deepEqual(client.frames[0], hi);
  assert.equal(JSON.parse(client.frames[1]).type, 'system');
  assert.equal(client.frames.length, 2);
  assert.deepEqual(await witness.waitFrames(1), [hi]); // and once to the other worker's member
  await sleep(200);
  assert.equal(witness.frames.length, 1);
  witness.ws.close(1000);
});

test('frames behind a pending claim wait for it: the first violation wins over a later binary frame', async () => {
  const client = await Client.open();
  const [name, room] = [unique('first'), unique('room')];
  client.send(JSON.stringify({ name, chat: room }));
  client.send(JSON.stringify({ name: `${name}x`, chat: room, message: 'not my name' }));
  client.send(JSON.stringify({ name, chat: room, message: 'after the violation' }));
  client.ws.send(Buffer.from([1, 2, 3]));
  assert.equal(await client.waitClose(), 1008);
  assert.deepEqual(client.frames, ['{"type":"system","message":"name is not the registered name"}']);
});

// ws reads a message past its maxPayload on its own, closing with 1009 while the claim is still in flight: the
// contract's 64 KiB is checked in frame order instead (node-express's chat-connection.js), so the violation wins.
test('registration, a violation and a 70,000-byte frame in one write: the system frame, then 1008', async () => {
  const client = await Client.open();
  const socket = client.ws._socket;
  socket.cork(); // the three frames leave in one write
  client.send(JSON.stringify({ name: unique('big'), chat: unique('room') }));
  client.send('{"name":');
  client.send('x'.repeat(70_000));
  socket.uncork();
  assert.equal(await client.waitClose(), 1008);
  assert.deepEqual(client.frames, ['{"type":"system","message":"Frames must be JSON objects"}']);
});

test('a message over 64 KiB that is the first violation, behind a pending claim: 1009, no system frame', async () => {
  const client = await Client.open();
  const [name, room] = [unique('big'), unique('room')];
  const shell = JSON.stringify({ name, chat: room, message: '' });
  const socket = client.ws._socket;
  socket.cork();
  client.send(JSON.stringify({ name, chat: room }));
  client.send(JSON.stringify({ name, chat: room, message: 'm'.repeat(65_537 - shell.length) }));
  client.send('{"name":');
  socket.uncork();
  assert.equal(await client.waitClose(), 1009);
  assert.deepEqual(client.frames, []);
});

test('a name is free again, on any worker, once its connection closes', async () => {
  const leaver = members.pop();
  const pid = leaver.pid();
  leaver.ws.close(1000);
  await leaver.waitClose();
  const deadline = Date.now() + 2_000;
  for (;;) {
    const client = await openElsewhere(pid);
    client.send(JSON.stringify({ name: leaver.name, chat: room }));
    const probe = client.send(JSON.stringify({ name: leaver.name, chat: room, message: 'back' }));
    const [first] = await client.waitFrames(1);
    if (first === probe) break;
    assert.equal(first, TAKEN);
    if (Date.now() > deadline) assert.fail('the name stayed taken');
    await sleep(50);
  }
});

test('SIGTERM: chat sockets closed with 1001, every worker exits, the primary exits 0', async () => {
  const workers = workerPids();
  const codes = Promise.all(members.map((m) => m.waitClose(12_000)));
  primary.kill('SIGTERM'); // the primary alone: it forwards to the workers
  assert.deepEqual(
    await codes,
    members.map(() => 1001),
  );
  assert.deepEqual(await withTimeout(exited, 12_000, 'exit'), { code: 0, signal: null });
  for (const pid of workers) assert.throws(() => process.kill(pid, 0), `worker ${pid} still running`);
});
