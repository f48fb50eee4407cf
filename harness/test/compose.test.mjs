import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { ROOT, loadStacks } from '../lib/stacks.mjs';
import { benchEnvProblems, benchVariables, composeProblems, readCompose, schemaFile, schemaProblems, stackProblems,
  interpolate } from '../runtimes/compose/compose.mjs';
import { dockerfileProblems, nodeVersionProblem, pinned, substitute } from '../runtimes/compose/dockerfile.mjs';
import { memoryStatBytes } from '../lib/containers.mjs';
import { checkout } from './checkout.mjs';

const CHECK = join(ROOT, 'harness/checks/compose-check.mjs');
const NODE_VERSION = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();

const check = (root) => spawnSync(process.execPath, [CHECK, root], { encoding: 'utf8' });
const stackJson = (name) => JSON.parse(readFileSync(join(ROOT, name, 'stack.json'), 'utf8'));

test('this checkout: the compose file, every stack service, the Dockerfiles and the images agree', () => {
  assert.deepEqual(composeProblems(ROOT), []);
  const result = check(ROOT);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, new RegExp(`valid against the compose-spec schema; ${loadStacks().length} stacks match`));
});

test('make test fails when a stack.json and its service disagree on the port (stack.json says 9085)', (t) => {
  const root = checkout({ 'node-express/stack.json': JSON.stringify({ ...stackJson('node-express'), port: 9085 }) });
  const result = check(root);
  t.diagnostic(`harness/checks/compose-check.mjs on a copy with node-express/stack.json port 9085 exits ${result.status}:`);
  for (const line of result.stderr.trim().split('\n')) t.diagnostic(line);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /compose: node-express: stack\.json and its docker-compose\.yml service disagree on the port: stack\.json 9085, PORT=8085/);
  assert.match(result.stderr, /disagree on the port: stack\.json 9085, ports \["127\.0\.0\.1:8085:8085"\]/);
  assert.match(result.stderr, /the healthcheck does not probe \/health on 9085/);
});

test('an env name or default in a stack.json that its service lacks or differs on is a disagreement', () => {
  const stacks = loadStacks(checkout({
    'java-vertx/stack.json': JSON.stringify({ ...stackJson('java-vertx'), env: { ...stackJson('java-vertx').env, CHAT_FANOUT: 'eventbus', NEW_KNOB: '1' } }),
    'node-cluster/stack.json': JSON.stringify({ ...stackJson('node-cluster'), env: {} }),
  }));
  const problems = stackProblems(readCompose(ROOT), stacks);
  assert.ok(problems.includes('java-vertx: stack.json and its docker-compose.yml service disagree on the environment: the service lacks NEW_KNOB'), problems.join('\n'));
  assert.ok(problems.some((p) => p.startsWith('java-vertx: stack.json and its docker-compose.yml service disagree on CHAT_FANOUT: stack.json "eventbus", service "${CHAT_FANOUT:-direct}"')), problems.join('\n'));
  assert.ok(problems.includes('node-cluster: stack.json and its docker-compose.yml service disagree on the environment: stack.json has no NODE_ENV'), problems.join('\n'));
});

test('a stack without a service, and a stack-like service without a stack.json, are both reported', () => {
  const doc = readCompose(ROOT);
  doc.services['node-koa'] = doc.services['node-express'];
  delete doc.services['java-spring5'];
  const problems = stackProblems(doc, loadStacks(ROOT));
  assert.ok(problems.includes('java-spring5: stack.json has no service in docker-compose.yml'), problems.join('\n'));
  assert.ok(problems.includes('service node-koa has no stack.json (node-koa/stack.json)'), problems.join('\n'));
});

test('the compose-spec schema rejects an unknown service key and a wrong type; a malformed duration is named', () => {
  const doc = readCompose(ROOT);
  doc.services.db.cpu_set = '2';
  doc.services.db.healthcheck.retries = [3];
  doc.services.db.healthcheck.interval = 'often';
  const problems = schemaProblems(doc);
  assert.ok(problems.includes('docker-compose.yml/services/db: must NOT have unevaluated properties ("cpu_set")'), problems.join('\n'));
  assert.ok(problems.includes('docker-compose.yml/services/db/healthcheck/retries: must be number,string'), problems.join('\n'));
  assert.ok(problems.includes('docker-compose.yml/services/db/healthcheck/interval: "often" is not a duration (1m30s, 500ms)'), problems.join('\n'));
});

test('the schema is the compose-spec project\'s, at the version go.mod pins, checked against go.sum', () => {
  const version = readFileSync(join(ROOT, 'harness/runtimes/compose/schema/go.mod'), 'utf8').match(/compose-go\/v2 (v[\d.]+)/)[1];
  assert.ok(schemaFile().endsWith(`github.com/compose-spec/compose-go/v2@${version}/schema/compose-spec.json`), schemaFile());
  assert.equal(JSON.parse(readFileSync(schemaFile(), 'utf8')).title, 'Compose Specification');
});

test('every variable the bench reads reaches the loadtest container, or is named as not passed with a reason', () => {
  const doc = readCompose(ROOT);
  assert.deepEqual(benchEnvProblems(ROOT, doc), []);
  for (const name of ['GENERATOR', 'JMETER_HEAP', 'GIT_SHA', 'RESULTS_OWNER', 'STACKS']) {
    assert.ok(benchVariables(ROOT).includes(name), name);
  }
  delete doc.services.loadtest.environment.GENERATOR;
  delete doc.services.loadtest.environment.GIT_SHA;
  assert.deepEqual(benchEnvProblems(ROOT, doc), [
    'service loadtest: the bench reads GENERATOR, which its environment does not pass through',
    'service loadtest: the bench reads GIT_SHA, which its environment does not pass through']);
});

test('variables are read as Compose reads them with an empty environment', () => {
  assert.deepEqual(interpolate({ a: '${X:-0-1},${Y:-3}', b: ['$${status}', '${Z}'] }), { a: '0-1,3', b: ['${status}', ''] });
});

test('images are pinned by a tag naming a whole version, or by digest; not latest, not a moving major tag', () => {
  for (const ref of ['mariadb:10.11.19', 'eclipse-temurin:25.0.3_9-jre-noble', 'localhost:5000/x:1.2.3', 'x@sha256:ab']) assert.ok(pinned(ref), ref);
  for (const ref of ['mariadb', 'mariadb:latest', 'mariadb:10.11', 'node:20', 'localhost:5000/x', 'node:${NODE}']) assert.ok(!pinned(ref), ref);
});

test('a Dockerfile: missing or ignored COPY sources, unpinned images and a CMD other than the start line fail', () => {
  const dockerfile = [
    '# comment', 'FROM node:20 AS build', 'COPY node-express/package.json \\', '     node-express/nope.json ./',
    'FROM build', 'COPY --from=build /x /x', 'COPY --from=busybox /bin/sh /bin/sh', 'COPY node-express/node_modules nm',
    'CMD ["node", "src/other.js"]', '',
  ].join('\n');
  const root = checkout({ 'node-express/Dockerfile': dockerfile });
  assert.deepEqual(dockerfileProblems(root, 'node-express/Dockerfile', { start: 'node src/server.js' }), [
    'node-express/Dockerfile: FROM node:20 is not pinned by a tag',
    `node-express/Dockerfile: FROM node:20 is not Node.js ${NODE_VERSION} (.node-version)`,
    'node-express/Dockerfile: COPY source node-express/nope.json is not in the build context',
    'node-express/Dockerfile: COPY --from=busybox is not pinned by a tag',
    'node-express/Dockerfile: COPY source node-express/node_modules is excluded by .dockerignore',
    'node-express/Dockerfile: CMD runs "node src/other.js", stack.json\'s start line is "node src/server.js"',
  ]);
});

test('build args and ENV are substituted as Docker does; a name without value is kept and reported', () => {
  const unset = [];
  assert.equal(substitute('${STACK}/src $STACK.jar ${X:-d} ${STACK:+y} ${NONE}', { STACK: 'java-vertx', X: '' }, unset),
    'java-vertx/src java-vertx.jar d y ${NONE}');
  assert.deepEqual(unset, ['NONE']);
});

test('the shared Java Dockerfile is read with each service\'s build args: COPY sources, EXPOSE and CMD per stack', () => {
  const doc = readCompose(ROOT);
  doc.services['java-vertx'].build.args = { STACK: 'java-vertx', PORT: '9082' };
  doc.services['java-spring5'].build.args = { PORT: '8083', JDK: '25' };
  doc.services['java-mvc-jpa'].build.args = ['STACK=java-mvc-jpa', 'PORT=8084'];
  const root = checkout({
    'docker-compose.yml': stringify(doc),
    'java-reactor/stack.json': JSON.stringify({ ...stackJson('java-reactor'), start: 'java -jar target/reactor.jar' }),
  });
  const problems = composeProblems(root);
  const expected = [
    'java.Dockerfile (STACK=java-reactor PORT=8081): CMD runs "$JAVA_HOME/bin/java $JAVA_OPTS -jar ' +
      'target/java-reactor.jar", stack.json\'s start line is "java -jar target/reactor.jar"',
    'java.Dockerfile (STACK=java-vertx PORT=9082): EXPOSE 9082, stack.json\'s port is 8082',
    'java-spring5: the service must build from the repository root (context ".") java-spring5/Dockerfile, or a shared ' +
      'Dockerfile with the build arg STACK=java-spring5',
    'java.Dockerfile (PORT=8083 JDK=25): COPY ${STACK}/pom.xml: ${STACK} has no value (no build arg, ARG default or ENV)',
    'java.Dockerfile (PORT=8083 JDK=25): build arg JDK is given, but no ARG declares it',
  ];
  for (const problem of expected) assert.ok(problems.includes(problem), `${problem} in:\n${problems.join('\n')}`);
  assert.ok(!problems.some((p) => p.includes('java-mvc-jpa')), problems.join('\n'));
});

test('a stack\'s own Dockerfile left beside the shared one its service builds is reported', () => {
  const root = checkout({ 'java-reactor/Dockerfile': 'FROM eclipse-temurin:25.0.3_9-jre-noble\n' });
  assert.deepEqual(composeProblems(root), ['java-reactor/Dockerfile: left over, its service builds java.Dockerfile']);
});

test('a COPY source that a build arg names is checked in the build context, and EXPOSE against stack.json', () => {
  const dockerfile = [`FROM node:${NODE_VERSION}-trixie-slim`, 'ARG STACK', 'ARG PORT=8085', 'COPY ${STACK}/package.json ./',
    'EXPOSE $PORT', 'ENV APP=src/server.js', 'CMD ["sh", "-c", "exec node $APP"]', ''].join('\n');
  const root = checkout({ 'node.Dockerfile': dockerfile });
  assert.deepEqual(dockerfileProblems(root, 'node.Dockerfile', { args: { STACK: 'node-express' }, start: 'node src/server.js', port: 8085 }), []);
  assert.deepEqual(dockerfileProblems(root, 'node.Dockerfile', { args: { STACK: 'node-koa', PORT: '8087' }, start: 'node src/server.js', port: 8087 }),
    ['node.Dockerfile (STACK=node-koa PORT=8087): COPY source node-koa/package.json is not in the build context']);
});

test('the load generator image takes every stack.json by a wildcard, so the bench sees the same stacks', () => {
  const file = readFileSync(join(ROOT, 'harness/runtimes/compose/loadtest.Dockerfile'), 'utf8');
  const wildcard = 'cp --parents */stack.json /stacks/';
  assert.ok(file.includes(wildcard), 'the stacks stage copies */stack.json');
  // harness/ is a link into this checkout: the altered Dockerfile goes to the top, and the service points there.
  const doc = readCompose(ROOT);
  doc.services.loadtest.build.dockerfile = 'loadtest.Dockerfile';
  const without = checkout({
    'loadtest.Dockerfile': file.replace(wildcard, 'cp --parents java-*/stack.json /stacks/'),
    'docker-compose.yml': stringify(doc),
  });
  assert.ok(composeProblems(without).includes('loadtest.Dockerfile: does not take every */stack.json'));
  const byName = checkout({
    'loadtest.Dockerfile': `${file}COPY node-cluster/stack.json node-cluster/\n`,
    'docker-compose.yml': stringify(doc),
  });
  assert.ok(composeProblems(byName).includes(
    'loadtest.Dockerfile: copies node-cluster/stack.json by name; */stack.json takes every stack\'s'));
});

test('make up, bench and down go through docker compose with RUNTIME=compose, natively with RUNTIME=native', () => {
  const make = (...args) => spawnSync('make', ['-n', '-s', '--no-print-directory', ...args], { cwd: ROOT, encoding: 'utf8' });
  const compose = make('up', 'bench', 'down', 'RUNTIME=compose', 'STACKS=node-express java-vertx:eventbus');
  assert.equal(compose.status, 0, compose.stderr);
  const lines = compose.stdout.trim().split('\n');
  assert.deepEqual(lines.filter((l) => !l.includes(' run ')), [
    'harness/runtimes/compose/standins.sh ensure',
    'if command -v node >/dev/null; then node harness/runtimes/native/ports.mjs compose node-express java-vertx:eventbus; fi',
    'docker compose up --detach --build --wait node-express java-vertx',
    'docker compose ps',
    'docker compose --profile bench build',
    'docker compose stop node-express java-vertx',
  ]);
  // The image has no .git and the container runs as root: the host's git state and user go in as variables.
  assert.match(lines.filter((l) => l.includes(' run '))[0], /^GIT_SHA=[0-9a-f]{40} +GIT_DIRTY=(true|false) +RESULTS_OWNER=\d+:\d+ +docker compose --profile bench run --rm loadtest$/);
  const native = make('up', 'bench', 'down', 'RUNTIME=native', 'STACKS=node-express');
  assert.equal(native.status, 0, native.stderr);
  assert.doesNotMatch(native.stdout, /docker/);
  for (const line of ['harness/runtimes/native/db.sh up', 'node harness/runtimes/native/stacks.mjs up', 'node loadtest/bench.mjs', 'node harness/runtimes/native/stacks.mjs down']) {
    assert.ok(native.stdout.split('\n').includes(line), `${line} in:\n${native.stdout}`);
  }
  const wrong = make('up', 'RUNTIME=podman');
  assert.notEqual(wrong.status, 0);
  assert.match(wrong.stderr, /RUNTIME must be native or compose, not "podman"/);
});

test('make test is native even with an engine answering; conformance and faults go to containers only when told', () => {
  const make = (...args) => spawnSync('make', ['-n', '-s', '--no-print-directory', ...args], { cwd: ROOT, encoding: 'utf8' });
  const suite = make('test', 'RUNTIME=compose');
  assert.equal(suite.status, 0, suite.stderr);
  for (const target of ['layout', 'format-check', 'unit', 'conformance', 'faults', 'harness-test', 'hosts-test']) {
    assert.match(suite.stdout, new RegExp(`make.* ${target} RUNTIME=native$`, 'm'), `make test runs ${target} natively`);
  }
  const compose = make('conformance', 'faults', 'RUNTIME=compose');
  assert.match(compose.stdout, /^RUNTIME=compose node harness\/runtimes\/native\/stacks\.mjs conformance$/m);
  assert.match(compose.stdout, /^RUNTIME=compose node harness\/checks\/faults\.mjs$/m);
  assert.doesNotMatch(compose.stdout, /db\.sh up/, 'no native MariaDB beside the compose one');
  // The engine make engine started (its pid file) leaves the detected default native.
  const runDir = mkdtempSync(join(tmpdir(), 'engine-'));
  mkdirSync(join(runDir, 'engine'));
  writeFileSync(join(runDir, 'engine/dockerd.pid'), String(process.pid));
  const detected = make('up', 'STACKS=node-express', `RUN_DIR=${runDir}`);
  assert.equal(detected.status, 0, detected.stderr);
  assert.doesNotMatch(detected.stdout, /docker compose/);
  assert.match(detected.stdout, /^node harness\/runtimes\/native\/stacks\.mjs up$/m);
  rmSync(runDir, { recursive: true });
});

test('a Node.js image runs the version of .node-version, as the native runtime does', () => {
  assert.equal(nodeVersionProblem(ROOT, `node:${NODE_VERSION}-trixie-slim`), null);
  assert.equal(nodeVersionProblem(ROOT, 'eclipse-temurin:25.0.3_9-jre-noble'), null);
  assert.equal(nodeVersionProblem(ROOT, 'node:20.20.2-bookworm-slim'),
    `node:20.20.2-bookworm-slim is not Node.js ${NODE_VERSION} (.node-version)`);
});

test('a container\'s memory is counted as Pss counts a process tree: anonymous and mapped, not read-only page cache', () => {
  const v1 = 'cache 104857600\nrss 1000\nmapped_file 20\ntotal_cache 104857600\ntotal_rss 30000000\ntotal_mapped_file 5000000\ntotal_inactive_file 4096\n';
  assert.equal(memoryStatBytes(v1, true), 35_000_000);
  const v2 = 'anon 30000000\nfile 104857600\nfile_mapped 5000000\ninactive_file 4096\n';
  assert.equal(memoryStatBytes(v2, false), 35_000_000);
  assert.throws(() => memoryStatBytes('cache 1\n', true), /no anonymous and mapped-file counts/);
});

test('a stack service published on every interface is a problem: its port belongs on the host\'s loopback', () => {
  const doc = readCompose(ROOT);
  const wide = { ...doc, services: { ...doc.services, 'java-reactor': { ...doc.services['java-reactor'], ports: ['8081:8081'] },
    'java-vertx': { ...doc.services['java-vertx'], ports: [{ target: 8082, published: '8082', host_ip: '0.0.0.0' }] } } };
  const problems = stackProblems(wide, loadStacks(ROOT));
  assert.ok(problems.includes('java-reactor: its docker-compose.yml service publishes on every interface: publish "127.0.0.1:8081:8081"'), problems.join('\n'));
  assert.ok(problems.includes('java-vertx: its docker-compose.yml service publishes on 0.0.0.0: publish "127.0.0.1:8082:8082"'), problems.join('\n'));
  assert.deepEqual(stackProblems(doc, loadStacks(ROOT)), []);
});
