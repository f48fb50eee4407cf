'use strict';

const { readConfig } = require('../../node-express/src/config');
const { createServer, exitAfterShutdown } = require('../../node-express/src/app');
const { createClusterRooms } = require('./cluster-rooms');

// One worker: node-express's server, unchanged, with this worker's share of the pool and the cluster-wide
// chat rooms. It prints nothing; the primary prints the start-up line once every worker listens.
const config = readConfig(); // PORT comes from the primary
config.db.poolSize = Number(process.env.NODE_CLUSTER_POOL_SHARE) || config.db.poolSize;
const { server, shutdown } = createServer(config, { rooms: createClusterRooms(process) });

server.listen(config.port, config.listenHost);

// SIGTERM from the runner (to the whole process group) or forwarded by the primary; SIGINT from a terminal.
const stop = exitAfterShutdown(shutdown);
// The primary is gone (killed): drain and exit rather than linger without it.
process.on('disconnect', stop);
