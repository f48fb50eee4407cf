// The harness's floor plan held (harness/rooms.json): every relative import of every .mjs in a room points to the
// room itself or to one it may import, so the arrows between rooms run one way.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

export function readRooms(root) {
  return JSON.parse(readFileSync(join(root, 'harness/rooms.json'), 'utf8')).rooms;
}

/** The room a repository path belongs to: the longest room path it lies under, or null. */
export function roomOf(rooms, file) {
  return rooms.map((r) => r.path).filter((p) => file === p || file.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0] ?? null;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*)'(\.\.?\/[^']*)'/g;

/** One problem a wrong arrow: `files` maps each repository path of a .mjs to its text. */
export function roomProblems(rooms, files) {
  const byPath = new Map(rooms.map((r) => [r.path, r]));
  const problems = [];
  for (const [file, text] of files) {
    const from = roomOf(rooms, file);
    if (!from) continue;
    for (const [, specifier] of text.matchAll(IMPORT)) {
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      if (target.includes('/node_modules/')) continue;
      const to = roomOf(rooms, target);
      if (!to || to === from || byPath.get(from).mayImport.includes(to)) continue;
      problems.push(`${file} imports ${target}: ${from} may not import ${to} (harness/rooms.json)`);
    }
  }
  return problems;
}

/** The floor plan against the tree: each room a folder with a README, no arrow it does not allow. */
export function floorPlanProblems(root, trackedFiles) {
  const rooms = readRooms(root);
  const problems = rooms.filter((r) => r.readme !== false && !trackedFiles.includes(`${r.path}/README.md`))
    .map((r) => `${r.path}: a room of harness/rooms.json without a README.md`);
  const sources = trackedFiles.filter((f) => f.endsWith('.mjs') && !f.includes('node_modules/'));
  return [...problems, ...roomProblems(rooms, sources.map((f) => [f, readFileSync(join(root, f), 'utf8')]))];
}

const HARNESS_PACKAGES = ['harness', 'loadtest', 'spec/conformance', 'site'];

/** A package the harness's folders share is pinned at one version in all of them. */
export function sharedPinProblems(root) {
  const pins = new Map();
  for (const dir of HARNESS_PACKAGES) {
    const deps = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).dependencies ?? {};
    for (const [name, version] of Object.entries(deps)) pins.set(name, [...(pins.get(name) ?? []), `${dir} ${version}`]);
  }
  return [...pins].filter(([, at]) => new Set(at.map((a) => a.split(' ')[1])).size > 1)
    .map(([name, at]) => `${name} is pinned at different versions: ${at.join(', ')}`);
}
