// What holds a TCP port this machine listens on, and the command that frees it: the native runtime and the compose
// runtime share the ports (MariaDB's 3307, each stack's own), so switching between them must name what is still up.
// Linux only: the listener's socket inode from /proc/net/tcp and tcp6, its process from /proc/<pid>/fd.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const read = (file) => { try { return readFileSync(file, 'utf8'); } catch { return ''; } };

/** The inodes of the sockets listening on `port`, any address. */
function listenerInodes(port) {
  const inodes = new Set();
  for (const table of [read('/proc/net/tcp'), read('/proc/net/tcp6')]) {
    for (const line of table.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[3] === '0A' && parseInt((f[1] ?? '').split(':')[1], 16) === port) inodes.add(f[9]);
    }
  }
  return inodes;
}

/** { pid, command } of the process listening on `port`, { pid: null } when another namespace's is, or null. */
export function holderOf(port) {
  const inodes = listenerInodes(port);
  if (inodes.size === 0) return null;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds = [];
    try { fds = readdirSync(`/proc/${pid}/fd`); } catch { continue; }
    for (const fd of fds) {
      let link = '';
      try { link = readlinkSync(`/proc/${pid}/fd/${fd}`); } catch { continue; }
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode && inodes.has(inode)) return { pid: Number(pid), command: read(`/proc/${pid}/comm`).trim() };
    }
  }
  return { pid: null, command: '' };
}

/**
 * What a user must run to free `port` for `runtime` ('native' or 'compose'), given its holder: null when the
 * holder is that runtime's own (a compose service already up; a native stack or MariaDB already running).
 */
export function portAdvice(port, holder, runtime) {
  if (!holder) return null;
  const who = holder.pid ? `${holder.command} (pid ${holder.pid})` : 'a process of another namespace';
  const compose = holder.command === 'docker-proxy' || holder.command === 'dockerd';
  if (compose) return runtime === 'compose' ? null : `port ${port} is held by the compose runtime's ${who}: run \`make down RUNTIME=compose\` first`;
  if (runtime === 'native') return null;
  const db = /^(mariadbd|mysqld)$/.test(holder.command);
  return `port ${port} is held by ${db ? 'the native MariaDB' : 'a native process'}, ${who}: run ${db ? '`make db-down`' : '`make down RUNTIME=native`'} first`;
}
