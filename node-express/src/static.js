'use strict';

const fs = require('node:fs');
const path = require('node:path');
const express = require('express');
const { HttpError } = require('./errors');
const { originForm } = require('./request-target');
const { pathSegments, contentType, notFound } = require('./static-path');
const { repairRange } = require('./byte-range');
const { repairIfModifiedSince } = require('./http-date');

const ALLOW = { Allow: 'GET, HEAD' };

// GET/HEAD /static/<path>: express.static (send) streams the file with Content-Length, Accept-Ranges,
// Last-Modified, ETag, 304 and single-range 206/416. In front of it, `contain` makes sure that only regular
// files inside STATIC_ROOT are ever handed to it, symlinks resolved.
function staticFiles(root) {
  const realRoot = realpathOrSelf(root);
  const serve = express.static(root, {
    dotfiles: 'ignore',
    index: false,
    redirect: false,
    fallthrough: false, // its errors (416 with Content-Range, 412) go to the JSON error handler
    acceptRanges: true,
    lastModified: true,
    etag: true,
    setHeaders: (res, file) => res.setHeader('Content-Type', contentType(file)),
  });

  async function contain(req, res, next) {
    // "/static" alone is no route (spec/API.md §1.4), in origin or absolute form.
    if (!originForm(req.originalUrl).startsWith('/static/')) throw notFound();
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'Method not allowed', ALLOW);
    const segments = pathSegments(req.path);
    let real;
    try {
      real = await fs.promises.realpath(path.join(realRoot, ...segments));
    } catch {
      throw notFound();
    }
    if (!real.startsWith(realRoot + path.sep)) throw notFound();
    const stats = await fs.promises.stat(real).catch(() => null);
    if (!stats?.isFile()) throw notFound();
    repairRange(req, stats.size);
    repairIfModifiedSince(req);
    next();
  }

  return [contain, serve];
}

// At start-up only: STATIC_ROOT may be generated after the server starts, then nothing is found until it is.
function realpathOrSelf(root) {
  try {
    return fs.realpathSync(root);
  } catch {
    return root;
  }
}

module.exports = { staticFiles };
