'use strict';

const { WebSocketServer } = require('ws');
const { ChatConnection } = require('./chat-connection');
const { requestProblem, originForm } = require('./request-target');
const { refuseConnection } = require('./errors');

// What ws reads of one message (fragments reassembled) before it closes with 1009 itself, at once and ahead of
// any frame still waiting to be dealt with. The contract's 64 KiB limit is chat-connection.js's, checked in frame
// order so that an earlier violation's close wins (spec/API.md §7.4); this bound keeps the memory a message can
// take (ws's default is 100 MiB).
const MAX_PAYLOAD_BYTES = 1024 * 1024;
// After its close frame (a violation, or 1001 on shutdown) ws reads on until the peer's close frame, and cuts the
// connection when none has come by then (spec/API.md §1.5, §7.4; ws's default is 30 s).
const CLOSE_HANDSHAKE_MS = 2_000;

// Attaches the chat endpoint to `server`: upgrades on /chat only, each socket a ChatConnection in `rooms`.
// Refused upgrades get the JSON error body like every other route (ws's own refusals are text/html).
// Returns what shutdown needs: closing every chat socket with 1001, and cutting those still open after it.
function attachChat(server, rooms) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_PAYLOAD_BYTES,
    closeTimeout: CLOSE_HANDSHAKE_MS,
  });
  wss.on('connection', (ws, req) => new ChatConnection(ws, rooms, req.socket));
  // The 101 handshake is a response too: it carries Date like every other (ws leaves it out).
  wss.on('headers', (headers) => headers.push(`Date: ${new Date().toUTCString()}`));
  wss.on('wsClientError', (err, socket, req) => {
    if (req.method !== 'GET') refuseConnection(socket, 405, 'Method not allowed', { Allow: 'GET' });
    else refuseConnection(socket, 400, 'Invalid WebSocket handshake');
  });
  server.on('upgrade', (req, socket, head) => {
    const problem = requestProblem(req);
    if (problem) refuseConnection(socket, ...problem);
    else if (originForm(req.url).split('?', 1)[0] === '/chat') {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    } else {
      refuseConnection(socket, 404, 'Not found');
    }
  });
  return {
    closeAll() {
      for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
    },
    terminateAll() {
      for (const ws of wss.clients) ws.terminate();
    },
  };
}

// GET /chat without an upgrade.
function upgradeRequired(req, res) {
  res.status(426).set('Upgrade', 'websocket').json({ error: 'This endpoint speaks WebSocket only' });
}

module.exports = { attachChat, upgradeRequired };
