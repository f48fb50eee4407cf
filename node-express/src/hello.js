'use strict';

// GET /hello: the baseline for framework overhead, so nothing but express itself runs here.
function hello(req, res) {
  res.type('text/plain').send('Hello, World!');
}

module.exports = { hello };
