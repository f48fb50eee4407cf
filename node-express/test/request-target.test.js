'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { hostProblem, originForm, requestProblem } = require('../src/request-target');

// A request as Node's parser leaves it: rawHeaders as name/value pairs, req.headers keeping the first Host.
function request(url, hosts, httpVersion = '1.1') {
  const rawHeaders = hosts.flatMap((host) => ['Host', host]);
  const httpVersionMajor = Number(httpVersion.split('.')[0]);
  return { url, httpVersion, httpVersionMajor, rawHeaders, headers: hosts.length ? { host: hosts[0] } : {} };
}

test('one Host header, or none in HTTP/1.0, is fine; two, or none in HTTP/1.1, are not', () => {
  assert.equal(hostProblem(request('/hello', ['h:1'])), null);
  assert.equal(hostProblem(request('/hello', [], '1.0')), null);
  assert.match(hostProblem(request('/hello', ['h:1', 'other'])), /More than one/);
  assert.match(hostProblem(request('/hello', [])), /No Host/);
});

test('an absolute-form target names the Host header host, compared as text without case and without userinfo', () => {
  assert.equal(hostProblem(request('http://H:1/hello', ['h:1'])), null);
  assert.equal(hostProblem(request('http://user:pw@h:1/hello', ['h:1'])), null);
  assert.match(hostProblem(request('http://other/hello', ['h:1'])), /differs/);
  assert.match(hostProblem(request('http://h/hello', ['h:80'])), /differs/);
  assert.equal(hostProblem(request('http://anything/hello', [], '1.0')), null);
});

test('a target is read in origin form', () => {
  assert.equal(originForm('/static/a?b'), '/static/a?b');
  assert.equal(originForm('http://h:1/static/a?b'), '/static/a?b');
  assert.equal(originForm('HTTP://h:1'), '/');
  assert.equal(originForm('http://h:1?x=1'), '/?x=1');
  assert.equal(originForm('*'), '*');
});

test('whatever the route: another major version is a 505, a fragment in the target a 400, then the host', () => {
  assert.equal(requestProblem(request('/hello?a=1', ['h:1'])), null);
  assert.equal(requestProblem(request('/hello', [], '1.0')), null);
  for (const version of ['2.0', '0.9'])
    assert.equal(requestProblem(request('/hello', ['h:1'], version))[0], 505);
  for (const url of ['/hello#x', '/hello?a=1#x', '/no-such-route#', 'http://h:1/hello#x'])
    assert.equal(requestProblem(request(url, ['h:1']))[0], 400, url);
  assert.deepEqual(requestProblem(request('/hello', [])), [400, 'No Host header']);
});
