// Stack discovery and the environment a stack runs with. The only list of stacks is the set of
// */stack.json files; the Makefile, the runner, the conformance gate and the bench all read it from here.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const RUN_DIR = process.env.RUN_DIR || join(ROOT, '.run');
export const STATIC_ROOT = process.env.STATIC_ROOT || join(RUN_DIR, 'static');

const REQUIRED = ['name', 'port', 'runtime', 'build', 'start', 'test'];

export function loadStacks(root = ROOT) {
  const stacks = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const file = join(root, entry.name, 'stack.json');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const stack = JSON.parse(readFileSync(file, 'utf8'));
    const missing = REQUIRED.filter((key) => stack[key] === undefined);
    if (missing.length) throw new Error(`${file}: missing ${missing.join(', ')}`);
    if (stack.name !== entry.name) throw new Error(`${file}: name "${stack.name}" differs from its directory`);
    stacks.push({ env: {}, variants: [], deviations: [], ...stack, dir: join(root, entry.name) });
  }
  const ports = new Map();
  for (const s of stacks) {
    if (ports.has(s.port)) throw new Error(`port ${s.port} used by both ${ports.get(s.port)} and ${s.name}`);
    ports.set(s.port, s.name);
  }
  return stacks.sort((a, b) => a.port - b.port);
}

// A target is one runnable configuration: a stack, or a stack with one of its variants ("<stack>:<variant>").
// A variant's deviations add to its stack's (spec/API.md §10).
export function targets(stacks, { withVariants = false } = {}) {
  const list = [];
  for (const stack of stacks) {
    list.push({ id: stack.name, stack, variant: null, deviations: stack.deviations });
    if (!withVariants) continue;
    for (const v of stack.variants) {
      list.push({ id: `${stack.name}:${v.name}`, stack, variant: v, deviations: [...stack.deviations, ...(v.deviations ?? [])] });
    }
  }
  return list;
}

// STACKS="a b:variant" (spaces or commas); empty means every stack, and every variant when asked.
export function select(stacks, spec, options) {
  const all = targets(stacks, { withVariants: true });
  const wanted = (spec || '').split(/[\s,]+/).filter(Boolean);
  if (!wanted.length) return targets(stacks, options);
  return wanted.map((id) => {
    const found = all.find((t) => t.id === id);
    if (!found) throw new Error(`unknown stack "${id}"; known: ${all.map((t) => t.id).join(', ')}`);
    return found;
  });
}

// The stacks a run takes when STACKS is not given, where that run is not every stack: those whose stack.json
// "defaultIn" names it (e.g. "make aio"), in port order, so that no harness file names a stack.
export function defaultStacks(stacks, run) {
  const chosen = stacks.filter((s) => (s.defaultIn ?? []).includes(run)).map((s) => s.name);
  if (!chosen.length) throw new Error(`no stack.json names "${run}" in its defaultIn`);
  return chosen.join(' ');
}

export function dbSettings(env = process.env) {
  return {
    host: env.DB_HOST || '127.0.0.1',
    port: env.DB_PORT || '3307',
    name: env.DB_NAME || 'bench',
    user: env.DB_USER || 'bench',
    password: env.DB_PASSWORD || 'bench',
  };
}

export function dbUrl(env = process.env) {
  const db = dbSettings(env);
  return `mysql://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}/${db.name}`;
}

// The environment of a started stack: contract variables first, then stack.json env, then the variant's.
// Whatever the caller already exported wins over stack.json defaults, so `make up DB_POOL_SIZE=8` works.
export function stackEnv(target, env = process.env) {
  const db = dbSettings(env);
  const base = {
    PORT: String(target.stack.port),
    // Loopback on one machine; across hosts the server host's own address, where the load hosts reach it.
    LISTEN_HOST: env.LISTEN_HOST || env.SERVER_HOST || '127.0.0.1',
    DB_HOST: db.host,
    DB_PORT: db.port,
    DB_NAME: db.name,
    DB_USER: db.user,
    DB_PASSWORD: db.password,
    DB_POOL_SIZE: env.DB_POOL_SIZE || '32',
    STATIC_ROOT,
  };
  if (env.WORKERS) base.WORKERS = env.WORKERS;
  const defaults = { ...target.stack.env, ...(target.variant?.env ?? {}) };
  const overridden = Object.fromEntries(Object.keys(defaults).filter((k) => env[k] !== undefined).map((k) => [k, env[k]]));
  return { ...env, ...base, ...defaults, ...overridden };
}

export function baseUrl(target, env = process.env) {
  return `http://${env.SERVER_HOST || '127.0.0.1'}:${target.stack.port}`;
}
