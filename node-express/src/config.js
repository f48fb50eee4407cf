'use strict';

const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');

// Configuration comes from the environment only; every variable has the contract's default.
function readConfig(env = process.env) {
  return {
    port: integer(env, 'PORT', 8085),
    listenHost: env.LISTEN_HOST || '127.0.0.1',
    staticRoot: path.resolve(env.STATIC_ROOT || path.join(REPO_ROOT, '.run', 'static')),
    db: {
      host: env.DB_HOST || '127.0.0.1',
      port: integer(env, 'DB_PORT', 3307),
      name: env.DB_NAME || 'bench',
      user: env.DB_USER || 'bench',
      password: env.DB_PASSWORD ?? 'bench',
      poolSize: integer(env, 'DB_POOL_SIZE', 32),
    },
  };
}

function integer(env, name, fallback) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^[1-9]\d*$/.test(text))
    throw new Error(`${name} must be a positive integer, got ${JSON.stringify(text)}`);
  return Number(text);
}

module.exports = { readConfig, REPO_ROOT };
