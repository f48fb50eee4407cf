'use strict';

const http = require('node:http');
const { once } = require('node:events');
const express = require('express');
const { createDatabase } = require('./db');
const { createLocalRooms } = require('./chat-rooms');
const { requireMediaType, rawBody } = require('./body');
const { methodNotAllowed, checkRequest, notFound, errorHandler } = require('./errors');
const { answerClientError, trackAnswer } = require('./client-errors');
const { HEAD_BYTES } = require('./head-limits');
const { hello } = require('./hello');
const { health } = require('./health');
const { staticFiles } = require('./static');
const { echo } = require('./event');
const { bookings } = require('./bookings');
const { aggregates } = require('./aggregates');
const { attachChat, upgradeRequired } = require('./chat');
const { PROTOBUF, JSON_TYPE } = require('./booking-input');

const DRAIN_MS = 10_000;

// The express app: the whole route table of the contract, one line per route.
function createApp({ db, staticRoot }) {
  const app = express();
  app.disable('x-powered-by');
  // Dynamic routes are never cached: no ETag, and no 304 from res.send's freshness check, which has no setting
  // (If-None-Match: * would match). express.static (send) does its own conditional GET and keeps it.
  app.set('etag', false);
  Object.defineProperty(app.request, 'fresh', { configurable: true, get: () => false });
  app.enable('case sensitive routing'); // /Hello is an unknown route, as in every other stack
  app.enable('strict routing'); // and so is /hello/

  app.use(checkRequest);
  app.route('/hello').get(hello).all(methodNotAllowed('GET, HEAD'));
  app.route('/health').get(health(db.sequelize)).all(methodNotAllowed('GET, HEAD'));
  app.use('/static', staticFiles(staticRoot));
  app.route('/event').post(requireMediaType(JSON_TYPE), rawBody, echo).all(methodNotAllowed('POST'));
  app
    .route('/bookings')
    .post(requireMediaType(PROTOBUF, JSON_TYPE), rawBody, bookings(db))
    .all(methodNotAllowed('POST'));
  app.route('/aggregates').get(aggregates(db)).all(methodNotAllowed('GET, HEAD'));
  // express answers HEAD with the GET handler of a route that has no HEAD one: here that would be the 426.
  app.route('/chat').get(upgradeRequired).head(methodNotAllowed('GET')).all(methodNotAllowed('GET'));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}

// The HTTP server with the app and the chat endpoint, not yet listening. A multi-process stack calls this
// in each worker with its share of the pool and a cluster-wide `rooms` (see chat-rooms.js).
function createServer(config, { rooms = createLocalRooms() } = {}) {
  const db = createDatabase(config.db);
  const app = createApp({ db, staticRoot: config.staticRoot });
  // A missing Host is checkRequest's 400, with the JSON body (Node's own has none). Heads up to HEAD_BYTES reach
  // the contract's exact limits (head-limits.js).
  const server = http.createServer({ requireHostHeader: false, maxHeaderSize: HEAD_BYTES }, app);
  // What Node's parser refuses before express runs gets the JSON error body too (client-errors.js).
  server.on('request', trackAnswer);
  server.on('clientError', answerClientError);
  // Longer than the load generators' and proxies' idle timeouts, so the server never closes a connection
  // that a client is about to reuse; headersTimeout must exceed it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const chat = attachChat(server, rooms);

  // Stop accepting, let in-flight requests finish (10 s at most), close chat sockets with 1001, close the pool.
  async function shutdown() {
    const closed = once(server, 'close');
    server.close(); // also closes the keep-alive connections that are idle right now
    // Requests still arriving on open connections are served, as the last one on their connection,
    // and connections busy now are closed as soon as they become idle.
    server.prependListener('request', (req, res) => res.setHeader('Connection', 'close'));
    const sweeper = setInterval(() => server.closeIdleConnections(), 100);
    chat.closeAll();
    const deadline = setTimeout(() => {
      server.closeAllConnections();
      chat.terminateAll();
    }, DRAIN_MS);
    await closed;
    clearInterval(sweeper);
    clearTimeout(deadline);
    await db.sequelize.close();
  }

  return { app, server, db, shutdown };
}

// SIGTERM (and SIGINT from a terminal): drain once through `shutdown`, then exit 0, or 1 if draining failed.
// Returns the stop function so a node-cluster worker can also call it when its primary disappears.
function exitAfterShutdown(shutdown, signals = ['SIGTERM', 'SIGINT']) {
  let stopping = false;
  function stop() {
    if (stopping) return;
    stopping = true;
    shutdown().then(
      () => process.exit(0),
      (err) => {
        console.error(`shutdown failed: ${err.stack || err}`);
        process.exit(1);
      },
    );
  }
  for (const signal of signals) process.on(signal, stop);
  return stop;
}

module.exports = { createApp, createServer, exitAfterShutdown };
