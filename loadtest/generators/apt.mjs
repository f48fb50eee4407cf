// Installing a missing tool from Debian packages, as root (the bench's nginx and wrk).
import { spawnSync } from 'node:child_process';

/** Installs `pkg` with apt-get unless `present()` says it is there already; `what` names it in messages. */
export function ensureDebianPackage(pkg, what, present) {
  if (present()) return;
  if (process.getuid() !== 0) throw new Error(`${pkg} is missing for ${what}; run as root or: sudo apt-get install ${pkg}`);
  process.stderr.write(`bench: installing ${pkg} from Debian packages (${what})\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', pkg]]) {
    const r = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}
