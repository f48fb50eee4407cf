'use strict';

const { readConfig } = require('./config');
const { createServer } = require('./app');

// Entry point of the single-process stack: one event loop, so workers=1 whatever WORKERS says.
const config = readConfig();
const { server, shutdown } = createServer(config);

server.listen(config.port, () => {
  console.log(
    `node-express listening on port ${server.address().port}, workers=1, ` +
      `db pool=${config.db.poolSize}, node ${process.version}`,
  );
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    shutdown().then(
      () => process.exit(0),
      (err) => {
        console.error(`shutdown failed: ${err.stack || err}`);
        process.exit(1);
      },
    );
  });
}
