#!/usr/bin/env node
// The write-up's Node side: hello on the plain `node:http` module and nothing else, answering as the NIO.2 server
// beside it does (Nio2Hello.java): GET and HEAD /hello 200 "Hello, World!", 405 for another method there, 404
// elsewhere, each with Content-Type and Content-Length (Node adds Date and the Connection headers itself). Its
// defaults stay: a backlog of 511, Nagle off, a 5 s keep-alive timeout. PORT (8092) is where it listens; one event
// loop, as the write-up ran it. Run: `node harness/reproductions/aio/node-hello.mjs`, then `curl localhost:8092/hello`.
import { createServer } from 'node:http';

const HELLO = 'Hello, World!';
const TEXT = 'text/plain; charset=utf-8';

function answer(res, status, body, extra = {}) {
  res.writeHead(status, { 'Content-Type': TEXT, 'Content-Length': Buffer.byteLength(body), ...extra });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

const server = createServer((req, res) => {
  const path = req.url.split('?')[0];
  if (path !== '/hello') answer(res, 404, 'Not Found');
  else if (req.method !== 'GET' && req.method !== 'HEAD') answer(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
  else answer(res, 200, HELLO);
});

const port = Number(process.env.PORT || 8092);
server.listen(port, () => {
  console.log(`aio-node listening on port ${server.address().port}, one event loop, Node.js ${process.version}`);
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
}
