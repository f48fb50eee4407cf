'use strict';

const cluster = require('node:cluster');
const path = require('node:path');
const { readConfig } = require('../../node-express/src/config');
const { workerCount, poolShare } = require('./settings');
const { Registry } = require('./registry');

// Entry point: a thin primary that forks the workers (each one node-express's server, see worker.js), keeps
// them running, routes the chat between them and stops them on SIGTERM. It serves no requests itself;
// with Node's default round-robin scheduling it accepts connections and hands them to the workers.
const DEFAULT_PORT = 8086;
const MAX_RESTARTS = 5; // within RESTART_WINDOW_MS; one more and the primary gives up
const RESTART_WINDOW_MS = 10_000;
const STOP_GRACE_MS = 13_000; // workers drain for at most 10 s and then close their pool

const env = process.env.PORT ? process.env : { ...process.env, PORT: String(DEFAULT_PORT) };
const config = readConfig(env); // validates every variable before anything is forked
const workers = workerCount(env);
const share = poolShare(config.db.poolSize, workers);

cluster.setupPrimary({ exec: path.join(__dirname, 'worker.js') });
const workerEnv = { PORT: String(config.port), NODE_CLUSTER_POOL_SHARE: String(share) };

const registry = new Registry();
const restarts = [];
let stopping = false;
let announced = false;
let failed = false;

function fork() {
  const worker = cluster.fork(workerEnv);
  worker.on('message', (message) => chat(worker, message));
  return worker;
}

// The chat messages of one worker, in the order it sent them (the channel is FIFO).
function chat(worker, message) {
  switch (message?.chat) {
    case 'claim':
      worker.send({ chat: 'claimed', id: message.id, ok: registry.claim(worker.id, message.name) });
      break;
    case 'release':
      registry.release(worker.id, message.name);
      break;
    case 'join':
      registry.join(worker.id, message.room);
      break;
    case 'leave':
      registry.leave(worker.id, message.room);
      break;
    case 'publish': {
      // Forwarded once to every other worker with members in the room, in receipt order (the sender's
      // worker has delivered it to its own members already).
      const forward = { chat: 'frame', room: message.room, frame: message.frame };
      for (const id of registry.route(message.room)) {
        if (id === worker.id) continue;
        const target = cluster.workers[id];
        if (target?.isConnected()) target.send(forward);
      }
      break;
    }
  }
}

const listening = new WeakSet();
cluster.on('listening', (worker, address) => {
  listening.add(worker);
  if (announced || Object.values(cluster.workers).some((w) => !listening.has(w))) return;
  announced = true;
  console.log(
    `node-cluster listening on port ${address.port}, workers=${workers}, ` +
      `db pool=${share * workers}, node ${process.version}`,
  );
});

cluster.on('exit', (worker, code, signal) => {
  registry.drop(worker.id); // its names are free again and it is in no room
  if (stopping) {
    if (code !== 0) failed = true;
    if (Object.keys(cluster.workers).length === 0) process.exit(failed ? 1 : 0);
    return;
  }
  const now = Date.now();
  while (restarts.length && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
  if (restarts.length >= MAX_RESTARTS) {
    console.error(
      `worker ${worker.process.pid} died (${signal ?? `code ${code}`}); ` +
        `${MAX_RESTARTS} restarts within ${RESTART_WINDOW_MS / 1000} s already, giving up`,
    );
    stop(1);
    return;
  }
  restarts.push(now);
  console.error(`worker ${worker.process.pid} died (${signal ?? `code ${code}`}), starting another`);
  fork();
});

// SIGTERM: every worker drains (stop accepting, in-flight requests for up to 10 s, chat sockets closed with
// 1001, pool closed) and exits; the primary exits once they all have. The runner signals the whole process
// group, so the workers usually get the signal directly too; forwarding it covers a primary signalled alone.
function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  if (exitCode !== 0) failed = true;
  const alive = Object.values(cluster.workers);
  if (alive.length === 0) process.exit(exitCode);
  for (const worker of alive) worker.process.kill('SIGTERM');
  setTimeout(() => {
    console.error(`workers still running ${STOP_GRACE_MS / 1000} s after SIGTERM, killing them`);
    for (const worker of Object.values(cluster.workers)) worker.process.kill('SIGKILL');
    process.exit(1);
  }, STOP_GRACE_MS).unref();
}

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(0));

for (let i = 0; i < workers; i++) fork();
