// What holds a TCP port this machine listens on, and the command that frees it: the native runtime and the compose
// runtime share the ports (MariaDB's 3307, each stack's own), so switching between them must name what is still up.
// Linux only: the listener's socket inode from /proc/net/tcp and tcp6, its process from /proc/<pid>/fd.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const read = (file) => { try { return readFileSync(file, 'utf8'); } catch { return ''; } };

// The IPv6 addresses a stack may show in /proc/net/tcp6 (four little-endian words), as text.
const IPV6 = { '00000000000000000000000000000000': '::', '00000000000000000000000001000000': '::1',
  '0000000000000000FFFF00000100007F': '::ffff:127.0.0.1' };

/**
 * The sockets listening on `port` ({ address, inode }), from /proc/net/tcp and tcp6 or the `tables` given: '0.0.0.0'
 * and '::' are every interface.
 */
export function listeners(port, tables = [read('/proc/net/tcp'), read('/proc/net/tcp6')]) {
  const found = [];
  for (const table of tables) {
    for (const line of table.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[3] !== '0A' || !f[1]) continue; // 0A: LISTEN
      const [hex, portHex] = f[1].split(':');
      if (parseInt(portHex, 16) !== port) continue;
      const address = hex.length === 8 ? hex.match(/../g).reverse().map((b) => parseInt(b, 16)).join('.')
        : IPV6[hex.toUpperCase()] ?? `[${hex}]`;
      found.push({ address, inode: f[9] });
    }
  }
  return found;
}

/** { pid, command } of the process listening on `port`, { pid: null } when another namespace's is, or null. */
export function holderOf(port) {
  const inodes = new Set(listeners(port).map((l) => l.inode));
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
