// The names the ceilings' rows go by in a run's summary, its tables and its report.
export const CEILING = 'nginx (ceiling)';
// The bookings ceiling is no nginx: the bookings transaction driven straight at MariaDB (ceilings/bookings-ceiling.mjs),
// run in the ceiling's session of each repeat.
export const BOOKINGS_CEILING = 'bookings ceiling (no HTTP)';
// The chat ceiling is a relay of the chat protocol and nothing else (ceilings/chat-relay.mjs), driven by the same client.
export const CHAT_CEILING = 'chat ceiling (relay)';
export const isCeiling = (server) => server === CEILING || server === BOOKINGS_CEILING || server === CHAT_CEILING;
