#!/usr/bin/env node
// The ceiling service of the compose runtime (docker-compose.yml), and the ceiling on another server host
// (sampling/remote.mjs): loadtest/ceilings/nginx.conf with one worker per CPU it may use (the service's cpuset, or taskset), on
// port 8080 (CEILING_PORT) of LISTEN_HOST (every interface of the container's own network by default; the server
// host's address on another host), serving STATIC_ROOT. nginx runs in the foreground and gets its stop
// signal.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { CEILING_SERVICE, nginxCommand, writeConfig } from './ceiling.mjs';

const run = '/tmp/nginx';
const conf = writeConfig({ run, workers: availableParallelism(), listen: `${process.env.LISTEN_HOST || '0.0.0.0'}:${process.env.CEILING_PORT || CEILING_SERVICE.stack.port}`,
  staticRoot: process.env.STATIC_ROOT || '/static' });
const [command, ...args] = nginxCommand(run, conf);
const nginx = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => nginx.kill(signal === 'SIGTERM' ? 'SIGQUIT' : signal));
nginx.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
