// Dockerfiles read statically: instructions, COPY sources against the build context and .dockerignore, images
// pinned by tag, and the command the image runs.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * name[:tag][@digest] pinned: by digest, or by a tag naming a whole version (10.11.19, 25.0.3_9-jre-noble), so
 * neither "latest" nor a moving major tag like "20"; no variable in it.
 */
export function pinned(ref) {
  if (ref.includes('$')) return false;
  if (ref.includes('@sha256:')) return true;
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  const colon = name.indexOf(':');
  return colon > 0 && /^\d+\.\d+\.\d+/.test(name.slice(colon + 1));
}

/** The instructions of a Dockerfile: continuation lines joined, comments and blank lines dropped. */
export function instructions(text) {
  const out = [];
  let current = '';
  for (const raw of text.split('\n')) {
    if (!current && /^\s*#/.test(raw)) continue;
    const line = raw.replace(/\s+$/, '');
    if (line.endsWith('\\')) { current += `${line.slice(0, -1)} `; continue; }
    current += line;
    if (current.trim()) {
      const [, keyword, rest] = /^\s*(\S+)\s*(.*)$/.exec(current);
      out.push({ keyword: keyword.toUpperCase(), args: rest });
    }
    current = '';
  }
  return out;
}

export function words(args) {
  if (args.startsWith('[')) return JSON.parse(args);
  return args.split(/\s+/).filter(Boolean);
}

/** .dockerignore patterns as a predicate on context-relative paths (a pattern also excludes what lies under it). */
export function dockerignore(root) {
  const file = join(root, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')) : [];
  const regexps = patterns.map((p) => new RegExp(`^${p.replace(/^\/+/, '').replace(/[.+^${}()|[\]]/g, '\\$&')
    .replace(/\*\*\//g, '\u0000').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]').replace(/\u0000/g, '(.*/)?')}(/.*)?$`));
  return (path) => regexps.some((r) => r.test(path.replace(/^\.?\/+/, '').replace(/\/+$/, '')));
}

/** The COPY sources present (and not ignored), FROM and COPY --from images pinned, CMD as stack.json's start line. */
export function dockerfileProblems(root, dockerfile, { context = '.', start } = {}) {
  const file = join(root, dockerfile);
  if (!existsSync(file)) return [`${dockerfile}: missing`];
  const problems = [];
  const ignored = dockerignore(join(root, context));
  const stages = new Set();
  let cmd = null;
  for (const { keyword, args } of instructions(readFileSync(file, 'utf8'))) {
    if (keyword === 'FROM') {
      const [image, as, stage] = args.split(/\s+/).filter((w) => !w.startsWith('--'));
      if (!stages.has(image) && image !== 'scratch' && !pinned(image)) problems.push(`${dockerfile}: FROM ${image} is not pinned by a tag`);
      if (as?.toUpperCase() === 'AS' && stage) stages.add(stage);
    } else if (keyword === 'COPY' || keyword === 'ADD') {
      const list = words(args);
      const from = list.find((w) => w.startsWith('--from='))?.slice('--from='.length);
      const paths = list.filter((w) => !w.startsWith('--'));
      if (from) {
        if (!stages.has(from) && !pinned(from)) problems.push(`${dockerfile}: COPY --from=${from} is not pinned by a tag`);
        continue;
      }
      for (const source of paths.slice(0, -1)) {
        if (/[*?[]/.test(source)) { problems.push(`${dockerfile}: ${keyword} ${source}: wildcards are not checked; name the files`); continue; }
        // Excluded first: an ignored path is never in the context, whether or not this checkout has it.
        if (ignored(source)) problems.push(`${dockerfile}: ${keyword} source ${source} is excluded by .dockerignore`);
        else if (!existsSync(join(root, context, source))) problems.push(`${dockerfile}: ${keyword} source ${source} is not in the build context`);
      }
    } else if (keyword === 'CMD') {
      const list = words(args);
      cmd = list[0] === 'sh' && list[1] === '-c' ? list[2].replace(/^exec /, '') : list.join(' ');
    }
  }
  if (start !== undefined && cmd !== start) problems.push(`${dockerfile}: CMD runs "${cmd}", stack.json's start line is "${start}"`);
  return problems;
}
