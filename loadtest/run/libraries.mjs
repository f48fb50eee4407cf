// The versions of each stack's main libraries as built, for the report's environment block: the names are the
// stack's stack.json "libraries"; the versions are what the build resolved, never read from a pom or a lockfile.
// A Java stack's from target/dependencies.txt, which every module's build writes beside its jar (the parent pom's
// dependency:list); a Node stack's from node_modules/<name>/package.json, in the directory of the stack whose
// workloads it runs (node-cluster runs node-express's).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** { "group:artifact": version or null } from a dependency:list file ("   g:a:jar:1.2.3:compile -- module x"). */
export function listedVersions(file, coordinates) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  // g:a:type:version:scope, or g:a:type:classifier:version:scope; the first listing of a coordinate wins.
  const versions = new Map(text.split('\n').map((l) => l.trim().split(':')).filter((f) => f.length >= 5).reverse()
    .map((f) => [`${f[0]}:${f[1]}`, f[f.length - 2]]));
  return Object.fromEntries(coordinates.map((c) => [c, versions.get(c) ?? null]));
}

/** { name: version or null } for the packages installed in `dir`'s node_modules. */
export function packageVersions(dir, names) {
  return Object.fromEntries(names.map((name) => {
    const file = join(dir, 'node_modules', name, 'package.json');
    return [name, existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : null];
  }));
}

/** One stack's libraries and their versions as built, keyed by the names in its stack.json. */
export function libraryVersions(stack, stacks) {
  const names = stack.libraries ?? [];
  if (stack.runtime === 'java') return listedVersions(join(stack.dir, 'target/dependencies.txt'), names);
  const home = stacks.find((s) => s.name === stack.workloadsFrom) ?? stack;
  return packageVersions(home.dir, names);
}
