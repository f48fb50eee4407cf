'use strict';

const { readConfig } = require('./config');
const { createServer, exitAfterShutdown } = require('./app');

// Entry point of the single-process stack: one event loop, so workers=1 whatever WORKERS says.
const config = readConfig();
const { server, shutdown } = createServer(config);

server.listen(config.port, config.listenHost, () => {
  console.log(
    `node-express listening on port ${server.address().port}, workers=1, ` +
      `db pool=${config.db.poolSize}, node ${process.version}`,
  );
});

exitAfterShutdown(shutdown);
