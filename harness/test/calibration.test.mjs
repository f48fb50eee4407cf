// make calibrate's reading of a TechEmpower checkout and its arithmetic (harness/reproductions/calibrate/calibration.mjs); the runs
// themselves need the user's checkout and are not part of make test.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { loadStacks } from '../lib/stacks.mjs';
import { calibrationTable, cpuMicrosPerRequest, dockerfileFlags, entriesOf, entryEnv, entryOf, expandVars, missingFlags, overridesOf, summariseRounds } from '../reproductions/calibrate/calibration.mjs';
import { wrkArgs } from '../../loadtest/generators/wrk.mjs';

test('every stack names its nearest entry with a build and a start command', () => {
  for (const stack of loadStacks()) {
    const c = stack.calibration;
    assert.ok(c?.entry?.startsWith('frameworks/'), `${stack.name}: calibration.entry`);
    assert.ok(c.build && c.start && c.dockerfile, `${stack.name}: calibration.build, start and dockerfile`);
    // One command: a build of several steps is a script in the stack's directory, which the build names.
    assert.doesNotMatch(c.build, /&&|;|\|/, `${stack.name}: calibration.build runs several steps; put them in $STACK_DIR/calibration-build.sh`);
    for (const [, script] of c.build.matchAll(/\$STACK_DIR\/([\w./-]+)/g)) {
      const syntax = spawnSync('sh', ['-n', join(stack.dir, script)], { encoding: 'utf8' });
      assert.equal(syntax.status, 0, `${stack.name}: ${script}: ${syntax.stderr}`);
    }
    if (!c.own) continue;
    assert.ok(c.own.name && c.own.start && c.own.port && c.own.path?.startsWith('/'), `${stack.name}: calibration.own name, start, port and path`);
    for (const source of c.own.start.match(/\S+\.java\b/g) ?? []) assert.ok(existsSync(join(stack.dir, source)), `${stack.name}: ${source}`);
  }
});

test('a framework with no entry of its own: the nearest entry as a ceiling, the own entry beside it, and only the own one judged', () => {
  const tfb = mkdtempSync(join(tmpdir(), 'tfb-'));
  mkdirSync(join(tfb, 'frameworks/Java/below'), { recursive: true });
  writeFileSync(join(tfb, 'frameworks/Java/below/benchmark_config.json'),
    JSON.stringify({ tests: [{ default: { plaintext_url: '/plaintext', json_url: '/json', port: 8080 } }] }));
  const stack = { name: 's', dir: '/stacks/s', calibration: { entry: 'frameworks/Java/below', ceiling: true, build: 'b', start: 'java -jar x.jar',
    own: { name: 'mine', start: 'java Mine.java', port: 8180, path: '/plaintext' } } };
  const [theirs, own] = entriesOf(stack, tfb);
  assert.equal(theirs.ceiling, true);
  assert.deepEqual({ name: own.name, dir: own.dir, port: own.port, paths: own.paths, own: own.own, ceiling: own.ceiling, build: own.build },
    { name: 'mine', dir: '/stacks/s', port: 8180, paths: { hello: '/plaintext' }, own: true, ceiling: false, build: null }, 'hello only, run where the stack is');
  assert.equal(entriesOf({ ...stack, calibration: { ...stack.calibration, own: undefined } }, tfb).length, 1);
  const shared = { ...stack, calibration: { ...stack.calibration, env: { FLAGS: '-XX:+UseNUMA' } } };
  assert.deepEqual(entriesOf(shared, tfb).map((e) => e.env), [{ FLAGS: '-XX:+UseNUMA' }, { FLAGS: '-XX:+UseNUMA' }], 'calibration.env: both start with it');
  const run = (throughput) => ({ throughput, serverCpuPercent: 100, bound: 'server' });
  const summary = summariseRounds([{ ours: run(700), theirs: run(1000) }]);
  const table = calibrationTable([{ stack: 's', workload: 'hello', entry: 'below', path: '/plaintext', ceiling: true, summary },
    { stack: 's', workload: 'hello', entry: 'mine', path: '/plaintext', ceiling: false, summary: summariseRounds([{ ours: run(950), theirs: run(1000) }]) }]);
  assert.match(table, /\| s \| hello \| below .*\| 0\.70 \| .*a layer below the framework, for the record: no verdict/);
  assert.match(table, /\| s \| hello \| mine .*\| 0\.95 \| .*ok \(≥ 0\.90\)/);
});

test('an entry is read from its benchmark_config.json: port, and our workloads paired with its URLs', () => {
  const tfb = mkdtempSync(join(tmpdir(), 'tfb-'));
  mkdirSync(join(tfb, 'frameworks/Java/x'), { recursive: true });
  writeFileSync(join(tfb, 'frameworks/Java/x/benchmark_config.json'),
    JSON.stringify({ tests: [{ default: { plaintext_url: '/plaintext', port: 8080, approach: 'Realistic' } }] }));
  const entry = entryOf({ name: 's', calibration: { entry: 'frameworks/Java/x', build: 'b', start: 'java -jar x.jar' } }, tfb);
  assert.equal(entry.port, 8080);
  assert.deepEqual(entry.paths, { hello: '/plaintext' }, 'no json_url: no echo row');
  assert.throws(() => entryOf({ name: 's', calibration: { entry: 'frameworks/Java/none' } }, tfb), /TFB_DIR must be a checkout/);
});

test("a start's shared flags are read through calibration.env when checked against the Dockerfile", () => {
  const vars = { ENTRY_JAVA_OPTS: '-XX:+UseNUMA -Dio.netty.noUnsafe=false' };
  assert.equal(expandVars('$JAVA_HOME/bin/java $ENTRY_JAVA_OPTS -jar ${JAR}', vars), '$JAVA_HOME/bin/java -XX:+UseNUMA -Dio.netty.noUnsafe=false -jar ${JAR}');
  const dockerfile = 'FROM x\nCMD ["java", "-XX:+UseNUMA", "-Dio.netty.noUnsafe=false", "-jar", "app.jar"]\n';
  assert.deepEqual(missingFlags(dockerfile, expandVars('java $ENTRY_JAVA_OPTS -jar app.jar', vars)), []);
  assert.deepEqual(missingFlags(dockerfile, 'java $ENTRY_JAVA_OPTS -jar app.jar'), ['-XX:UseNUMA', '-Dio.netty.noUnsafe'], 'unexpanded, they would be missing');
  for (const stack of loadStacks().filter((s) => s.calibration?.env)) {
    for (const start of [stack.calibration.start, stack.calibration.own?.start].filter(Boolean)) {
      assert.doesNotMatch(expandVars(start, stack.calibration.env), /\$(?!JAVA_HOME\b|MVNW\b)\{?\w/, `${stack.name}: ${start} names no variable it lacks`);
    }
  }
});

test("the flags of a Dockerfile's CMD, JSON or shell form, and those our start command lacks", () => {
  const json = 'FROM x\nCMD ["java", "-Xms2G", "-XX:+UseParallelGC", "-Dvertx.disableMetrics=true", "-jar", "app.jar"]\n';
  assert.deepEqual(dockerfileFlags(json), ['-Xms2G', '-XX:UseParallelGC', '-Dvertx.disableMetrics']);
  const shell = 'FROM x\nRUN mvn -Dskip=true package\nCMD java \\\n    -server \\\n    -Dvertx.eventLoopPoolSize=$((`nproc`)) \\\n    -jar app.jar\n';
  assert.deepEqual(dockerfileFlags(shell), ['-Dvertx.eventLoopPoolSize'], 'RUN lines are not the start');
  assert.deepEqual(missingFlags(json, 'java -XX:+UseParallelGC -Dvertx.disableMetrics=false -jar app.jar'), ['-Xms2G'],
    'a flag counts by name; its value may differ');
});

test('pairs give per-pair ratios grouped by round, the median of those server-bound on both sides, CPU per request, and a verdict when at least half are', () => {
  const run = (throughput, bound = 'server', serverCpuPercent = 100) => ({ throughput, serverCpuPercent, bound });
  const s = summariseRounds([{ ours: run(900), theirs: run(1000) }, { ours: run(1000), theirs: run(1000) }, { ours: run(1100), theirs: run(1000) }]);
  assert.deepEqual(s.ratios.map((r) => r.toFixed(2)), ['0.90', '1.00', '1.10']);
  assert.equal(s.ratio, 1);
  assert.equal(s.ours.cpuMicros, 1000);
  assert.equal(s.serverBound, true);
  assert.equal(cpuMicrosPerRequest(20_000, 50), 25);
  const unsampled = summariseRounds([{ ours: run(1000), theirs: run(1000) }, { ours: run(500, 'server', null), theirs: run(1000) }]);
  assert.equal(unsampled.ours.cpuMicros, 1000, 'a run without a CPU sample is left out of the median, not counted as NaN');
  const unbound = summariseRounds([{ ours: run(500, 'generator', 60), theirs: run(1000) }]);
  assert.equal(unbound.serverBound, false);
  const table = calibrationTable([{ stack: 'a', workload: 'hello', entry: 'e', path: '/plaintext', summary: unbound },
    { stack: 'b', workload: 'hello', entry: 'e', path: '/plaintext', summary: summariseRounds([{ ours: run(800), theirs: run(1000) }]) },
    { stack: 'c', workload: 'hello', entry: 'e', error: 'could not build e' }]);
  assert.match(table, /\| a \| hello .*no verdict/);
  assert.match(table, /\| b \| hello .*\| 0\.80 \| .*BELOW 0\.90/);
  assert.match(table, /\| c \| hello .*could not build e/);
  const echo = calibrationTable([{ stack: 'd', workload: 'echo', entry: 'e', path: '/json', summary: summariseRounds([{ ours: run(500), theirs: run(1000) }]) }]);
  assert.match(echo, /\| d \| echo .*\| 0\.50 \| .*not the same work .*no verdict/, 'echo beside /json is recorded, never judged');
  assert.equal(summariseRounds([{ ours: run(800), theirs: { throughput: null } }]).failed, 1);
  const paired = summariseRounds([{ round: 1, ours: run(840), theirs: run(1000) }, { round: 1, ours: run(860), theirs: run(1000) },
    { round: 2, ours: run(800), theirs: run(1000) }, { round: 2, ours: run(820), theirs: run(1000) }]);
  assert.match(calibrationTable([{ stack: 'p', workload: 'hello', entry: 'e', path: '/plaintext', summary: paired }]),
    /\| p \| hello \| e \(\/plaintext\) \| 0\.84, 0\.86; 0\.80, 0\.82 \| 0\.83 \| 0\.80–0\.84 \|/, 'a round of pairs per start of both servers, and the quartiles of the pairs');
  // The counted pairs' 95 % t-interval: mean 0.83, sd 0.02582, t(0.975, 3) = 3.182446: ±0.0411.
  assert.match(calibrationTable([{ stack: 'p', workload: 'hello', entry: 'e', path: '/plaintext', summary: paired }]),
    /\| 0\.83 \| 0\.80–0\.84 \| 0\.79–0\.87 \|/, 'ours ÷ theirs with an interval of its own');
  const dipped = summariseRounds([{ round: 1, ours: run(300, 'none', 50), theirs: run(1000) }, { round: 1, ours: run(900), theirs: run(1000) },
    { round: 2, ours: run(800), theirs: run(1000) }, { round: 2, ours: run(1000), theirs: run(1000) }]);
  assert.equal(dipped.ratio, 0.9, 'a pair with a side not server-bound is left out of the median');
  assert.deepEqual(dipped.quartiles, [0.8, 1], 'and out of the quartiles (nearest rank of 0.80, 0.90, 1.00)');
  assert.equal(dipped.ours.cpuMicros, 1e6 / 900, 'and out of CPU per request');
  assert.match(calibrationTable([{ stack: 'q', workload: 'hello', entry: 'e', path: '/plaintext', summary: dipped }]),
    /\| q \| hello \| e \(\/plaintext\) \| \(0\.30\), 0\.90; 0\.80, 1\.00 \| 0\.90 \| .*ok \(≥ 0\.90\)/, 'shown in brackets; three of four still judge');
  const mostlyDipped = summariseRounds([{ ours: run(300, 'none', 50), theirs: run(1000) }, { ours: run(500, 'generator', 60), theirs: run(1000) },
    { ours: run(950), theirs: run(1000) }]);
  assert.equal(mostlyDipped.serverBound, false, 'one pair of three counted: no verdict');
});

test("wrk takes an entry's path for a GET workload, and refuses one for a workload with a body", () => {
  const args = wrkArgs({ workload: 'hello', port: 8080, connections: 10, durationSeconds: 1, path: '/json' });
  assert.equal(args.find((a) => a.startsWith('http://')), 'http://127.0.0.1:8080/json');
  assert.throws(() => wrkArgs({ workload: 'echo', port: 8080, connections: 10, durationSeconds: 1, path: '/json' }), /only a GET workload/);
});

test('an entry starts without the variables that configure our stack, with its own', () => {
  const env = { PATH: '/bin', JAVA_OPTS: '-XX:+UseParallelGC', CHAT_FANOUT: 'direct', TFB_DIR: '/t' };
  assert.deepEqual(entryEnv(env, { env: {} }, ['JAVA_OPTS', 'CHAT_FANOUT']), { PATH: '/bin', TFB_DIR: '/t' });
  assert.deepEqual(entryEnv(env, { env: { JAVA_OPTS: '-Xss1m' } }, ['JAVA_OPTS']), { PATH: '/bin', CHAT_FANOUT: 'direct', TFB_DIR: '/t', JAVA_OPTS: '-Xss1m' });
});

test('a run of ours with a variable of its stack.json set otherwise names it in its row', () => {
  const stackEnv = { JAVA_OPTS: '-XX:+UseParallelGC', CHAT_FANOUT: 'direct' };
  assert.deepEqual(overridesOf(stackEnv, { JAVA_OPTS: '-XX:+UseG1GC', CHAT_FANOUT: 'direct', PATH: '/bin' }), { JAVA_OPTS: '-XX:+UseG1GC' });
  assert.deepEqual(overridesOf(stackEnv, { PATH: '/bin' }), {});
  const run = (throughput) => ({ throughput, serverCpuPercent: 100, bound: 'server' });
  const summary = summariseRounds([{ ours: run(900), theirs: run(1000) }]);
  const table = calibrationTable([{ stack: 'p', workload: 'hello', entry: 'e', path: '/plaintext', overrides: { JAVA_OPTS: '-XX:+UseG1GC' }, summary }]);
  assert.match(table, /^\| p with JAVA_OPTS=-XX:\+UseG1GC \| hello \|/m);
});
