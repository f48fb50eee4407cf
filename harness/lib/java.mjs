// Java stacks compile at language level 21 and run on the newest JDK present (Temurin 25 beside the
// distribution's OpenJDK 17 on this machine kind). Never fall back silently to an older one.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const MINIMUM = 21;

function versionOf(home) {
  const release = join(home, 'release');
  if (!existsSync(release) || !existsSync(join(home, 'bin', 'javac'))) return null;
  const match = readFileSync(release, 'utf8').match(/^JAVA_VERSION="(\d+)/m);
  return match ? Number(match[1]) : null;
}

export function findJavaHome(env = process.env, jvmDir = '/usr/lib/jvm') {
  const candidates = [env.JAVA_HOME, ...listJvms(jvmDir)].filter(Boolean);
  const found = candidates
    .map((home) => ({ home, version: versionOf(home) }))
    .filter((jdk) => jdk.version !== null)
    .sort((a, b) => b.version - a.version)[0];
  if (!found || found.version < MINIMUM) {
    const seen = found ? `newest found: ${found.version} at ${found.home}` : 'none found';
    throw new Error(`Java stacks need a JDK >= ${MINIMUM} (${seen}); install one or set JAVA_HOME`);
  }
  return found.home;
}

function listJvms(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((name) => join(dir, name));
}
