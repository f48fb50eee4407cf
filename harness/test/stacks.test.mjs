import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, defaultStacks, loadStacks, select, stackEnv, STATIC_ROOT } from '../lib/stacks.mjs';
import { findJavaHome } from '../lib/java.mjs';

function repo(manifests) {
  const root = mkdtempSync(join(tmpdir(), 'stacks-'));
  for (const [dir, manifest] of Object.entries(manifests)) {
    mkdirSync(join(root, dir));
    writeFileSync(join(root, dir, 'stack.json'), JSON.stringify(manifest));
  }
  mkdirSync(join(root, 'spec')); // a directory without stack.json is not a stack
  return root;
}

const manifest = (name, port, extra = {}) => ({ name, port, runtime: 'node', build: 'true', start: 'true', test: 'true', ...extra });

test('stacks are exactly the directories with a stack.json, ordered by port', () => {
  const root = repo({ b: manifest('b', 9002), a: manifest('a', 9001) });
  assert.deepEqual(loadStacks(root).map((s) => s.name), ['a', 'b']);
});

test('a stack.json missing a required field is rejected with its path', () => {
  const root = repo({ a: { name: 'a', port: 9001 } });
  assert.throws(() => loadStacks(root), /stack\.json: missing runtime, build, start, test/);
});

test('a stack.json whose name differs from its directory is rejected', () => {
  assert.throws(() => loadStacks(repo({ a: manifest('x', 9001) })), /name "x" differs/);
});

test('two stacks on one port are rejected', () => {
  assert.throws(() => loadStacks(repo({ a: manifest('a', 9001), b: manifest('b', 9001) })), /port 9001 used by both/);
});

test('STACKS selects stacks and variants by id, and rejects unknown ones', () => {
  const stacks = loadStacks(repo({ a: manifest('a', 9001, { variants: [{ name: 'v', env: { MODE: 'v' } }] }), b: manifest('b', 9002) }));
  assert.deepEqual(select(stacks, '').map((t) => t.id), ['a', 'b']);
  assert.deepEqual(select(stacks, '', { withVariants: true }).map((t) => t.id), ['a', 'a:v', 'b']);
  assert.deepEqual(select(stacks, 'b, a:v').map((t) => t.id), ['b', 'a:v']);
  assert.throws(() => select(stacks, 'c'), /unknown stack "c"; known: a, a:v, b/);
});

test('a run that takes some stacks takes those whose stack.json names it in defaultIn, and says when none does', () => {
  const stacks = loadStacks(repo({
    b: manifest('b', 9002, { defaultIn: ['make aio', 'make compose-test'] }),
    a: manifest('a', 9001, { defaultIn: ['make aio'] }),
    c: manifest('c', 9003),
  }));
  assert.equal(defaultStacks(stacks, 'make aio'), 'a b');
  assert.equal(defaultStacks(stacks, 'make compose-test'), 'b');
  assert.throws(() => defaultStacks(stacks, 'make other'), /no stack\.json names "make other" in its defaultIn/);
  const here = loadStacks();
  assert.equal(defaultStacks(here, 'make aio').split(' ').length, 2, 'make aio: a Node stack and a JVM stack');
  assert.equal(defaultStacks(here, 'make compose-test').split(' ').length, 2, 'make compose-test: a JVM stack and a Node one');
});

test('the stack environment: contract variables, then stack.json env, then the variant, then what the user exported', () => {
  const [stack] = loadStacks(repo({ a: manifest('a', 9001, { env: { MODE: 'plain', JAVA_OPTS: '-Xss1m' }, variants: [{ name: 'v', env: { MODE: 'v' } }] }) }));
  const [plain, variant] = select([stack], '', { withVariants: true });
  const env = stackEnv(plain, { PATH: '/bin' });
  assert.equal(env.PORT, '9001');
  assert.equal(env.DB_PORT, '3307');
  assert.equal(env.DB_POOL_SIZE, '32');
  assert.equal(env.STATIC_ROOT, STATIC_ROOT);
  assert.equal(env.WORKERS, undefined, 'WORKERS is left to the stack (its CPU affinity) unless set');
  assert.equal(env.MODE, 'plain');
  assert.equal(stackEnv(variant, {}).MODE, 'v');
  assert.equal(stackEnv(variant, { MODE: 'user', DB_POOL_SIZE: '8', WORKERS: '2' }).MODE, 'user');
  assert.equal(stackEnv(plain, { DB_POOL_SIZE: '8' }).DB_POOL_SIZE, '8');
  assert.equal(stackEnv(plain, { WORKERS: '2' }).WORKERS, '2');
});

function jdk(dir, name, version) {
  const home = join(dir, name);
  mkdirSync(join(home, 'bin'), { recursive: true });
  writeFileSync(join(home, 'bin', 'javac'), '');
  writeFileSync(join(home, 'release'), `IMPLEMENTOR="x"\nJAVA_VERSION="${version}"\n`);
  return home;
}

test('Java stacks run on the newest JDK present, never one older than 21', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jvm-'));
  jdk(dir, 'openjdk-17', '17.0.15');
  assert.throws(() => findJavaHome({}, dir), /need a JDK >= 21 \(newest found: 17/);
  const newest = jdk(dir, 'temurin-25', '25.0.3');
  jdk(dir, 'temurin-21', '21.0.9');
  assert.equal(findJavaHome({}, dir), newest);
  assert.equal(findJavaHome({ JAVA_HOME: jdk(dir, 'custom-26', '26') }, dir), join(dir, 'custom-26'));
});

test('the start-up line is checked for its format, and anything logged after it is reported', async () => {
  const { logProblems } = await import('../runtimes/native/lifecycle.mjs');
  const ok = 'node-express listening on port 8085, workers=1, db pool=32, node v20.20.2';
  assert.deepEqual(logProblems(`${ok}\n`, 'node-express', 8085), []);
  assert.deepEqual(logProblems(`WARNING: a JVM notice first\n${ok}\n`, 'node-express', 8085), []);
  assert.match(logProblems('listening on 8085\n', 'node-express', 8085)[0], /no start-up line/);
  assert.match(logProblems(`${ok.replace('8085,', '8086,')}\n`, 'node-express', 8085)[0], /no start-up line/);
  assert.match(logProblems(`${ok}\nGET /hello 200\n`, 'node-express', 8085)[0], /logged 1 line\(s\).*GET \/hello 200/);
});

test('a stack listening wider than LISTEN_HOST is reported, read off /proc/net/tcp and tcp6', async () => {
  const { bindProblems, listeningOn } = await import('../runtimes/native/lifecycle.mjs');
  const head = '  sl  local_address rem_address   st\n';
  const tcp = `${head}   0: 0100007F:1F95 00000000:0000 0A\n   1: 00000000:1F96 00000000:0000 0A\n   2: 0100007F:1F96 0100007F:9C40 01\n`;
  const tcp6 = `${head}   0: 00000000000000000000000000000000:1F97 00000000000000000000000000000000:0000 0A\n`;
  assert.deepEqual(listeningOn(8085, [tcp, tcp6]), ['127.0.0.1']);
  assert.deepEqual(listeningOn(8086, [tcp, tcp6]), ['0.0.0.0'], 'an established socket on the port is no listener');
  assert.deepEqual(listeningOn(8087, [tcp, tcp6]), ['::']);
  assert.deepEqual(bindProblems(8085, '127.0.0.1', ['127.0.0.1']), []);
  assert.deepEqual(bindProblems(8086, '127.0.0.1', ['0.0.0.0']), ['listens on 0.0.0.0:8086, not only on LISTEN_HOST 127.0.0.1']);
  assert.deepEqual(bindProblems(8087, '198.18.0.2', ['::']), ['listens on :::8087, not only on LISTEN_HOST 198.18.0.2']);
  assert.deepEqual(bindProblems(8087, '198.18.0.2', ['198.18.0.2']), []);
});

// The start line says `node …`: the stack runs on whichever node comes first on the PATH it is started with,
// which make puts the pinned one at (.node-version, `make node-check`).
test('a Node stack is started on the Node.js of .node-version', () => {
  const pinned = `v${readFileSync(join(ROOT, '.node-version'), 'utf8').trim()}`;
  for (const target of select(loadStacks(), '').filter((t) => t.stack.runtime === 'node')) {
    const seen = spawnSync('sh', ['-c', 'node --version'], { cwd: target.stack.dir, env: stackEnv(target), encoding: 'utf8' });
    assert.equal(seen.stdout.trim(), pinned, `${target.id} would start on ${seen.stdout.trim()}; run it through make`);
  }
});
