'use strict';

const { QueryTypes } = require('sequelize');

const TIMEOUT_MS = 2000;

// GET /health: UP when `SELECT 1` through the stack's own pool answers within 2 s.
function health(sequelize) {
  return async (req, res) => {
    const up = await withTimeout(sequelize.query('SELECT 1', { type: QueryTypes.SELECT }), TIMEOUT_MS).then(
      () => true,
      () => false,
    );
    res.status(up ? 200 : 503).json({ status: up ? 'UP' : 'DOWN' });
  };
}

function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

module.exports = { health };
