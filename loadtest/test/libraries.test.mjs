// The report's library versions: read from what each build resolved, for every stack.json "libraries" entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ROOT, loadStacks } from '../../harness/lib/stacks.mjs';
import { libraryVersions, listedVersions } from '../run/libraries.mjs';

test('a dependency:list file gives each coordinate its version, classifiers and module names aside', () => {
  const dir = mkdtempSync(join(tmpdir(), 'libraries-'));
  const file = join(dir, 'dependencies.txt');
  writeFileSync(file, ['', 'The following files have been resolved:',
    '   io.netty:netty-codec-http:jar:4.2.20.Final:compile -- module io.netty.codec.http [auto]',
    '   io.netty:netty-transport-native-epoll:jar:linux-x86_64:4.2.20.Final:compile -- module x',
    '   io.vertx:vertx-core:jar:5.2.3:compile', ''].join('\n'));
  assert.deepEqual(listedVersions(file, ['io.netty:netty-codec-http', 'io.netty:netty-transport-native-epoll',
    'io.vertx:vertx-core', 'io.vertx:vertx-web']), { 'io.netty:netty-codec-http': '4.2.20.Final',
    'io.netty:netty-transport-native-epoll': '4.2.20.Final', 'io.vertx:vertx-core': '5.2.3', 'io.vertx:vertx-web': null });
  assert.deepEqual(listedVersions(join(dir, 'missing.txt'), ['a:b']), { 'a:b': null });
});

test('a Node stack reads its packages from the stack whose workloads it runs', () => {
  const root = mkdtempSync(join(tmpdir(), 'libraries-'));
  mkdirSync(join(root, 'app/node_modules/express'), { recursive: true });
  writeFileSync(join(root, 'app/node_modules/express/package.json'), '{"name":"express","version":"5.2.1"}');
  const app = { name: 'app', runtime: 'node', dir: join(root, 'app'), libraries: ['express', 'ws'] };
  const cluster = { name: 'cluster', runtime: 'node', dir: join(root, 'cluster'), workloadsFrom: 'app', libraries: ['express'] };
  assert.deepEqual(libraryVersions(app, [app, cluster]), { express: '5.2.1', ws: null });
  assert.deepEqual(libraryVersions(cluster, [app, cluster]), { express: '5.2.1' });
});

test('every stack names the libraries the report shows', () => {
  for (const stack of loadStacks(ROOT)) {
    assert.ok(Array.isArray(stack.libraries) && stack.libraries.length >= 3, `${stack.name}: stack.json "libraries"`);
    if (stack.runtime === 'java') for (const c of stack.libraries) assert.match(c, /^[\w.-]+:[\w.-]+$/, `${stack.name}: ${c}`);
  }
});

test('the three Netty stacks run one Netty, as their builds resolved it', () => {
  const netty = ['io.netty:netty-common', 'io.netty:netty-handler', 'io.netty:netty-codec-http'];
  const resolved = ['java-reactor', 'java-spring5', 'java-vertx'].map((name) => {
    const file = join(ROOT, name, 'target/dependencies.txt');
    // Written by every build (java-contract's with it); a checkout that has not built the stack yet builds it.
    if (!existsSync(file)) {
      const build = spawnSync(process.execPath, [join(ROOT, 'harness/runtimes/native/stacks.mjs'), 'build', name], { encoding: 'utf8' });
      assert.equal(build.status, 0, build.stdout + build.stderr);
    }
    return [name, listedVersions(file, netty)];
  });
  for (const [name, versions] of resolved) {
    for (const c of netty) assert.ok(versions[c], `${name}: ${c} not resolved`);
    assert.deepEqual(versions, resolved[0][1], `${name} runs another Netty than ${resolved[0][0]}`);
  }
});
