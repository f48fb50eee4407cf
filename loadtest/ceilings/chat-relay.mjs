// The chat ceiling (loadtest/ceilings/chat-relay/): the chat protocol relayed by a small Go server and nothing else (see
// its main.go), built by ceilings/go-build.mjs, started on a free loopback port pinned to the server's CPUs and driven
// by the same chat client and scenario as the stacks, so that a stack's chat row reads as a share of it.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_DIR } from '../../harness/lib/stacks.mjs';
import { waitHealthy, stop } from '../../harness/lib/processes.mjs';
import { ensureGoBinary } from './go-build.mjs';
import { freePort } from './ceiling.mjs';

export const CHAT_RELAY = 'chat-relay';
const RUN = join(RUN_DIR, CHAT_RELAY);

/** Starts the relay; returns { name, pid, host, port, stop() } once it answers /health, or throws. */
export async function startChatRelay(serverCpus) {
  const binary = ensureGoBinary(CHAT_RELAY);
  const port = await freePort();
  mkdirSync(RUN, { recursive: true });
  const log = openSync(join(RUN, 'stdout.log'), 'w');
  const command = [binary, '-listen', `127.0.0.1:${port}`];
  if (serverCpus) command.unshift('taskset', '-c', serverCpus);
  // Its own process group, like the stacks, so stop() reaches it whatever taskset did.
  const child = spawn(command[0], command.slice(1), { detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  child.unref();
  const state = await waitHealthy(`http://127.0.0.1:${port}`, child.pid, 15_000);
  if (state !== 'healthy') {
    await stop(child.pid, 5_000);
    throw new Error(`the chat relay ${state}; see ${join(RUN, 'stdout.log')}`);
  }
  return { name: CHAT_RELAY, pid: child.pid, host: '127.0.0.1', port, stop: () => stop(child.pid, 5_000) };
}
