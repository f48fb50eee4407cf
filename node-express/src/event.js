'use strict';

const { readEvent } = require('./event-json');

// POST /event (after requireMediaType and rawBody): the body bound onto Event and written back by res.json.
function echo(req, res) {
  res.json(readEvent(req.body));
}

module.exports = { echo };
