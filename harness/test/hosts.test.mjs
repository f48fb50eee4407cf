import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { hostsOf, loadgenHostsOf, quote, remoteCommand, sshArgs, runOn, mustRunOn } from '../lib/hosts.mjs';
import { ROOT } from '../lib/stacks.mjs';

test('roles: loopback or unset is this machine, any other address another host; compose keeps every role here', () => {
  const hosts = hostsOf({ SERVER_HOST: '198.18.0.1', DB_HOST: '127.0.0.1' });
  assert.deepEqual(Object.values(hosts).map((h) => [h.role, h.address, h.remote]),
    [['server', '198.18.0.1', true], ['db', '127.0.0.1', false], ['loadgen', '127.0.0.1', false]]);
  assert.equal(hostsOf({ LOADGEN_HOST: 'localhost' }).loadgen.remote, false);
  assert.equal(hostsOf({ DB_HOST: 'db', RUNTIME: 'compose' }).db.remote, false, 'the compose service "db" is not an ssh host');
});

test('LOADGEN_HOSTS: several load hosts, the first being LOADGEN_HOST; what cannot work is refused', () => {
  const env = { LOADGEN_HOSTS: '198.18.0.3, 198.18.0.4' };
  assert.deepEqual(loadgenHostsOf(env).map((h) => [h.role, h.address, h.remote]),
    [['loadgen', '198.18.0.3', true], ['loadgen', '198.18.0.4', true]]);
  assert.equal(hostsOf(env).loadgen.address, '198.18.0.3');
  assert.deepEqual(loadgenHostsOf({ LOADGEN_HOST: '198.18.0.3' }).map((h) => h.address), ['198.18.0.3']);
  assert.deepEqual(loadgenHostsOf({}).map((h) => h.remote), [false]);
  assert.deepEqual(loadgenHostsOf({ LOADGEN_HOSTS: '127.0.0.1 198.18.0.4' }).map((h) => h.remote), [false, true]);
  assert.throws(() => hostsOf({ ...env, LOADGEN_HOST: '198.18.0.4' }), /disagree/);
  assert.throws(() => loadgenHostsOf({ LOADGEN_HOSTS: '198.18.0.3 198.18.0.3' }), /names a host twice/);
  assert.throws(() => loadgenHostsOf({ LOADGEN_HOSTS: '127.0.0.1 localhost' }), /this machine twice/);
  assert.throws(() => loadgenHostsOf({ ...env, RUNTIME: 'compose' }), /compose runtime has one load generator/);
});

test('a remote command runs in the clone with the pinned tools first on PATH, every word quoted as sh reads it', () => {
  const words = ['printf', '%s|', 'plain', "it's", 'a b', '$HOME', '`x`'];
  const command = remoteCommand(words, { env: { STACKS: 'java-vertx:eventbus', EMPTY: '', JAVA_OPTS: '-Xmx1g -Da=b' } });
  assert.ok(command.startsWith(`cd ${ROOT} && export PATH="${ROOT}/.tools/node-`), command);
  assert.match(command, / STACKS=java-vertx:eventbus JAVA_OPTS='-Xmx1g -Da=b' && /);
  assert.doesNotMatch(command, /EMPTY/);
  const r = spawnSync('sh', ['-c', `${command}; printf '%s' "$JAVA_OPTS"`], { encoding: 'utf8' });
  assert.equal(r.stdout, "plain|it's|a b|$HOME|`x`|-Xmx1g -Da=b");
  assert.equal(quote('198.18.0.1'), '198.18.0.1');
  assert.deepEqual(sshArgs({ address: '198.18.0.2' }, 'true', { SSH_CONFIG: '/r/ssh_config' }),
    ['-F', '/r/ssh_config', '-o', 'BatchMode=yes', '-T', '198.18.0.2', 'true']);
});

test('on this machine a command runs as it is, in the clone; a failure says which host and what it printed', async () => {
  const here = hostsOf({}).server;
  assert.equal((await runOn(here, ['pwd'])).stdout.trim(), ROOT);
  assert.equal((await runOn(here, [], { shell: 'cat; echo "$X"', input: 'in\n', env: { X: 'x' } })).stdout, 'in\nx\n');
  await assert.rejects(mustRunOn(here, [], { shell: 'echo oops >&2; exit 3' }), /server host 127\.0\.0\.1: `echo oops >&2; exit 3` exited with 3:\noops/);
});
