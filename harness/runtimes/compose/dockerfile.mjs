// Dockerfiles read statically, with a service's build args: instructions, COPY sources against the build context
// and .dockerignore, images pinned by tag, and the port and command of the image.
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

/** A Node.js image (node:<tag>) runs the version the native runtime pins in .node-version, or this says why not. */
export function nodeVersionProblem(root, ref) {
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  if (!name.startsWith('node:') || !existsSync(join(root, '.node-version'))) return null;
  const wanted = readFileSync(join(root, '.node-version'), 'utf8').trim();
  const tag = name.slice('node:'.length);
  return tag === wanted || tag.startsWith(`${wanted}-`) ? null : `${ref} is not Node.js ${wanted} (.node-version)`;
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

/**
 * $NAME, ${NAME}, ${NAME:-word} and ${NAME:+word} replaced as Docker replaces them from `vars`; a name that `vars`
 * lacks is kept as written and added to `unset`.
 */
export function substitute(text, vars, unset = []) {
  return text.replace(/\$\{(\w+)(?::([-+])([^}]*))?\}|\$(\w+)/g, (match, braced, op, word, bare) => {
    const name = braced ?? bare;
    const value = vars[name];
    if (op === '-') return value ? value : word;
    if (op === '+') return value ? word : '';
    if (value === undefined || value === null) { unset.push(name); return match; }
    return value;
  });
}

/**
 * The COPY sources present (and not ignored), FROM and COPY --from images pinned, the build args declared and
 * given a value, EXPOSE as stack.json's port and CMD as its start line. `args` are the service's build args; the
 * problems name the Dockerfile with them, since one Dockerfile may build several services.
 */
export function dockerfileProblems(root, dockerfile, { context = '.', args = {}, start, port } = {}) {
  const given = Object.entries(args).map(([name, value]) => `${name}=${value}`);
  const label = given.length ? `${dockerfile} (${given.join(' ')})` : dockerfile;
  const file = join(root, dockerfile);
  if (!existsSync(file)) return [`${label}: missing`];
  const problems = [];
  const ignored = dockerignore(join(root, context));
  const declared = new Set();
  const stages = new Map();
  // An ARG before the first FROM is seen by FROM lines, and by a stage that declares it again; an ARG or ENV in a
  // stage by what follows it there (ENV also by the stages built FROM it). A declared ARG without value is null.
  const globals = {};
  let stage = null;
  let cmd = null;
  const vars = () => (stage ? { ...stage.args, ...stage.env } : globals);
  const expand = (keyword, text) => {
    const unset = [];
    const value = substitute(text, vars(), unset);
    for (const name of new Set(unset)) {
      problems.push(`${label}: ${keyword} ${text}: \${${name}} has no value (no build arg, ARG default or ENV)`);
    }
    return value;
  };
  for (const { keyword, args: rest } of instructions(readFileSync(file, 'utf8'))) {
    if (keyword === 'ARG') {
      const [, name, fallback] = /^(\w+)(?:=(.*))?$/.exec(rest.trim()) ?? [];
      if (!name) continue;
      declared.add(name);
      const inherited = stage ? globals[name] : undefined;
      const value = args[name] ?? (fallback !== undefined ? expand('ARG', fallback) : inherited);
      (stage ? stage.args : globals)[name] = value ?? null;
    } else if (keyword === 'ENV' && stage) {
      const pairs = /^\w+=/.test(rest.trim())
        ? [...rest.matchAll(/(\w+)=("[^"]*"|\S*)/g)].map(([, name, value]) => [name, value])
        : [rest.trim().split(/\s+(.*)/s)];
      for (const [name, value = ''] of pairs) stage.env[name] = expand('ENV', value.replace(/^"(.*)"$/, '$1'));
    } else if (keyword === 'FROM') {
      const [image, as, name] = expand('FROM', rest).split(/\s+/).filter((w) => !w.startsWith('--'));
      const parent = stages.get(image);
      if (!parent && image !== 'scratch' && !pinned(image)) problems.push(`${label}: FROM ${image} is not pinned by a tag`);
      const version = parent ? null : nodeVersionProblem(root, image);
      if (version) problems.push(`${label}: FROM ${version}`);
      stage = { args: {}, env: { ...parent?.env }, exposed: [...(parent?.exposed ?? [])] };
      if (as?.toUpperCase() === 'AS' && name) stages.set(name, stage);
    } else if (keyword === 'COPY' || keyword === 'ADD') {
      const list = words(rest);
      const from = list.find((w) => w.startsWith('--from='))?.slice('--from='.length);
      if (from) {
        if (!stages.has(from) && !pinned(from)) problems.push(`${label}: COPY --from=${from} is not pinned by a tag`);
        continue;
      }
      const paths = list.filter((w) => !w.startsWith('--')).map((w) => expand(keyword, w));
      for (const source of paths.slice(0, -1)) {
        if (source.includes('$')) continue; // reported above: a variable without value
        if (/[*?[]/.test(source)) { problems.push(`${label}: ${keyword} ${source}: wildcards are not checked; name the files`); continue; }
        // Excluded first: an ignored path is never in the context, whether or not this checkout has it.
        if (ignored(source)) problems.push(`${label}: ${keyword} source ${source} is excluded by .dockerignore`);
        else if (!existsSync(join(root, context, source))) problems.push(`${label}: ${keyword} source ${source} is not in the build context`);
      }
    } else if (keyword === 'EXPOSE' && stage) {
      stage.exposed.push(...words(expand('EXPOSE', rest)).map((p) => p.replace(/\/tcp$/, '')));
    } else if (keyword === 'CMD' && stage) {
      const list = words(rest);
      // The shell form expands the container's environment: the image's ENV here, the rest (JAVA_OPTS) at run time.
      cmd = list[0] === 'sh' && list[1] === '-c' ? substitute(list[2].replace(/^exec /, ''), stage.env) : list.join(' ');
    }
  }
  for (const name of Object.keys(args)) {
    if (!declared.has(name)) problems.push(`${label}: build arg ${name} is given, but no ARG declares it`);
  }
  const exposed = stage?.exposed ?? [];
  if (port !== undefined && !exposed.includes(String(port))) {
    problems.push(`${label}: EXPOSE ${exposed.join(' ') || '(none)'}, stack.json's port is ${port}`);
  }
  if (start !== undefined && cmd !== start) problems.push(`${label}: CMD runs "${cmd}", stack.json's start line is "${start}"`);
  return problems;
}
