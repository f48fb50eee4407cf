// The harness's own Go programs (loadtest/<name>/: the bookings ceiling, the chat relay), built here with the
// machine's go (make go-check installs one) into .tools/<name>/ when missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from '../../harness/lib/stacks.mjs';

/** The go command on PATH, or in the official tarball's place; null when there is none. */
export function goCommand() {
  return ['go', '/usr/local/go/bin/go'].find((go) => spawnSync(go, ['version']).status === 0) ?? null;
}

/** loadtest/<name>'s binary, built first (go build -trimpath, no cgo) when missing or older than a source file. */
export function ensureGoBinary(name) {
  const source = join(ROOT, 'loadtest/ceilings', name);
  const binary = join(ROOT, '.tools', name, name);
  const sources = readdirSync(source).map((file) => statSync(join(source, file)).mtimeMs);
  if (existsSync(binary) && statSync(binary).mtimeMs >= Math.max(...sources)) return binary;
  const go = goCommand();
  if (!go) throw new Error(`Go is missing: it builds ${source}; make go-check installs it`);
  mkdirSync(dirname(binary), { recursive: true });
  // Built beside the binary and renamed into place, so that nothing ever runs a half-written one.
  const partial = `${binary}.${process.pid}`;
  const build = spawnSync(go, ['build', '-trimpath', '-buildvcs=false', '-o', partial, '.'],
    { cwd: source, env: { ...process.env, CGO_ENABLED: '0' }, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`go build of ${source} failed:\n${build.stdout}${build.stderr}`);
  renameSync(partial, binary);
  return binary;
}
