'use strict';

const os = require('node:os');
const fs = require('node:fs');

// WORKERS, or the CPUs this process may run on: its affinity mask (os.availableParallelism) capped by a
// cgroup CPU quota when there is one (a container limited to 2 CPUs on a 16-core host gets 2).
function workerCount(env = process.env) {
  const text = env.WORKERS;
  if (text !== undefined && text !== '') {
    if (!/^[1-9]\d*$/.test(text))
      throw new Error(`WORKERS must be a positive integer, got ${JSON.stringify(text)}`);
    return Number(text);
  }
  return Math.max(1, Math.min(os.availableParallelism(), cgroupCpuLimit() ?? Infinity));
}

// cgroup v2 cpu.max ("max 100000" or "<quota> <period>"), else v1's cfs quota; null when unlimited.
function cgroupCpuLimit() {
  const read = (file) => {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const v2 = read('/sys/fs/cgroup/cpu.max');
  if (v2) {
    const [quota, period] = v2.split(/\s+/);
    return quota === 'max' ? null : Math.ceil(Number(quota) / Number(period));
  }
  const quota = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us'));
  const period = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_period_us'));
  return quota > 0 && period > 0 ? Math.ceil(quota / period) : null;
}

// Pool parity (spec/API.md §8): each worker opens at most ceil(DB_POOL_SIZE / workers) connections.
function poolShare(total, workers) {
  return Math.ceil(total / workers);
}

module.exports = { workerCount, poolShare, cgroupCpuLimit };
