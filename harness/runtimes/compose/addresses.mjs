// The address rule of every test network here (docs/compose-vm.md): what a run makes (interfaces, routes,
// Docker networks and containers) has addresses in 127.0.0.0/8 or 198.18.0.0/15 only, the range reserved for
// benchmark networks. IPv6 link-local addresses (fe80::/10), which the kernel gives every link it brings up, reach
// nothing beyond that link and are allowed.
import { spawnSync } from 'node:child_process';

const ALLOWED_V4 = [['127.0.0.0', 8], ['198.18.0.0', 15]];

const v4 = (text) => text.split('.').reduce((n, part) => n * 256 + Number(part), 0);

/** Whether an address (or CIDR, by its address part) is one a test network may use. */
export function allowedAddress(address) {
  const ip = address.split('/')[0];
  if (ip.includes(':')) return /^fe[89ab][0-9a-f]:/i.test(ip) || ip === '::1';
  return ALLOWED_V4.some(([base, bits]) => Math.floor(v4(ip) / 2 ** (32 - bits)) === Math.floor(v4(base) / 2 ** (32 - bits)));
}

function json(command, args) {
  const run = spawnSync(command, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout.trim() ? JSON.parse(run.stdout) : [];
}

/** This host's interface addresses and routes, each as a line such as "address eth0 192.0.2.2/24". */
export function hostAddresses() {
  const addresses = json('ip', ['-j', 'addr']).flatMap((link) => (link.addr_info ?? [])
    .map((a) => ({ line: `address ${link.ifname} ${a.local}/${a.prefixlen}`, address: a.local })));
  const routes = [...json('ip', ['-j', '-4', 'route']), ...json('ip', ['-j', '-6', 'route'])]
    .filter((r) => r.dst !== 'default' && r.dst !== 'multicast')
    .map((r) => ({ line: `route ${r.dst} dev ${r.dev}`, address: r.dst }));
  return [...addresses, ...routes];
}

/** The Docker engine's networks (their subnets) and running containers (their addresses). */
export function dockerAddresses() {
  const ids = (args) => spawnSync('docker', args, { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
  const networks = ids(['network', 'ls', '--quiet']);
  const containers = ids(['ps', '--quiet']);
  const found = [];
  for (const n of networks.length ? json('docker', ['network', 'inspect', ...networks]) : []) {
    for (const c of n.IPAM?.Config ?? []) if (c.Subnet) found.push({ line: `network ${n.Name} ${c.Subnet}`, address: c.Subnet });
  }
  for (const c of containers.length ? json('docker', ['inspect', ...containers]) : []) {
    for (const [name, net] of Object.entries(c.NetworkSettings?.Networks ?? {})) {
      for (const address of [net.IPAddress, net.GlobalIPv6Address].filter(Boolean)) {
        found.push({ line: `container ${c.Name.replace(/^\//, '')} on ${name} ${address}`, address });
      }
    }
  }
  return found;
}

/**
 * What breaks the rule now: every Docker network and container, and every interface address and route that was
 * not in `before` (the host's own uplink is not the run's). Returns the offending lines.
 */
export function addressProblems(before) {
  const had = new Set(before.map((a) => a.line));
  return [...hostAddresses().filter((a) => !had.has(a.line)), ...dockerAddresses()]
    .filter((a) => !allowedAddress(a.address)).map((a) => a.line);
}
