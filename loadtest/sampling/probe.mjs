#!/usr/bin/env node
// The bench's /proc sampler, run on another host over ssh (sampling/remote.mjs), printing what it reads as JSON lines:
//   node loadtest/sampling/probe.mjs tree <pid>   a sample of the process tree rooted at pid a second (sampling/sampler.mjs)
//   node loadtest/sampling/probe.mjs cpus         every CPU's busy and total ticks a second (/proc/stat)
//   node loadtest/sampling/probe.mjs info         this host once: boot id, kernel, CPUs, memory, the clone's git revision
// It stops when its reader goes (ssh closed: the next write fails) and after MAX_SECONDS whatever happens.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, hostname, release, totalmem } from 'node:os';
import { ROOT } from '../../harness/lib/stacks.mjs';
import { cpuTimes, startSampler } from './sampler.mjs';

const MAX_SECONDS = 6 * 3600;
const [what, arg] = process.argv.slice(2);
process.stdout.on('error', () => process.exit(0));
const print = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
setTimeout(() => process.exit(0), MAX_SECONDS * 1000).unref();

function revision() {
  try {
    return execFileSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

switch (what) {
  case 'tree':
    startSampler(Number(arg), 1000, print);
    break;
  case 'cpus': {
    const read = () => print({ t: Date.now(), cpus: Object.fromEntries(cpuTimes()) });
    read();
    setInterval(read, 1000);
    break;
  }
  case 'info':
    print({ hostname: hostname(), bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), kernel: release(),
      cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? null, memoryBytes: totalmem(), node: process.version,
      git: revision() });
    break;
  default:
    process.stderr.write('usage: node loadtest/sampling/probe.mjs tree <pid> | cpus | info\n');
    process.exit(2);
}
