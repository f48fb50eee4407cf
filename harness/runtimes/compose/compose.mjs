// Static checks of the compose runtime, for machines where no Docker engine runs (`make test`): the compose
// file against the compose-spec project's JSON schema (harness/runtimes/compose/schema/go.mod says which and where
// from) and its durations as Compose parses them, every stack.json against its service (port, environment names and
// defaults, Dockerfile and build args, /health probe) and back, and through dockerfile.mjs every Dockerfile with
// each service's build args: COPY sources, every image pinned by a tag, EXPOSE and CMD as stack.json's port and
// start line.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { parse } from 'yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import { ROOT, loadStacks } from '../../lib/stacks.mjs';
import { dockerfileProblems, instructions, nodeVersionProblem, pinned, words } from './dockerfile.mjs';

/** The schema file inside compose-go, the compose-spec project's reference library, at the version go.mod pins:
 * `go mod download` fetches it from the Go module proxy once and verifies it against go.sum every time. */
export function schemaFile() {
  const module = JSON.parse(execFileSync('go', ['mod', 'download', '-json', 'github.com/compose-spec/compose-go/v2'], {
    cwd: join(ROOT, 'harness/runtimes/compose/schema'), encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod' },
  }));
  if (module.Error) throw new Error(`the compose-spec schema: ${module.Error}`);
  return join(module.Dir, 'schema/compose-spec.json');
}

// Services that are not stacks: the database, the static tree's one-shot writer, the bench's load generator and
// its generator ceiling.
export const INFRA_SERVICES = ['db', 'static', 'loadtest', 'ceiling'];
// What harness/lib/stacks.mjs stackEnv gives every stack besides its stack.json env.
export const CONTRACT_ENV = ['PORT', 'LISTEN_HOST', 'DB_HOST', 'DB_PORT', 'DB_NAME', 'DB_USER', 'DB_PASSWORD', 'DB_POOL_SIZE',
  'STATIC_ROOT', 'WORKERS'];

export function readCompose(root) {
  return parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
}

/** The file as Compose sees it with an empty environment: ${X:-default} → default, ${X} → '', $$ → $. */
export function interpolate(value) {
  if (typeof value === 'string') {
    return value.replace(/\$\$|\$\{(\w+)(?::?-([^}]*))?\}/g, (match, name, fallback) => (match === '$$' ? '$' : fallback ?? ''));
  }
  if (Array.isArray(value)) return value.map(interpolate);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v)]));
  return value;
}

// Go's time.ParseDuration, which Compose's loader applies to these keys (the schema leaves them plain strings).
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
const DURATION_KEYS = new Set(['interval', 'timeout', 'start_period', 'start_interval', 'stop_grace_period']);

export function schemaProblems(doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(JSON.parse(readFileSync(schemaFile(), 'utf8')));
  const composed = interpolate(doc);
  const problems = validate(composed) ? [] : validate.errors.map((e) => {
    const key = e.params?.additionalProperty ?? e.params?.unevaluatedProperty;
    return `docker-compose.yml${e.instancePath || '/'}: ${e.message}${key ? ` ("${key}")` : ''}`;
  });
  return [...new Set(problems), ...durationProblems(composed)];
}

function durationProblems(value, path = '') {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const at = `${path}/${key}`;
    if (DURATION_KEYS.has(key) && typeof v === 'string' && !DURATION.test(v)) {
      return [`docker-compose.yml${at}: "${v}" is not a duration (1m30s, 500ms)`];
    }
    return durationProblems(v, at);
  });
}

const envNames = (service) => {
  const env = service.environment ?? {};
  return Array.isArray(env) ? env.map((e) => e.split('=')[0]) : Object.keys(env);
};
const envValue = (service, name) => {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return env[name];
  const entry = env.find((e) => e.split('=')[0] === name);
  return entry?.includes('=') ? entry.slice(entry.indexOf('=') + 1) : null;
};
const portsOf = (service) => (service.ports ?? []).map((p) => (typeof p === 'object' ? `${p.published}:${p.target}` : String(p)));
/** The host addresses a service publishes its ports on: '' for every interface (no host_ip). */
const publishedOn = (service) => (service.ports ?? []).map((p) => (typeof p === 'object' ? p.host_ip ?? ''
  : String(p).split(':').slice(0, -2).join(':')));
const sorted = (list) => [...new Set(list)].sort();
const buildOf = (service) => (typeof service.build === 'string' ? { context: service.build } : service.build ?? {});
/** A service's build args as Compose passes them with an empty environment, from a map or a list of NAME=value. */
const buildArgs = (service) => {
  const args = buildOf(service).args ?? {};
  const entries = Array.isArray(args)
    ? args.map((e) => (e.includes('=') ? [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)] : [e, null]))
    : Object.entries(args);
  return Object.fromEntries(entries.map(([name, value]) => [name, value === null ? null : interpolate(String(value))]));
};
/** The Dockerfile a service builds, relative to the repository root. */
const dockerfileOf = (service) => {
  const build = buildOf(service);
  return join(build.context ?? '.', build.dockerfile ?? 'Dockerfile');
};

/** Every stack.json matched by a service with the same port and environment, and every stack service by a stack.json. */
export function stackProblems(doc, stacks) {
  const problems = [];
  const services = doc.services ?? {};
  for (const stack of stacks) {
    const service = services[stack.name];
    const where = `${stack.name}: stack.json and its docker-compose.yml service`;
    if (!service) { problems.push(`${stack.name}: stack.json has no service in docker-compose.yml`); continue; }
    const port = String(stack.port);
    if (envValue(service, 'PORT') !== port) problems.push(`${where} disagree on the port: stack.json ${port}, PORT=${envValue(service, 'PORT')}`);
    if (!portsOf(service).some((p) => p === `${port}:${port}` || p.endsWith(`:${port}:${port}`))) {
      problems.push(`${where} disagree on the port: stack.json ${port}, ports ${JSON.stringify(portsOf(service))}`);
    }
    // A server that writes to a database is no business of the network the machine is on (spec/API.md §1.1).
    const wide = publishedOn(service).filter((host) => host !== '127.0.0.1');
    if (wide.length) problems.push(`${stack.name}: its docker-compose.yml service publishes on ${wide.map((h) => h || 'every interface').join(', ')}: publish "127.0.0.1:${port}:${port}"`);
    const probe = JSON.stringify(service.healthcheck?.test ?? '');
    if (!probe.includes(`/${port}`) || !probe.includes('/health')) problems.push(`${where} disagree on the port: the healthcheck does not probe /health on ${port}`);
    const variantEnv = stack.variants.flatMap((v) => Object.keys(v.env ?? {}));
    const expected = sorted([...CONTRACT_ENV, ...Object.keys(stack.env), ...variantEnv]);
    const actual = sorted(envNames(service));
    const missing = expected.filter((n) => !actual.includes(n));
    const extra = actual.filter((n) => !expected.includes(n));
    if (missing.length) problems.push(`${where} disagree on the environment: the service lacks ${missing.join(', ')}`);
    if (extra.length) problems.push(`${where} disagree on the environment: stack.json has no ${extra.join(', ')}`);
    // A stack.json default is the service's default too, and the caller's value still wins: ${NAME:-default}.
    for (const [name, value] of Object.entries(stack.env)) {
      const want = `\${${name}:-${value}}`;
      if (actual.includes(name) && envValue(service, name) !== want) {
        problems.push(`${where} disagree on ${name}: stack.json "${value}", service "${envValue(service, name)}" (want "${want}")`);
      }
    }
    // Its own Dockerfile, or one that several stacks share (java.Dockerfile) told which stack by the build arg STACK.
    const build = buildOf(service);
    const own = build.dockerfile === `${stack.name}/Dockerfile`;
    if (build.context !== '.' || !(own || buildArgs(service).STACK === stack.name)) {
      problems.push(`${stack.name}: the service must build from the repository root (context ".") ` +
        `${stack.name}/Dockerfile, or a shared Dockerfile with the build arg STACK=${stack.name}`);
    } else if (!own && existsSync(join(stack.dir, 'Dockerfile'))) {
      problems.push(`${stack.name}/Dockerfile: left over, its service builds ${dockerfileOf(service)}`);
    }
  }
  const names = new Set(stacks.map((s) => s.name));
  for (const name of Object.keys(services)) {
    if (!INFRA_SERVICES.includes(name) && !names.has(name)) problems.push(`service ${name} has no stack.json (${name}/stack.json)`);
  }
  return problems;
}

// Variables the bench reads that the loadtest service rightly does not pass through, and why.
export const NOT_PASSED = {
  CARGO_HOME: 'oha is built into the image',
  JAVA_HOME: 'the image\'s own JDK',
  RUN: 'make report and readme-results read a finished run natively',
  README_WORKLOADS: 'make readme-results runs natively',
  RUNS: 'make precision reads finished runs natively',
  RUN_DIR: 'the container\'s own working folder',
  SERVER_HOST: 'the compose runtime reaches each stack by its service name',
  LOADGEN_HOST: 'the compose runtime\'s load generator is its loadtest service',
  LOADGEN_HOSTS: 'the compose runtime has one load generator, its loadtest service (harness/lib/hosts.mjs refuses several)',
  SSH_CONFIG: 'the compose runtime\'s roles are its services, on the engine\'s machine (harness/lib/hosts.mjs)',
  CEILING_PORT: 'the ceiling service listens on its fixed port; the variable is set for a ceiling on a host reached over ssh',
  RESULTS_DIR: 'the host side of the results volume; inside, results/ is that volume',
  TFB_DIR: 'make calibrate runs natively: it builds TechEmpower\'s entries from the user\'s checkout on this machine',
  CALIBRATE_ROUNDS: 'make calibrate runs natively',
  CALIBRATE_PAIRS: 'make calibrate runs natively',
  CALIBRATE_SECONDS: 'make calibrate runs natively',
  CALIBRATE_CONNECTIONS: 'make calibrate runs natively',
  AIO_SECONDS: 'make aio (the AIO write-up\'s baselines) runs natively',
};

/** The environment variables the bench's code reads (loadtest/ and its rooms, and harness/lib/; tests aside). */
export function benchVariables(root) {
  const dirs = ['loadtest', ...['run', 'generators', 'sampling', 'ceilings', 'reports'].map((room) => `loadtest/${room}`), 'harness/lib'];
  const files = dirs.flatMap((dir) => readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.mjs')).map((f) => join(root, dir, f)));
  const names = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)])
    .map((m) => m[1]);
  return [...new Set(names)].sort();
}

/** Each variable the bench reads reaches it in the loadtest container, or is in NOT_PASSED with its reason. */
export function benchEnvProblems(root, doc) {
  const service = doc.services?.loadtest;
  if (!service) return ['service loadtest (the compose runtime\'s bench) is missing'];
  const passed = new Set(envNames(service));
  return benchVariables(root).filter((name) => !passed.has(name) && !(name in NOT_PASSED))
    .map((name) => `service loadtest: the bench reads ${name}, which its environment does not pass through`);
}

/** Every check over a checkout at root; [] when the compose runtime agrees with the stacks. */
export function composeProblems(root) {
  const stacks = loadStacks(root);
  const doc = readCompose(root);
  const problems = [...schemaProblems(doc), ...stackProblems(doc, stacks), ...benchEnvProblems(root, doc)];
  for (const [name, service] of Object.entries(doc.services ?? {})) {
    if (service.image && !pinned(service.image)) problems.push(`service ${name}: image ${service.image} is not pinned by a tag`);
    const version = service.image && nodeVersionProblem(root, service.image);
    if (version) problems.push(`service ${name}: image ${version}`);
    if (!service.build) continue;
    const stack = stacks.find((s) => s.name === name);
    problems.push(...dockerfileProblems(root, dockerfileOf(service),
      { context: buildOf(service).context ?? '.', args: buildArgs(service), start: stack?.start, port: stack?.port }));
  }
  // The bench's image finds the stacks by their stack.json, as natively: it must take every one, by a wildcard
  // (a line per stack would be one more list of stacks).
  const loadtest = doc.services?.loadtest?.build?.dockerfile;
  if (loadtest && existsSync(join(root, loadtest))) {
    const taken = instructions(readFileSync(join(root, loadtest), 'utf8'))
      .filter((i) => i.keyword === 'COPY' || i.keyword === 'RUN').flatMap((i) => words(i.args));
    if (!taken.includes('*/stack.json')) problems.push(`${loadtest}: does not take every */stack.json`);
    for (const stack of stacks.filter((s) => taken.includes(`${s.name}/stack.json`))) {
      problems.push(`${loadtest}: copies ${stack.name}/stack.json by name; */stack.json takes every stack's`);
    }
  }
  return problems;
}
