// A checkout for tests that change it: links to this one, except for what a test replaces or adds.
import { cpSync, existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from '../lib/stacks.mjs';

// A checkout that links to this one except for the files given: every stack directory is real (stack discovery
// does not follow links to directories) with its entries linked, and `files` replaces or adds whole files.
export function checkout(files = {}) {
  const root = mkdtempSync(join(tmpdir(), 'compose-'));
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
    if (['.git', 'node_modules', 'results', '.run'].includes(entry.name)) continue;
    const stack = entry.isDirectory() && readdirSync(join(ROOT, entry.name)).includes('stack.json');
    if (!stack) { symlinkSync(join(ROOT, entry.name), join(root, entry.name)); continue; }
    mkdirSync(join(root, entry.name));
    for (const child of readdirSync(join(ROOT, entry.name))) symlinkSync(join(ROOT, entry.name, child), join(root, entry.name, child));
  }
  for (const [path, text] of Object.entries(files)) replaceFile(root, path, text);
  return root;
}

// The link is removed first: writing through it would change this checkout's own file.
export function replaceFile(root, path, text) {
  const dir = dirname(path);
  if (dir !== '.' && !existsSync(join(ROOT, dir, 'stack.json'))) throw new Error(`${path}: only top-level and stack files can be replaced`);
  rmSync(join(root, path), { force: true });
  writeFileSync(join(root, path), text);
}

/** A directory copied in whole (a new stack's), where the checkout has nothing of that name. */
export function addDirectory(root, name, from) {
  if (existsSync(join(root, name))) throw new Error(`${name}: the checkout has one already`);
  cpSync(from, join(root, name), { recursive: true });
}
